import { createHash, type Hash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { pipeline as pipe, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';
import { type Database, type Queryable } from './database';
import { appliedMigrations, migrate } from './migrate';

/**
 * A backup: everything the site stores that matters (contact messages, puzzle submissions, the
 * crowd's results), as gzip-compressed JSON lines, the same on both databases, so a backup of the
 * embedded database restores into PostgreSQL and back. The rate limit's counts are left out (they
 * last a minute). Idempotency keys go with their rows, so a retry after a move is still answered
 * as the first time.
 *
 *   {"format":"linchpin-backup","version":1,"createdAt":…,"migrations":[…]}
 *   {"table":"contact_messages","row":{…}}            one line per row, as row_to_json writes it
 *   …
 *   {"end":true,"counts":{…},"sha256":{…}}           so a cut-off file is never taken for whole
 *
 * Taken in one read-only REPEATABLE READ transaction: one snapshot of every table, while the server
 * goes on storing posts (on PGlite, whose one connection the transaction holds, posts wait for it).
 */
export const BACKUP_FORMAT = 'linchpin-backup';
const BACKUP_VERSION = 1;

interface BackedUpTable {
  name: string;
  /** The primary key, in the order rows are read and written. */
  key: readonly string[];
  /** Its identity column, set past the highest restored id. */
  identity: string | null;
}

export const BACKUP_TABLES: readonly BackedUpTable[] = [
  { name: 'contact_messages', key: ['id'], identity: 'id' },
  { name: 'puzzle_submissions', key: ['id'], identity: 'id' },
  { name: 'puzzle_results', key: ['puzzle_id', 'result_key'], identity: null },
  // Groups of friends (migration 006), in the order their foreign keys need on restore.
  { name: 'friend_groups', key: ['id'], identity: null },
  { name: 'friend_members', key: ['id'], identity: null },
  { name: 'friend_results', key: ['member_id', 'day'], identity: null },
];
export type TableName =
  | 'contact_messages'
  | 'puzzle_submissions'
  | 'puzzle_results'
  | 'friend_groups'
  | 'friend_members'
  | 'friend_results';
export type TableCounts = Record<TableName, number>;

const TABLE_NAMES = BACKUP_TABLES.map((table) => table.name) as [TableName, ...TableName[]];
/** Rows read (and written) at a time. */
const PAGE = 1000;

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  migrations: z.array(z.string()),
});
const rowSchema = z.object({
  table: z.enum(TABLE_NAMES),
  row: z.record(z.string(), z.unknown()),
});
/** A table added after a backup was made is absent from its end line: none of its rows. */
const countsSchema = z.object(
  Object.fromEntries(
    TABLE_NAMES.map((name) => [name, z.number().int().nonnegative().default(0)]),
  ) as Record<TableName, z.ZodDefault<z.ZodNumber>>,
);
const endSchema = z.object({
  end: z.literal(true),
  counts: countsSchema,
  sha256: z.partialRecord(z.enum(TABLE_NAMES), z.string()),
});
/** What the server's owner endpoints answer a restore with (cli/owner/source.ts reads it). */
export const backupSummarySchema = z.object({
  counts: z.object(
    Object.fromEntries(TABLE_NAMES.map((name) => [name, z.number().int()])) as Record<
      TableName,
      z.ZodNumber
    >,
  ),
  sha256: z.object(
    Object.fromEntries(TABLE_NAMES.map((name) => [name, z.string()])) as Record<
      TableName,
      z.ZodString
    >,
  ),
});
/** The SHA-256 of no rows at all. */
const NO_ROWS_SHA256 = createHash('sha256').digest('hex');

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** What a backup (or a database) holds: rows per table, and a SHA-256 of each table's rows. */
export interface BackupSummary {
  counts: TableCounts;
  sha256: Record<TableName, string>;
}

function zeroCounts(): TableCounts {
  return {
    contact_messages: 0,
    puzzle_submissions: 0,
    puzzle_results: 0,
    friend_groups: 0,
    friend_members: 0,
    friend_results: 0,
  };
}

/** Counts and hashes rows, table by table, in the order they are read. */
class Tally {
  readonly counts = zeroCounts();
  private readonly hashes = new Map<TableName, Hash>(
    TABLE_NAMES.map((name) => [name, createHash('sha256')]),
  );
  add(table: TableName, rowJson: string): void {
    this.counts[table] += 1;
    this.hashes.get(table)?.update(`${rowJson}\n`);
  }
  summary(): BackupSummary {
    const sha256 = Object.fromEntries(
      TABLE_NAMES.map((name) => [name, this.hashes.get(name)?.copy().digest('hex') ?? '']),
    ) as Record<TableName, string>;
    return { counts: { ...this.counts }, sha256 };
  }
}

