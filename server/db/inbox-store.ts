import { z } from 'zod';
import {
  CONTACT_FIELDS,
  PUZZLE_SUBMISSION_FIELDS,
  type ContactForm,
  type PuzzleSubmissionForm,
} from '../../core/forms';
import { type Database, type Queryable } from './database';

/**
 * What players sent, as the owner works with it: contact messages and puzzle submissions. Every
 * query is parameterised; table and column names come only from the constants below.
 */
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_KINDS = ['messages', 'submissions'] as const;

interface InboxTable {
  table: string;
  /** Form field names (docs/spec.md §7), in form order. */
  fields: readonly string[];
}

const TABLES: Record<InboxKind, InboxTable> = {
  messages: { table: 'contact_messages', fields: CONTACT_FIELDS },
  submissions: { table: 'puzzle_submissions', fields: PUZZLE_SUBMISSION_FIELDS },
};

/** `specialWord` → `special_word`; the other field names are already column names. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** One stored message or submission. Times are ISO 8601 strings. */
export interface InboxEntry {
  id: number;
  createdAt: string;
  handledAt: string | null;
  /** The submitted fields by their form names, as typed. */
  fields: Record<string, string>;
}

export const inboxEntrySchema = z.object({
  id: z.number().int().positive(),
  createdAt: z.iso.datetime({ offset: true }),
  handledAt: z.iso.datetime({ offset: true }).nullable(),
  fields: z.record(z.string(), z.string()),
});

const baseRow = z.object({
  id: z.number().int(),
  created_at: z.date(),
  handled_at: z.date().nullable(),
});

function toEntry(kind: InboxKind, row: Record<string, unknown>): InboxEntry {
  const base = baseRow.parse(row);
  const fields: Record<string, string> = {};
  for (const field of TABLES[kind].fields) fields[field] = z.string().parse(row[columnOf(field)]);
  return {
    id: base.id,
    createdAt: base.created_at.toISOString(),
    handledAt: base.handled_at?.toISOString() ?? null,
    fields,
  };
}

function selectList(kind: InboxKind): string {
  return ['id', 'created_at', 'handled_at', ...TABLES[kind].fields.map(columnOf)].join(', ');
}

/** The most rows one INSERT carries (puzzle submissions have 20 parameters a row). */
export const MAX_ROWS_PER_INSERT = 100;

const insertedRow = z.object({ id: z.number().int(), idempotency_key: z.string().nullable() });
const keyedRow = z.object({ id: z.number().int(), idempotency_key: z.string() });

/** One row to store: the form's fields, and the post's idempotency key when it sent one. */
export interface NewRow {
  values: Record<string, string>;
  key?: string | null;
}

/** The ids already stored under these idempotency keys. */
async function idsByKey(
  db: Queryable,
  table: string,
  keys: readonly string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db.query(
    `SELECT id, idempotency_key FROM ${table} WHERE idempotency_key = ANY($1::text[])`,
    [keys],
  );
  return new Map(
    rows.map((row) => {
      const parsed = keyedRow.parse(row);
      return [parsed.idempotency_key, parsed.id];
    }),
  );
}

/**
 * Stores several rows in one statement, so in one commit; returns their ids in the order given.
 * A row whose idempotency key is already stored (or repeated within `rows`) is not stored again:
 * it gets the id stored under that key. Identity values are drawn in the order the VALUES rows
 * are inserted, so the ids of rows without a key, sorted ascending, line up with those rows.
 */
