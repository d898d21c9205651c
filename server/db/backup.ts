import { createHash, type Hash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { pipeline as pipe, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';
import { type Database, type Queryable } from './database';
import { appliedMigrations, migrate } from './migrate';
import { forgetServerSecret } from './server-secret';
import { forgetVapidKeys } from './vapid-keys';

/**
 * A backup: every table the database has (BACKUP_TABLES; server/db/backup.test.ts fails when a
 * migration adds one that is not listed): contact messages, puzzle submissions, the crowd's results
 * and the tally of those not counted, and the database's own state: its secret (server_secret,
 * which keys the opaque ids and the address keys, so a restored database answers a retry with the
 * same id and goes on counting each address's results), the rate limit's salt and counts. As
 * gzip-compressed JSON lines, the same on both databases, so a backup of the embedded database
 * restores into PostgreSQL and back. Idempotency keys go with their rows.
 *
 *   {"format":"linchpin-backup","version":2,"createdAt":…,"migrations":[…]}
 *   {"table":"contact_messages","row":{…}}            one line per row, as row_to_json writes it
 *   …
 *   {"end":true,"counts":{…},"sha256":{…}}           so a cut-off file is never taken for whole
 *
 * A version 1 backup (before the database's state was in it) holds the first three tables only;
 * its end line names them, and a restore leaves the other tables as they are.
 *
 * Taken in one read-only REPEATABLE READ transaction on PostgreSQL: one snapshot of every table,
 * while the server goes on storing posts. On PGlite, a page at a time (below, writeBackup).
 */
export const BACKUP_FORMAT = 'linchpin-backup';
const BACKUP_VERSION = 2;

interface BackedUpTable {
  name: TableName;
  /** The primary key, in the order rows are read and written. */
  key: readonly string[];
  /** Its identity column, set past the highest restored id. */
  identity: string | null;
  /**
   * records: what the site stores; a restore refuses a database that holds any, unless replace.
   * state: the database's own (made by its migrations, or kept for a minute): always replaced by
   * the backup's.
   */
  role: 'records' | 'state';
  /**
   * The migration that made it, when a backup of version 2 may come from a database without it:
   * such a backup is read as holding none of its rows (and a restore leaves it as it is).
   */
  since?: string;
}

export const TABLE_NAMES = [
  'contact_messages',
  'puzzle_submissions',
  'puzzle_results',
  'puzzle_results_not_counted',
  'server_secret',
  'rate_limit_salt',
  'rate_limit_counters',
  'friend_groups',
  'friend_members',
  'friend_results',
  'reminder_subscriptions',
  'vapid_keys',
] as const;
export type TableName = (typeof TABLE_NAMES)[number];
export type TableCounts = Record<TableName, number>;

const FRIENDS = '007-friend-groups.sql';

/** Every table of the database but schema_migrations (the header's `migrations`). */
export const BACKUP_TABLES: readonly BackedUpTable[] = [
  { name: 'contact_messages', key: ['id'], identity: 'id', role: 'records' },
  { name: 'puzzle_submissions', key: ['id'], identity: 'id', role: 'records' },
  { name: 'puzzle_results', key: ['puzzle_id', 'result_key'], identity: null, role: 'records' },
  { name: 'puzzle_results_not_counted', key: ['puzzle_id'], identity: null, role: 'records' },
  { name: 'server_secret', key: ['only_row'], identity: null, role: 'state' },
  { name: 'rate_limit_salt', key: ['salt'], identity: null, role: 'state' },
  { name: 'rate_limit_counters', key: ['key'], identity: null, role: 'state' },
  // Groups of friends (migration 007), in the order their foreign keys need on restore.
  { name: 'friend_groups', key: ['id'], identity: null, role: 'records', since: FRIENDS },
  { name: 'friend_members', key: ['id'], identity: null, role: 'records', since: FRIENDS },
  {
    name: 'friend_results',
    key: ['member_id', 'day'],
    identity: null,
    role: 'records',
    since: FRIENDS,
  },
  // Daily reminders and the key pair their subscriptions are bound to (migration 008).
  {
    name: 'reminder_subscriptions',
    key: ['id'],
    identity: 'id',
    role: 'records',
    since: '008-reminders.sql',
  },
  {
    name: 'vapid_keys',
    key: ['only_row'],
    identity: null,
    role: 'state',
    since: '008-reminders.sql',
  },
];
/** The tables of a version 1 backup. */
const VERSION_1_TABLES: readonly TableName[] = [
  'contact_messages',
  'puzzle_submissions',
  'puzzle_results',
];
const RECORD_TABLES = BACKUP_TABLES.filter((table) => table.role === 'records').map(
  (table) => table.name,
);

/** Rows read (and written) at a time. */
const PAGE = 1000;

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.union([z.literal(1), z.literal(BACKUP_VERSION)]),
  createdAt: z.string(),
  migrations: z.array(z.string()),
});
const rowSchema = z.object({
  table: z.enum(TABLE_NAMES),
  row: z.record(z.string(), z.unknown()),
});
export const countsSchema = z.object(
  Object.fromEntries(TABLE_NAMES.map((name) => [name, z.number().int().nonnegative()])) as Record<
    TableName,
    z.ZodNumber
  >,
);
const endSchema = z.object({
  end: z.literal(true),
  counts: z.partialRecord(z.enum(TABLE_NAMES), z.number().int().nonnegative()),
  sha256: z.partialRecord(z.enum(TABLE_NAMES), z.string()),
});

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * What a backup (or a database) holds: rows per table, and a SHA-256 of each table's rows; the
 * tables it holds (every one, but for a version 1 backup).
 */