/** One snapshot of every table; dates as UTC, so both databases write a row's JSON the same way. */
async function readSnapshot(tx: Queryable): Promise<void> {
  await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  await tx.exec("SET LOCAL TimeZone = 'UTC'");
}

const lineRow = z.object({ line: z.string() });

/** Every row of `table` in key order, a page at a time, as row_to_json's text. */
async function eachRow(
  tx: Queryable,
  table: BackedUpTable,
  onRow: (json: string) => Promise<void> | void,
): Promise<void> {
  const keys = table.key.join(', ');
  let after: unknown[] | null = null;
  for (;;) {
    const placeholders = table.key.map((_, index) => `$${index + 1}`).join(', ');
    const where = after === null ? '' : `WHERE (${keys}) > (${placeholders})`;
    const rows = await tx.query(
      `SELECT row_to_json(t)::text AS line, ${keys} FROM ${table.name} t ${where}
        ORDER BY ${keys} LIMIT ${PAGE}`,
      after ?? [],
    );
    for (const row of rows) await onRow(lineRow.parse(row).line);
    const last = rows.at(-1);
    if (rows.length < PAGE || last === undefined) return;
    after = table.key.map((column) => last[column]);
  }
}

/**
 * Writes a backup of `db` line by line to `write` (which should wait while its reader is behind);
 * returns what it holds.
 */
export async function writeBackup(
  db: Database,
  write: (line: string) => Promise<void> | void,
  now: () => Date = () => new Date(),
): Promise<BackupSummary> {
  const migrations = await appliedMigrations(db);
  const read = async (tx: Queryable): Promise<BackupSummary> => {
    const tally = new Tally();
    await write(
      JSON.stringify({
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now().toISOString(),
        migrations,
      }),
    );
    for (const table of BACKUP_TABLES) {
      const name = table.name as TableName;
      await eachRow(tx, table, async (json) => {
        tally.add(name, json);
        await write(`${rowPrefix(name)}${json}}`);
      });
    }
    const summary = tally.summary();
    await write(JSON.stringify({ end: true, ...summary }));
    return summary;
  };
  if (db.kind === 'postgres') {
    return db.transaction(async (tx) => {
      await readSnapshot(tx);
      return read(tx);
    });
  }
  // PGlite has one connection, which a transaction would hold for the whole backup while posts
  // wait (8 s for 220,000 rows on a busy machine). Each page is read on its own instead, posts
  // are stored in between: the backup holds every row committed before it began, and those that
  // arrive meanwhile as far as its pages reach them. PGlite's session is always UTC.
  return read(db);
}

/** What `db` holds now, counted and hashed as a backup of it would be (to check a copy). */
export async function summarise(db: Database): Promise<BackupSummary> {
  return writeBackup(db, () => {});
}

/** Rows in each backed-up table. */
export async function countRows(db: Queryable): Promise<TableCounts> {
  const counts = zeroCounts();
  for (const name of TABLE_NAMES) {
    const rows = await db.query(`SELECT count(*)::integer AS n FROM ${name}`);
    counts[name] = z.object({ n: z.number().int() }).parse(rows[0]).n;
  }
  return counts;
}

export const isEmpty = (counts: TableCounts): boolean =>
  Object.values(counts).every((count) => count === 0);

export class NotEmptyError extends BackupError {
  constructor(readonly counts: TableCounts) {
    super('The database is not empty.');
    this.name = 'NotEmptyError';
  }
}

const rowPrefix = (table: string) => `{"table":${JSON.stringify(table)},"row":`;

/** The lines of a text stream (its errors thrown here, unlike readline's). */
async function* textLines(input: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of input) {
    const lines = (
      rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer))
    ).split('\n');
    rest = lines.pop() ?? '';
    yield* lines;
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

/** The lines of a backup, read one by one (gunzipped by the caller), as text and parsed. */
async function* linesOf(input: Readable): AsyncGenerator<{ text: string; value: unknown }> {
  let number = 0;
  for await (const text of textLines(input)) {
    number += 1;
    if (text.trim() === '') continue;
    try {
      yield { text, value: JSON.parse(text) };
    } catch {
      throw new BackupError(`Line ${number} of the backup is not JSON: the file is damaged.`);
    }
  }
}

/**
 * Reads a whole backup, calling `onRows` with each table's rows a page at a time; checks its
 * header, its end line and that counts and hashes agree. Returns the header's migrations and
 * the summary.
 */
