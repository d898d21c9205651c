import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  contactSchema,
  fieldErrors,
  idempotencyKeySchema,
  puzzleSubmissionSchema,
} from '../core/forms';
import { type InboxKind } from './db/inbox-store';
import { opaqueId, randomOpaqueId } from './db/server-secret';
import { QueueFullError, type InsertQueue } from './insert-queue';
import { namedRateLimit } from './rate-limits';

/**
 * POST /api/contact and POST /api/puzzle-submissions (docs/spec.md §7 fields), JSON or form-encoded.
 *   201 { id }                              stored: committed and flushed to disk
 *   400 { error, fields: { name: message } } a field is missing, wrong or not part of the form
 *   403 { error }                           sent by another website's page (refuseCrossSite)
 *   503 { error } + Retry-After             too many posts waiting to be stored (bounded queue)
 * A post with an Idempotency-Key header that was stored before is answered as the first time
 * (201 and the same id), and not stored again.
 *   413 / 415 / 429 { error }               too large, another content type, too many posts
 * A filled honeypot field is answered 201 and not stored.
 */
export const FORM_BODY_LIMIT = 32 * 1024;
export const ACCEPTED_TYPES = ['application/json', 'application/x-www-form-urlencoded'];

export const INVALID_FORM_MESSAGE = 'Some fields need your attention.';
export const NOT_AN_OBJECT_MESSAGE =
  'Please send the form fields as a JSON object or as form-encoded fields.';
export const CROSS_SITE_MESSAGE =
  'This form can only be sent from this site. Please use the form on our own pages.';
export const BAD_KEY_MESSAGE =
  'The Idempotency-Key header must be 16 to 128 letters, digits, hyphens or underscores.';
export const BUSY_MESSAGE =
  'We are receiving a lot of posts just now. Please try again in a few seconds.';
/** Seconds a client is asked to wait when the queue of posts is full. */
export const BUSY_RETRY_AFTER_S = 5;
export const STORE_FAILED_MESSAGE =
  'We could not save what you sent just now. Please try again in a minute.';

// The browser schemas strip unknown fields; the server refuses them, apart from the honeypot.
const strictContact = z.strictObject(contactSchema.shape);
const strictSubmission = z.strictObject(puzzleSubmissionSchema.shape);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHoneypotFilled(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

interface FormRoute<T> {
  url: string;
  schema: z.ZodMiniType<T>;
  kind: InboxKind;
}

function handler<T extends Record<string, string>>(
  queue: InsertQueue,
  secret: () => Promise<string>,
  route: FormRoute<T>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body;
    if (!isRecord(body)) return reply.code(400).send({ error: NOT_AN_OBJECT_MESSAGE, fields: {} });

    const keyHeader = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    const key = keyHeader === undefined ? null : idempotencyKeySchema.safeParse(keyHeader);
    if (key !== null && !key.success) {
      return reply.code(400).send({ error: BAD_KEY_MESSAGE, fields: {} });
    }

    const { [HONEYPOT_FIELD]: honeypot, ...fields } = body;
    if (isHoneypotFilled(honeypot)) {
      // Answered as a stored post is, with an id of the same shape: a bot learns nothing.
      request.log.info({ route: route.url }, 'honeypot filled: answered 201, not stored');
      return reply.code(201).send({ id: randomOpaqueId() });
    }

    const parsed = route.schema.safeParse(fields);
    if (!parsed.success) {
      return reply
        .code(400)
        .send({ error: INVALID_FORM_MESSAGE, fields: fieldErrors(parsed.error) });
    }
    let id: number;
    try {
      id = await queue.insert(route.kind, parsed.data, key?.data ?? null);
    } catch (error) {
      if (error instanceof QueueFullError) {
        request.log.warn({ route: route.url }, 'insert queue full: answered 503');
        return reply
          .code(503)
          .header('Retry-After', String(BUSY_RETRY_AFTER_S))
          .send({ error: BUSY_MESSAGE });
      }
      request.log.error({ err: error, route: route.url }, 'could not store a form post');
      return reply.code(503).send({ error: STORE_FAILED_MESSAGE });
    }
    // Never the row's number: anyone could count the messages by it.
    return reply.code(201).send({ id: opaqueId(await secret(), route.kind, id) });
  };
}

