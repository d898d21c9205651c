import type { CrowdResult, CrowdSummary } from '../../../core/crowd';
import { browserIdSchema, crowdResultSchema, crowdSummarySchema } from '../../../core/crowd-schema';
import { STORED_ITEMS } from '../../../core/stored-items';
import { random, todayUtc } from '../clock';
import { readConsent, readRecord, writeRecord } from '../player-data/storage';
import { fromRecord, toRecord } from '../player-data/stored-record';

/**
 * Sends the crowd's results and reads its figures (core/crowd.ts). Loaded only when a game ends
 * or a result waits (src/lib/crowd/crowd-gate.ts), so its code and the schema's stay out of every
 * first load. Nothing is kept or sent without consent "accepted"; what is sent is the result and
 * a random id made here (no fingerprint: nothing is read from the browser or the device).
 */
export const RESULTS_URL = '/api/results';
const PENDING = STORED_ITEMS.crowdPending;
const ID = STORED_ITEMS.crowdId;

const mayCount = () => readConsent() === 'accepted';

/** The results waiting to be sent; a stored entry the schema refuses is dropped. */
function readPending(): CrowdResult[] {
  const list = readRecord(
    PENDING.name,
    fromRecord((value) => (Array.isArray(value) ? (value as unknown[]) : undefined), todayUtc()),
  );
  return (list ?? []).flatMap((entry) => {
    const parsed = crowdResultSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

function writePending(list: readonly CrowdResult[]): void {
  writeRecord(
    PENDING.name,
    list.length > 0 ? toRecord(list.slice(-PENDING.maxEntries), PENDING.days) : null,
  );
}

/** A version 4 UUID from the platform, or from Math.random where crypto.randomUUID is missing. */
function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** This browser's random id, made on its first result. */
function browserId(): string {
  const kept = readRecord(
    ID.name,
    fromRecord((value) => {
      const parsed = browserIdSchema.safeParse(value);
      return parsed.success ? parsed.data : undefined;
    }, todayUtc()),
  );
  if (kept) return kept;
  const id = newId();
  writeRecord(ID.name, toRecord(id, ID.days));
  return id;
}

type Outcome = 'done' | 'retry';

/**
 * Counted, already counted, not counted, or refused for good (malformed, or a static host with no
 * such address): done. The server down, too busy or over its limit, or the game's server not
 * knowing the puzzle yet (its JSON 404: its catalogue or clock behind the player's): the result
 * waits for the next visit (server/results-routes.ts).
 */
export function retryLater(response: Pick<Response, 'status' | 'headers'>): boolean {
  if (response.status >= 500 || response.status === 429 || response.status === 408) return true;
  const fromTheGame = (response.headers.get('content-type') ?? '').includes('application/json');
  return response.status === 404 && fromTheGame;
}

async function post(result: CrowdResult, id: string): Promise<Outcome> {
  try {
    const response = await fetch(RESULTS_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...result, browserId: id }),
      // Sent even when the player leaves the page at once.
      keepalive: true,
      credentials: 'omit',
    });
    return retryLater(response) ? 'retry' : 'done';
  } catch {
    return 'retry';
  }
}

let queue: Promise<void> = Promise.resolve();

/** Sends every waiting result, one after the other; stops at the first the server cannot take. */
export function sendPending(): Promise<void> {
  queue = queue.then(async () => {
    if (!mayCount()) return;
    const waiting = readPending();
    if (waiting.length === 0) return;
    const id = browserId();
    const done = new Set<string>();
    for (const result of waiting) {
      if ((await post(result, id)) === 'retry') break;
      done.add(result.puzzleId);
    }
    // Read again: a result may have been added while these were on their way.
    writePending(readPending().filter((result) => !done.has(result.puzzleId)));
  });
  return queue;
}

/** A game just ended: its result waits in storage until the server has it (only with consent). */
export function recordResult(result: CrowdResult): Promise<void> {
  if (!mayCount()) return Promise.resolve();
  const waiting = readPending();
  // The first result of a puzzle is the one that counts; a retry of it would only be "already counted".
  if (!waiting.some((entry) => entry.puzzleId === result.puzzleId))
    writePending([...waiting, result]);
  return sendPending();
}

/** The crowd's figures of a puzzle: 'none' when the site has no server to ask (a static host). */
export type CrowdAnswer =
  { kind: 'figures'; summary: CrowdSummary } | { kind: 'unavailable' } | { kind: 'none' };

export async function fetchCrowd(puzzleId: string): Promise<CrowdAnswer> {
  // The player's own result goes first (the game's end queues it in the same turn), so fresh
  // figures count it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await queue;
  try {
    const response = await fetch(`${RESULTS_URL}/${encodeURIComponent(puzzleId)}`, {
      headers: { accept: 'application/json' },
      credentials: 'omit',
    });
    // Only the game's server answers here with JSON; a static host answers with a page or a 404.
    if (!(response.headers.get('content-type') ?? '').includes('application/json'))
      return { kind: 'none' };
    if (!response.ok) return { kind: 'unavailable' };
    const parsed = crowdSummarySchema.safeParse(await response.json());
    return parsed.success ? { kind: 'figures', summary: parsed.data } : { kind: 'unavailable' };
  } catch {
    return { kind: 'unavailable' };
  }
}