export interface BackupSummary {
  counts: TableCounts;
  sha256: Record<TableName, string>;
  tables: TableName[];
}

export const summarySchema = z.object({
  counts: countsSchema,
  sha256: z.record(z.enum(TABLE_NAMES), z.string()),
  tables: z.array(z.enum(TABLE_NAMES)),
});

function zeroCounts(): TableCounts {
  return Object.fromEntries(TABLE_NAMES.map((name) => [name, 0])) as TableCounts;
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
  summary(tables: readonly TableName[]): BackupSummary {
    const sha256 = Object.fromEntries(
      TABLE_NAMES.map((name) => [name, this.hashes.get(name)?.copy().digest('hex') ?? '']),
    ) as Record<TableName, string>;
    return { counts: { ...this.counts }, sha256, tables: [...tables] };
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
    const createdAt = now().toISOString();
    await write(
      JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt, migrations }),
    );
    for (const table of BACKUP_TABLES) {
      await eachRow(tx, table, async (json) => {
        tally.add(table.name, json);
        await write(`${rowPrefix(table.name)}${json}}`);
      });
    }
    const summary = tally.summary(TABLE_NAMES);
    await write(JSON.stringify({ end: true, counts: summary.counts, sha256: summary.sha256 }));
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

/** The tables of the database's current schema (to check every one is backed up). */
export async function schemaTables(db: Queryable): Promise<string[]> {
  const rows = await db.query(
    `SELECT table_name::text AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  return rows.map((row) => z.object({ name: z.string() }).parse(row).name);
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

/** No records (the database's own state, its secret and the rate limit's, does not count). */
export const isEmpty = (counts: TableCounts): boolean =>
  RECORD_TABLES.every((name) => counts[name] === 0);

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

/** What a backup's first line says: the migrations its database had, its tables, when it was made. */
export interface BackupHeader {
  migrations: string[];
  tables: readonly TableName[];
  createdAt: string;
}

const tablesOf = (version: number, migrations: readonly string[]): readonly TableName[] =>
  version === 1
    ? VERSION_1_TABLES
    : BACKUP_TABLES.filter((table) => !table.since || migrations.includes(table.since)).map(
        (table) => table.name,
      );

/**
 * Reads a whole backup, calling `onRows` with each table's rows a page at a time; checks its
 * header, its end line and that counts and hashes agree. Returns the summary.
 */
export async function readBackup(
  input: Readable,
  onRows: (table: TableName, rows: string[]) => Promise<void> = async () => {},
  onHeader: (header: BackupHeader) => Promise<void> = async () => {},
): Promise<BackupSummary> {
  const tally = new Tally();
  let header: z.infer<typeof headerSchema> | null = null;
  let end: z.infer<typeof endSchema> | null = null;
  const batch: { table: TableName | null; rows: string[] } = { table: null, rows: [] };
  const flush = async () => {
    if (batch.table !== null && batch.rows.length > 0) await onRows(batch.table, batch.rows);
    batch.rows = [];
  };
  try {
    for await (const { text, value: line } of linesOf(input)) {
      if (header === null) {
        const parsed = headerSchema.safeParse(line);
        if (!parsed.success) throw new BackupError('This is not a Linchpin backup.');
        header = parsed.data;
        await onHeader({
          migrations: header.migrations,
          tables: tablesOf(header.version, header.migrations),
          createdAt: header.createdAt,
        });
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
  if (header === null) throw new BackupError('The backup is empty.');
  if (end === null) throw new BackupError('The backup is cut off: it has no end line.');
  const tables = tablesOf(header.version, header.migrations);
  const summary = tally.summary(tables);
  for (const name of TABLE_NAMES) {
    const listed = tables.includes(name);
    if (
      (listed && (end.counts[name] === undefined || end.sha256[name] === undefined)) ||
      (!listed && summary.counts[name] > 0) ||
      (listed &&
        (summary.counts[name] !== end.counts[name] || summary.sha256[name] !== end.sha256[name]))
    )
      throw new BackupError(`The backup's ${name} rows do not match its own count and checksum.`);
  }
  return summary;
}