/** Where the site is reached, for telling its own pages' posts from other websites' (DECISIONS "behind a proxy"). */
export interface SameSiteOptions {
  /** The site's public address (SITE_URL), or null when not configured. */
  siteUrl: string | null;
  /** A trusted proxy is configured (TRUST_PROXY): the Host header is then the proxy's, not the site's. */
  behindProxy: boolean;
}

/**
 * Answers 403 to a post another website made a visitor's browser send. Fetch Metadata decides when
 * the browser sends it: `Sec-Fetch-Site: same-origin` (or `none`, typed in) is the site's own, any
 * other value is refused, whatever `Origin` and `Host` say (a proxy or CDN rewrites `Host`). Only
 * without it is `Origin` compared, and then with the site's public host (publicHost). A request with
 * neither header (the owner's tools, curl) is not a browser's cross-site post and goes on.
 */
function refuseCrossSite(options: SameSiteOptions) {
  const siteHost = options.siteUrl === null ? null : originHost(options.siteUrl);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    let crossSite: boolean;
    if (site !== undefined) crossSite = site !== 'same-origin' && site !== 'none';
    else if (origin === undefined) crossSite = false;
    else {
      const expected = siteHost ?? publicHost(request, options.behindProxy);
      if (expected === null) {
        request.log.warn(
          { origin },
          'a post without Sec-Fetch-Site behind a proxy that sends no X-Forwarded-Host: set SITE_URL to the public address so its Origin can be checked',
        );
      }
      crossSite = expected === null || originHost(origin) !== expected;
    }
    if (crossSite) {
      request.log.info({ origin, site }, 'cross-site form post refused');
      return reply.code(403).send({ error: CROSS_SITE_MESSAGE });
    }
  };
}

/**
 * The host the browser addressed, when SITE_URL does not say it: the forwarded host from a trusted
 * proxy (Fastify's request.host honours X-Forwarded-Host only from one), or, with no proxy
 * configured, the request's own Host. Behind a proxy that forwards no host: null, never a guess.
 */
function publicHost(request: FastifyRequest, behindProxy: boolean): string | null {
  if (!behindProxy) return request.headers.host ?? null;
  return request.headers['x-forwarded-host'] === undefined ? null : request.host;
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** Answers 415 before the body is read when the content type is not JSON or form-encoded. */
async function requireFormContentType(request: FastifyRequest, reply: FastifyReply) {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!ACCEPTED_TYPES.includes(type)) {
    return reply
      .code(415)
      .send({ error: 'Please send the form as JSON or as form-encoded fields.' });
  }
}

export function registerFormRoutes(
  app: FastifyInstance,
  queue: InsertQueue,
  /** The database's secret (server/db/server-secret.ts), for the opaque ids posts are answered with. */
  secret: () => Promise<string>,
  options: SameSiteOptions & { rateLimit: { max: number; windowMs: number } },
): void {
  // One count per client address, shared by both routes, counting every POST (server/rate-limits.ts).
  const rateLimit = namedRateLimit(app, { name: 'forms', ...options.rateLimit });
  const routes = [
    {
      url: '/api/contact',
      handler: handler(queue, secret, {
        url: '/api/contact',
        schema: strictContact,
        kind: 'messages',
      }),
    },
    {
      url: '/api/puzzle-submissions',
      handler: handler(queue, secret, {
        url: '/api/puzzle-submissions',
        schema: strictSubmission,
        kind: 'submissions',
      }),
    },
  ];
  for (const route of routes) {
    app.post(route.url, {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [rateLimit, refuseCrossSite(options), requireFormContentType],
      handler: route.handler,
    });
  }
}
