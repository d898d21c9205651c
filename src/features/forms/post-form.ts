import { IDEMPOTENCY_KEY_HEADER } from '../../../core/forms';

/**
 * Sends a form as JSON to its endpoint (the product's API, or an external form-forwarding service)
 * and turns the answer into what the form shows. Never throws: no network is a result too.
 */
export type PostFailure = 'network' | 'rate-limited' | 'too-large' | 'server';

export type PostResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'fields'; readonly fieldErrors: Record<string, string> }
  | { readonly ok: false; readonly reason: PostFailure; readonly detail: string | null };

export type Fetcher = (input: string, init: RequestInit) => Promise<Response>;

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server's `{ fields: { name: message } }`, kept to the form's own fields. */
function knownFieldErrors(payload: unknown, fields: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  const reported = isRecord(payload) && isRecord(payload.fields) ? payload.fields : {};
  for (const field of fields) {
    const message = reported[field];
    if (typeof message === 'string' && message !== '') found[field] = message;
  }
  return found;
}

/** A new idempotency key: 128 random bits as 32 hex digits (core/forms.ts idempotencyKeySchema). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Posts the form. `key` is the submission's idempotency key: sent to the product's own API (an
 * endpoint on this site) so a retry is stored once; an external form service does not get it, as
 * an unknown header would make its browser check (CORS preflight) fail.
 */
export async function postForm(
  endpoint: string,
  body: Readonly<Record<string, string>>,
  fields: readonly string[],
  fetcher: Fetcher = (input, init) => fetch(input, init),
  key?: string,
): Promise<PostResult> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  if (key !== undefined && endpoint.startsWith('/')) headers[IDEMPOTENCY_KEY_HEADER] = key;
  let response: Response;
  try {
    response = await fetcher(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, reason: 'network', detail: null };
  }
  if (response.ok) return { ok: true };
  const payload = await readJson(response);
  const fieldErrors = knownFieldErrors(payload, fields);
  if (response.status === 400 && Object.keys(fieldErrors).length > 0) {
    return { ok: false, reason: 'fields', fieldErrors };
  }
  const detail =
    isRecord(payload) && typeof payload.error === 'string' && payload.error.trim() !== ''
      ? payload.error.trim()
      : null;
  if (response.status === 429) return { ok: false, reason: 'rate-limited', detail };
  if (response.status === 413) return { ok: false, reason: 'too-large', detail };
  return {
    ok: false,
    reason: 'server',
    detail: detail ?? `The server answered ${response.status} ${response.statusText}`.trim() + '.',
  };
}