export async function readBackup(
  input: Readable,
  onRows: (table: TableName, rows: string[]) => Promise<void> = async () => {},
  onHeader: (migrations: string[]) => Promise<void> = async () => {},
): Promise<BackupSummary> {
  const tally = new Tally();
  let header = false;
  let end: z.infer<typeof endSchema> | null = null;
  const batch: { table: TableName | null; rows: string[] } = { table: null, rows: [] };
  const flush = async () => {
    if (batch.table !== null && batch.rows.length > 0) await onRows(batch.table, batch.rows);
    batch.rows = [];
  };
  try {
    for await (const { text, value: line } of linesOf(input)) {
      if (!header) {
        const parsed = headerSchema.safeParse(line);
        if (!parsed.success) throw new BackupError('This is not a Linchpin backup.');
        header = true;
        await onHeader(parsed.data.migrations);
        continue;
      }
      if (end !== null) throw new BackupError('The backup goes on after its end line.');
      const row = rowSchema.safeParse(line);
      if (row.success) {
        // The row's text as written, so its hash is the one taken at backup.
        const prefix = rowPrefix(row.data.table);
        const json = text.startsWith(prefix)
          ? text.slice(prefix.length, -1)
          : JSON.stringify(row.data.row);
        tally.add(row.data.table, json);
        if (batch.table !== row.data.table) await flush();
        batch.table = row.data.table;
        batch.rows.push(json);
        if (batch.rows.length >= PAGE) await flush();
        continue;
      }
      const last = endSchema.safeParse(line);
      if (!last.success) throw new BackupError('The backup holds a line it does not understand.');
      await flush();
      end = last.data;
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `The backup could not be read (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  if (!header) throw new BackupError('The backup is empty.');
  if (end === null) throw new BackupError('The backup is cut off: it has no end line.');
  const summary = tally.summary();
  for (const name of TABLE_NAMES) {
    const sha256 = end.sha256[name] ?? NO_ROWS_SHA256;
    if (summary.counts[name] !== end.counts[name] || summary.sha256[name] !== sha256)
      throw new BackupError(`The backup's ${name} rows do not match its own count and checksum.`);
  }
  return summary;
}

/**
 * Restores a backup into `db` in one transaction: nothing is changed unless the whole file is
 * read and checked. Refuses (NotEmptyError) when the database holds anything, unless `replace`,
 * which first deletes what it holds. Identity columns continue after the highest restored id.
 */
export async function restoreBackup(
  db: Database,
  input: Readable,
  options: { replace: boolean },
): Promise<BackupSummary> {
  await migrate(db);
  const known = new Set(await appliedMigrations(db));
  return db.transaction(async (tx) => {
    await tx.exec("SET LOCAL TimeZone = 'UTC'");
    const counts = await countRows(tx);
    if (!isEmpty(counts)) {
      if (!options.replace) throw new NotEmptyError(counts);
      await tx.exec(`TRUNCATE ${TABLE_NAMES.join(', ')}`);
    }
    const summary = await readBackup(
      input,
      async (table, rows) => {
        await tx.query(
          `INSERT INTO ${table} OVERRIDING SYSTEM VALUE
           SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
          [`[${rows.join(',')}]`],
        );
      },
      (migrations) => {
        const unknown = migrations.filter((name) => !known.has(name));
        if (unknown.length === 0) return Promise.resolve();
        return Promise.reject(
          new BackupError(
            `The backup was made by a newer Linchpin (its database has ${unknown.join(', ')}): update this one first.`,
          ),
        );
      },
    );
    for (const table of BACKUP_TABLES) {
      if (table.identity === null) continue;
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table.name}', '${table.identity}'),
                COALESCE((SELECT max(${table.identity}) FROM ${table.name}), 0) + 1, false)`,
      );
    }
    const stored = await countRows(tx);
    for (const name of TABLE_NAMES) {
      if (stored[name] !== summary.counts[name])
        throw new BackupError(
          `${name}: ${stored[name]} rows stored of the backup's ${summary.counts[name]}.`,
        );
    }
    return summary;
  });
}

/** Resolves once `stream` takes more writes, or has closed (then the next write fails). */
export function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** Writes a gzip-compressed backup of `db` to `out`, waiting for it to take each piece. */
export async function writeBackupTo(db: Database, out: Writable): Promise<BackupSummary> {
  const gzip = createGzip();
  const done = pipeline(gzip, out);
  // Ends the write side at once when the reader has gone, instead of waiting on it.
  let failure: Error | null = null;
  done.catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error));
  });
  try {
    const summary = await writeBackup(db, async (line) => {
      if (failure !== null) throw failure;
      if (!gzip.write(`${line}\n`)) await drained(gzip);
    });
    gzip.end();
    await done;
    return summary;
  } catch (error) {
    gzip.destroy(error instanceof Error ? error : new Error(String(error)));
    await done.catch(() => {});
    throw error;
  }
}

/** The gunzipped text of a backup file's (or request's) bytes. */
export function backupText(input: Readable): Readable {
  // Either stream's error (no such file, not gzip) ends the other, and is thrown to the reader.
  return pipe(input, createGunzip(), () => {});
}
