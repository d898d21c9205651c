import { z } from 'zod';
import {
  CONTACT_FIELDS,
  PUZZLE_SUBMISSION_FIELDS,
  type ContactForm,
  type PuzzleSubmissionForm,
} from '../../core/forms';
import { type Queryable } from './database';

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

const idRow = z.object({ id: z.number().int() });

/**
 * Stores several rows in one statement, so in one commit; returns their ids in the order given.
 * Identity values are drawn in the order the VALUES rows are inserted, so the ids sorted
 * ascending line up with the rows.
 */
export async function insertMany(
  db: Queryable,
  kind: InboxKind,
  rows: readonly Record<string, string>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  if (rows.length > MAX_ROWS_PER_INSERT) {
    throw new RangeError(`at most ${MAX_ROWS_PER_INSERT} rows at once`);
  }
  const { table, fields } = TABLES[kind];
  const columns = fields.map(columnOf).join(', ');
  const tuples = rows.map(
    (_, row) =>
      `(${fields.map((__, column) => `$${row * fields.length + column + 1}`).join(', ')})`,
  );
  const result = await db.query(
    `INSERT INTO ${table} (${columns}) VALUES ${tuples.join(', ')} RETURNING id`,
    rows.flatMap((values) => fields.map((field) => values[field] ?? '')),
  );
  const ids = result.map((row) => idRow.parse(row).id).sort((a, b) => a - b);
  if (ids.length !== rows.length) throw new Error(`stored ${ids.length} rows of ${rows.length}`);
  return ids;
}

async function insert(
  db: Queryable,
  kind: InboxKind,
  values: Record<string, string>,
): Promise<number> {
  const [id] = await insertMany(db, kind, [values]);
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