/** Refuses a backup made by a newer Linchpin (its database had migrations this one lacks). */
function checkMigrations(known: ReadonlySet<string>, migrations: string[]): void {
  const unknown = migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupError(
      `The backup was made by a newer Linchpin (its database has ${unknown.join(', ')}): update this one first.`,
    );
}

/**
 * Before rows go in: refuses a database holding records (NotEmptyError) unless `replace`, which
 * deletes them; deletes the database's own state that the backup replaces (its secret, the rate
 * limit's salt and counts: a new database has its own).
 */
async function makeRoom(
  tx: Queryable,
  tables: readonly TableName[],
  options: { replace: boolean },
): Promise<void> {
  const counts = await countRows(tx);
  if (!isEmpty(counts)) {
    if (!options.replace) throw new NotEmptyError(counts);
    await tx.exec(`TRUNCATE ${RECORD_TABLES.join(', ')}`);
  }
  const state = BACKUP_TABLES.filter(
    (table) => table.role === 'state' && tables.includes(table.name),
  );
  for (const table of state) await tx.exec(`DELETE FROM ${table.name}`);
}

const insertRows = (table: TableName, conflict = '') =>
  `INSERT INTO ${table} OVERRIDING SYSTEM VALUE
   SELECT * FROM json_populate_recordset(NULL::${table}, $1::json) ${conflict}`;

/** Identity columns continue after the highest id, restored or stored meanwhile. */
async function continueIdentities(tx: Queryable, atLeast: Partial<Record<TableName, number>> = {}) {
  for (const table of BACKUP_TABLES) {
    if (table.identity === null) continue;
    await tx.query(
      `SELECT setval(pg_get_serial_sequence('${table.name}', '${table.identity}'),
              GREATEST(COALESCE((SELECT max(${table.identity}) FROM ${table.name}), 0), $1::integer) + 1,
              false)`,
      [atLeast[table.name] ?? 0],
    );
  }
}

/**
 * Restores a backup into `db` in one transaction: nothing is changed unless the whole file is
 * read and checked. Refuses (NotEmptyError) when the database holds anything, unless `replace`,
 * which first deletes what it holds. Identity columns continue after the highest restored id.
 * The database's secret becomes the backup's, so opaque ids and address counts are as they were.
 */
export async function restoreBackup(
  db: Database,
  input: Readable,
  options: { replace: boolean },
): Promise<BackupSummary> {
  await migrate(db);
  const known = new Set(await appliedMigrations(db));
  const summary = await db.transaction(async (tx) => {
    await tx.exec("SET LOCAL TimeZone = 'UTC'");
    const summary = await readBackup(
      input,
      async (table, rows) => {
        await tx.query(insertRows(table), [`[${rows.join(',')}]`]);
      },
      async (header) => {
        checkMigrations(known, header.migrations);
        await makeRoom(tx, header.tables, options);
      },
    );
    await continueIdentities(tx);
    const stored = await countRows(tx);
    for (const name of summary.tables) {
      if (stored[name] !== summary.counts[name])
        throw new BackupError(
          `${name}: ${stored[name]} rows stored of the backup's ${summary.counts[name]}.`,
        );
    }
    return summary;
  });
  forgetServerSecret(db);
  forgetVapidKeys(db);
  return summary;
}

/** What a restore in batches found already stored (posts that arrived while it ran, sent again). */
export interface BatchedRestore {
  summary: BackupSummary;
  /** Rows of the backup that were already there (the same key), per table. */
  alreadyThere: TableCounts;
}