export async function insertMany(
  db: Queryable,
  kind: InboxKind,
  rows: readonly NewRow[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  if (rows.length > MAX_ROWS_PER_INSERT) {
    throw new RangeError(`at most ${MAX_ROWS_PER_INSERT} rows at once`);
  }
  const { table, fields } = TABLES[kind];
  const keys = [...new Set(rows.flatMap((row) => (row.key ? [row.key] : [])))];
  const byKey = await idsByKey(db, table, keys);
  const seen = new Set(byKey.keys());
  const fresh = rows.filter((row) => {
    if (!row.key) return true;
    if (seen.has(row.key)) return false;
    seen.add(row.key);
    return true;
  });
  const unkeyed: number[] = [];
  if (fresh.length > 0) {
    const width = fields.length + 1;
    const columns = [...fields.map(columnOf), 'idempotency_key'].join(', ');
    const tuples = fresh.map(
      (_, row) =>
        `(${Array.from({ length: width }, (__, column) => `$${row * width + column + 1}`).join(', ')})`,
    );
    // A key stored by another writer since the SELECT above is skipped here and read below.
    const result = await db.query(
      `INSERT INTO ${table} (${columns}) VALUES ${tuples.join(', ')}
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key`,
      fresh.flatMap((row) => [...fields.map((field) => row.values[field] ?? ''), row.key ?? null]),
    );
    for (const row of result.map((item) => insertedRow.parse(item))) {
      if (row.idempotency_key === null) unkeyed.push(row.id);
      else byKey.set(row.idempotency_key, row.id);
    }
    unkeyed.sort((a, b) => a - b);
    const missing = keys.filter((key) => !byKey.has(key));
    for (const [key, id] of await idsByKey(db, table, missing)) byKey.set(key, id);
  }
  let next = 0;
  const ids = rows.map((row) => (row.key ? byKey.get(row.key) : unkeyed[next++]));
  const stored = ids.filter((id): id is number => id !== undefined);
  if (stored.length !== rows.length)
    throw new Error(`stored ${stored.length} rows of ${rows.length}`);
  return stored;
}

async function insert(
  db: Queryable,
  kind: InboxKind,
  values: Record<string, string>,
): Promise<number> {
  const [id] = await insertMany(db, kind, [{ values }]);
  if (id === undefined) throw new Error('the row was not stored');
  return id;
}

/** Stores a contact message; the returned id means the row is committed. */
export function insertContactMessage(db: Queryable, form: ContactForm): Promise<number> {
  return insert(db, 'messages', { ...form });
}

/** Stores a puzzle submission; the returned id means the row is committed. */
export function insertPuzzleSubmission(db: Queryable, form: PuzzleSubmissionForm): Promise<number> {
  return insert(db, 'submissions', { ...form });
}

/** Newest first; only the ones not yet handled when `unhandled` is set. */
export async function listInbox(
  db: Queryable,
  kind: InboxKind,
  options: { unhandled?: boolean } = {},
): Promise<InboxEntry[]> {
  const where = options.unhandled ? 'WHERE handled_at IS NULL' : '';
  const rows = await db.query(
    `SELECT ${selectList(kind)} FROM ${TABLES[kind].table} ${where} ORDER BY created_at DESC, id DESC`,
  );
  return rows.map((row) => toEntry(kind, row));
}

export async function getInboxEntry(
  db: Queryable,
  kind: InboxKind,
  id: number,
): Promise<InboxEntry | null> {
  const rows = await db.query(
    `SELECT ${selectList(kind)} FROM ${TABLES[kind].table} WHERE id = $1`,
    [id],
  );
  return rows[0] ? toEntry(kind, rows[0]) : null;
}

/** Marks one as handled (keeping the first time it was); null when there is no such id. */
export async function markHandled(
  db: Queryable,
  kind: InboxKind,
  id: number,
): Promise<InboxEntry | null> {
  const rows = await db.query(
    `UPDATE ${TABLES[kind].table} SET handled_at = COALESCE(handled_at, now()) WHERE id = $1
     RETURNING ${selectList(kind)}`,
    [id],
  );
  return rows[0] ? toEntry(kind, rows[0]) : null;
}

export async function countInbox(db: Queryable, kind: InboxKind): Promise<number> {
  const rows = await db.query(`SELECT count(*)::integer AS n FROM ${TABLES[kind].table}`);
  return z.object({ n: z.number().int() }).parse(rows[0]).n;
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function isReachable(db: Queryable, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const ping = db.query('SELECT 1 AS ok').then(
      () => true,
      () => false,
    );
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** How many messages and submissions a deletion removed. */
export type InboxCounts = Record<InboxKind, number>;

const deletedRow = z.object({ n: z.number().int() });

/**
 * Deletes every message and submission sent from `email` (compared without case or surrounding
 * spaces, as people type their address differently from one time to the next), in one transaction.
 */
export async function forgetSender(db: Database, email: string): Promise<InboxCounts> {
  return db.transaction(async (tx) => {
    const counts: InboxCounts = { messages: 0, submissions: 0 };
    for (const kind of INBOX_KINDS) {
      const rows = await tx.query(
        `WITH gone AS (DELETE FROM ${TABLES[kind].table}
                        WHERE lower(btrim(email)) = lower(btrim($1)) RETURNING 1)
         SELECT count(*)::integer AS n FROM gone`,
        [email],
      );
      counts[kind] = deletedRow.parse(rows[0]).n;
    }
    return counts;
  });
}

/**
 * Deletes the messages and submissions the owner has handled that arrived more than `handledDays`
 * days ago, and every one, handled or not, that arrived more than `anyDays` days ago (the privacy
 * page's promise, server/retention.ts).
 */
export async function deleteOlderThan(
  db: Queryable,
  days: { handledDays: number; anyDays: number },
): Promise<InboxCounts> {
  const counts: InboxCounts = { messages: 0, submissions: 0 };
  for (const kind of INBOX_KINDS) {
    const rows = await db.query(
      `WITH gone AS (DELETE FROM ${TABLES[kind].table}
                      WHERE created_at < now() - make_interval(days => $2::integer)
                         OR (handled_at IS NOT NULL
                             AND created_at < now() - make_interval(days => $1::integer))
                      RETURNING 1)
       SELECT count(*)::integer AS n FROM gone`,
      [days.handledDays, days.anyDays],
    );
    counts[kind] = deletedRow.parse(rows[0]).n;
  }
  return counts;
}
