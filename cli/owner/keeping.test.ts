import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CrowdPost } from '../../core/crowd';
import { summarise } from '../../server/db/backup';
import { type Database } from '../../server/db/database';
import {
  insertContactMessage,
  insertMany,
  insertPuzzleSubmission,
  listInbox,
  markHandled,
} from '../../server/db/inbox-store';
import { insertResults } from '../../server/db/results-store';
import {
  ENGINES,
  PREPARE_TIMEOUT_MS,
  embeddedTestDatabases,
  postgresTestDatabases,
  separateEmbeddedDatabase,
} from '../../server/testing/test-databases';
import { parseOwnerArgs } from './args';
import { copyDatabase } from './keeping';
import { runOwnerCommand } from './run';
import { databaseSource } from './source';
import { SUBMISSION } from './test-fixtures';

// Each embedded test opens two databases of its own (a new PGlite takes a second or two).
vi.setConfig({ testTimeout: 60_000 });

const RESULT: CrowdPost = {
  puzzleId: 'puzzle_1',
  mode: 'normal',
  won: true,
  tries: 2,
  wrongTries: [[0, 2]],
  browserId: '8f14e45f-ceea-4a67-9a3c-7e8b4d1f0a11',
};

/** A database holding a little of everything: messages (one handled, one with a key), a submission, results. */
async function fill(db: Database): Promise<void> {
  await insertContactMessage(db, { name: 'Ada', email: 'ada@example.com', message: 'First' });
  await insertMany(db, 'messages', [
    {
      values: { name: 'Bob', email: 'Bob@Example.com', message: 'Ünïcode "quotes"\n\ttab' },
      key: 'k3y-0123456789abcdef',
    },
  ]);
  await markHandled(db, 'messages', 1);
  await insertPuzzleSubmission(db, SUBMISSION);
  // More than one page of rows (server/db/backup.ts reads 1,000 at a time).
  const results = Array.from({ length: 1205 }, (_, index) => ({
    ...RESULT,
    puzzleId: `puzzle_${(index % 3) + 1}`,
    browserId: `8f14e45f-ceea-4a67-9a3c-${String(index).padStart(12, '0')}`,
  }));
  for (let start = 0; start < results.length; start += 500)
    await insertResults(
      db,
      results.slice(start, start + 500).map((post) => ({ post, addressGroup: '192.0.2.1' })),
      { perAddress: 1_000_000, perNetwork: 1_000_000 },
    );
}