/** Tables whose rows a restore in batches puts in before any other (their one row each). */
const FIRST: readonly TableName[] = ['server_secret', 'rate_limit_salt'];

/** How a row of the backup goes in while posts are stored beside it. */
function batchInsert(table: TableName): string {
  if (table === 'puzzle_results_not_counted')
    return insertRows(
      table,
      `ON CONFLICT (puzzle_id) DO UPDATE SET count = ${table}.count + EXCLUDED.count`,
    );
  return insertRows(table, 'ON CONFLICT DO NOTHING');
}

const countRow = z.object({ n: z.number().int() });
/** Rows a restore in batches stores in one transaction: the longest a post waits for it. */
const BATCH = 250;

/**
 * A restore for a database that serves while it runs (the running server's, or PostgreSQL's with
 * its servers up): nothing holds the database for more than one batch of rows.
 *
 * prepare: reads the whole backup and checks it (nothing is changed unless it is whole and of a
 * Linchpin this one can read), then, in one short transaction, refuses a database that holds
 * records unless `replace` (which deletes them), puts in the backup's secret and salt, and moves
 * identity columns past the backup's highest ids, so posts stored meanwhile take ids of their own.
 * run: reads the backup again and stores its rows BATCH (250) at a time, each batch its own
 * transaction, posts stored in between. A row whose key is already there (a post sent again during
 * the restore) is left as it is; the not-counted tally adds up. Stopped half-way (`signal`), what
 * was restored stays: restore again with `replace`.
 */
export async function prepareBatchedRestore(
  db: Database,
  open: () => Readable,
  options: { replace: boolean },
): Promise<{
  summary: BackupSummary;
  run: (onProgress?: (rows: number) => void, signal?: AbortSignal) => Promise<BatchedRestore>;
}> {
  await migrate(db);
  const known = new Set(await appliedMigrations(db));
  const first = new Map<TableName, string[]>();
  const highest: Partial<Record<TableName, number>> = {};
  const summary = await readBackup(
    open(),
    async (table, rows) => {
      if (FIRST.includes(table)) first.set(table, [...(first.get(table) ?? []), ...rows]);
      const identity = BACKUP_TABLES.find((candidate) => candidate.name === table)?.identity;
      if (!identity) return;
      for (const row of rows) {
        const id = z.object({ [identity]: z.number().int() }).safeParse(JSON.parse(row));
        const value = id.success ? id.data[identity] : undefined;
        if (typeof value === 'number') highest[table] = Math.max(highest[table] ?? 0, value);
      }
      await Promise.resolve();
    },
    (header) => {
      checkMigrations(known, header.migrations);
      return Promise.resolve();
    },
  );
  await db.transaction(async (tx) => {
    await tx.exec("SET LOCAL TimeZone = 'UTC'");
    // Only the state the backup has rows of is replaced: a database is never left without a secret.
    const replaced = summary.tables.filter(
      (name) => tableRole(name) === 'records' || summary.counts[name] > 0,
    );
    await makeRoom(tx, replaced, options);
    for (const [table, rows] of first) await tx.query(insertRows(table), [`[${rows.join(',')}]`]);
    await continueIdentities(tx, highest);
  });
  forgetVapidKeys(db);
  forgetServerSecret(db);

  const run = async (
    onProgress: (rows: number) => void = () => {},
    signal?: AbortSignal,
  ): Promise<BatchedRestore> => {
    const alreadyThere = zeroCounts();
    let done = 0;
    await readBackup(open(), async (table, rows) => {
      signal?.throwIfAborted();
      if (!FIRST.includes(table)) {
        for (let start = 0; start < rows.length; start += BATCH) {
          const batch = rows.slice(start, start + BATCH);
          const inserted = await db.transaction(async (tx) => {
            await tx.exec("SET LOCAL TimeZone = 'UTC'");
            const result = await tx.query(
              `WITH stored AS (${batchInsert(table)} RETURNING 1) SELECT count(*)::integer AS n FROM stored`,
              [`[${batch.join(',')}]`],
            );
            return countRow.parse(result[0]).n;
          });
          if (table !== 'puzzle_results_not_counted')
            alreadyThere[table] += batch.length - inserted;
          // Posts waiting for the database go first.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      done += rows.length;
      onProgress(done);
    });
    return { summary, alreadyThere };
  };
  return { summary, run };
}

const tableRole = (name: TableName) =>
  BACKUP_TABLES.find((table) => table.name === name)?.role ?? 'records';

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