describe.each(ENGINES)('backup and restore on the %s database', (name, makeDatabases) => {
  const databases = makeDatabases();
  const opened: Database[] = [];
  /** A new empty database, apart from any other this test opened. */
  const fresh = async () => {
    if (name === 'postgres') return databases.fresh();
    const db = await separateEmbeddedDatabase();
    opened.push(db);
    return db;
  };
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
  });
  let folder: string;
  let out: string[];
  let err: string[];
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'linchpin-backup-'));
    out = [];
    err = [];
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));
  afterAll(() => databases.dispose());

  const owner = (db: Database, ...argv: string[]) =>
    runOwnerCommand(parseOwnerArgs(argv).command, {
      source: () =>
        Promise.resolve({ ...databaseSource(db, 'test'), close: () => Promise.resolve() }),
      databases: () => Promise.reject(new Error('not in these tests')),
      puzzlesDir: folder,
      backupDir: join(folder, 'backups'),
      cwd: folder,
      now: Date.now,
      random: Math.random,
      out: (text) => out.push(text),
      err: (text) => err.push(text),
    });

  it('backs up everything and restores it, row for row, into an empty database', async () => {
    const original = await fresh();
    await fill(original);
    expect(await owner(original, 'backup', 'site.backup.gz')).toBe(0);
    expect(out).toEqual([
      'Backed up 2 messages, 1 submission and 1,205 crowd results to site.backup.gz.',
    ]);
    expect(existsSync(join(folder, 'site.backup.gz.partial'))).toBe(false);

    const copy = await fresh();
    out = [];
    expect(await owner(copy, 'restore', 'site.backup.gz')).toBe(0);
    expect(out).toEqual([
      'Restored 2 messages, 1 submission and 1,205 crowd results from site.backup.gz test.',
    ]);
    // Every column of every row, times to the microsecond, as the original holds them.
    expect(await summarise(copy)).toEqual(await summarise(original));
    expect(await listInbox(copy, 'messages')).toEqual(await listInbox(original, 'messages'));
    // New posts continue after the restored ids; a restored idempotency key still answers with its id.
    const [next] = await insertMany(copy, 'messages', [
      { values: { name: 'C', email: 'c@example.com', message: 'after' } },
    ]);
    expect(next).toBe(3);
    expect(
      await insertMany(copy, 'messages', [
        {
          values: { name: 'B', email: 'b@example.com', message: 'retry' },
          key: 'k3y-0123456789abcdef',
        },
      ]),
    ).toEqual([2]);
  });

  it('refuses to restore over a database that holds anything, unless told (--replace)', async () => {
    const original = await fresh();
    await fill(original);
    expect(await owner(original, 'backup', 'site.backup.gz')).toBe(0);

    const other = await fresh();
    await insertContactMessage(other, { name: 'Eve', email: 'eve@example.com', message: 'Mine' });
    expect(await owner(other, 'restore', 'site.backup.gz')).toBe(1);
    expect(err).toEqual([
      'The database already holds 1 message, 0 submissions and 0 crowd results. Nothing was restored. ' +
        'Restore into an empty database, or add --replace to delete what it holds first (restore site.backup.gz --replace).',
    ]);
    expect((await listInbox(other, 'messages')).map((entry) => entry.fields.name)).toEqual(['Eve']);

    expect(await owner(other, 'restore', 'site.backup.gz', '--replace')).toBe(0);
    expect(await summarise(other)).toEqual(await summarise(original));
  });

  it('refuses a cut-off or altered backup and changes nothing', async () => {
    const original = await fresh();
    await fill(original);
    expect(await owner(original, 'backup', 'site.backup.gz')).toBe(0);
    const lines = gunzipSync(readFileSync(join(folder, 'site.backup.gz')))
      .toString()
      .split('\n');

    writeFileSync(join(folder, 'cut.gz'), gzipSync(lines.slice(0, 600).join('\n')));
    const altered = lines.map((line) => line.replace('"First"', '"Changed"'));
    writeFileSync(join(folder, 'altered.gz'), gzipSync(altered.join('\n')));
    writeFileSync(join(folder, 'not.gz'), 'hello');

    const copy = await fresh();
    expect(await owner(copy, 'restore', 'cut.gz')).toBe(1);
    expect(await owner(copy, 'restore', 'altered.gz')).toBe(1);
    expect(await owner(copy, 'restore', 'not.gz')).toBe(1);
    expect(await owner(copy, 'restore', 'missing.gz')).toBe(1);
    expect(err).toEqual([
      'Nothing was restored: The backup is cut off: it has no end line.',
      "Nothing was restored: The backup's contact_messages rows do not match its own count and checksum.",
      expect.stringMatching(/^Nothing was restored: The backup could not be read \(.*\)\.$/),
      'There is no file missing.gz.',
    ]);
    const empty = await summarise(copy);
    expect(empty.counts).toMatchObject({
      contact_messages: 0,
      puzzle_submissions: 0,
      puzzle_results: 0,
      puzzle_results_not_counted: 0,
      friend_groups: 0,
      friend_members: 0,
      friend_results: 0,
    });
  });

  it('forgets a person: every message and submission from that address, whatever its case', async () => {
    const db = await fresh();
    await fill(db);
    await insertPuzzleSubmission(db, { ...SUBMISSION, email: ' ADA@example.com ' });
    expect(await owner(db, 'forget', 'ada@EXAMPLE.com')).toBe(0);
    expect(out).toEqual(['Deleted 1 message and 1 submission sent from ada@EXAMPLE.com.']);
    expect((await listInbox(db, 'messages')).map((entry) => entry.fields.name)).toEqual(['Bob']);
    expect(await listInbox(db, 'submissions')).toHaveLength(1);
    out = [];
    expect(await owner(db, 'forget', 'nobody@example.com')).toBe(0);
    expect(out).toEqual(['Deleted 0 messages and 0 submissions sent from nobody@example.com.']);
  });
});

describe('move-to-postgres: the embedded database copied into PostgreSQL', () => {
  const embedded = embeddedTestDatabases();
  const postgres = postgresTestDatabases();
  beforeAll(() => Promise.all([embedded.prepare(), postgres.prepare()]), PREPARE_TIMEOUT_MS);
  afterAll(() => Promise.all([embedded.dispose(), postgres.dispose()]));

  it('copies every row, then counts and checks the copy against the original', async () => {
    const from = await embedded.fresh();
    await fill(from);
    const to = await postgres.fresh();
    const { copied, check } = await copyDatabase(from, to, { replace: false });
    expect(copied.counts).toMatchObject({
      contact_messages: 2,
      puzzle_submissions: 1,
      puzzle_results: 1205,
      friend_groups: 0,
      friend_members: 0,
      friend_results: 0,
      server_secret: 1,
    });
    expect(check).toEqual(copied);
    // The database's own secret moves with it: stored address keys and opaque ids stay valid.
    expect(await to.query('SELECT secret FROM server_secret')).toEqual(
      await from.query('SELECT secret FROM server_secret'),
    );
    expect(await listInbox(to, 'messages')).toEqual(await listInbox(from, 'messages'));
  });

  it('refuses a PostgreSQL database that holds anything, and copies nothing', async () => {
    const from = await embedded.fresh();
    await fill(from);
    const to = await postgres.fresh();
    await insertContactMessage(to, { name: 'Eve', email: 'eve@example.com', message: 'Mine' });
    await expect(copyDatabase(from, to, { replace: false })).rejects.toThrow(
      'The database is not empty.',
    );
    expect((await summarise(to)).counts).toMatchObject({
      contact_messages: 1,
      puzzle_submissions: 0,
      puzzle_results: 0,
      friend_groups: 0,
      friend_members: 0,
      friend_results: 0,
    });
  });
});
