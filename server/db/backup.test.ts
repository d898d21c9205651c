import { type FastifyInstance } from 'fastify';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { makeFixtureSite, testConfig, writeServerCatalogue } from '../testing/fixture-site';
import { ENGINES, PREPARE_TIMEOUT_MS } from '../testing/test-databases';
import { BACKUP_TABLES, restoreBackup, schemaTables, summarise, writeBackup } from './backup';
import { type Database } from './database';
import { resultsNotCounted } from './results-store';

/**
 * A backup holds every table of the database, its own secret included, so a restored database
 * gives the same answers: a retried post gets the same opaque id, an address's results go on being
 * counted from where they were, and the "not counted" tally is there.
 */
const NOW = Date.parse('2026-11-25T12:00:00Z');
const site = makeFixtureSite();
writeServerCatalogue(site.distDir, [{ id: 'puzzle_1', date: '2026-11-24' }]);
afterAll(() => site.remove());

const KEY = '0123456789abcdef0123456789abcdef';
const CONTACT = { name: 'Ada', email: 'ada@example.com', message: 'Hello there' };
const browser = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The lines of a backup of `db`, as a file would hold them (gunzipped). */
async function backupLines(db: Database): Promise<string> {
  const lines: string[] = [];
  await writeBackup(db, (line) => {
    lines.push(line);
  });
  return `${lines.join('\n')}\n`;
}

function appOn(db: Database): FastifyInstance {
  return createApp({
    db,
    config: testConfig({ distDir: site.distDir, resultsPerAddress: 2 }),
    logger: false,
    now: () => NOW,
  });
}

const postContact = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: JSON.stringify(CONTACT),
    headers: { 'content-type': 'application/json', 'idempotency-key': KEY },
  });
const postResult = (app: FastifyInstance, n: number) =>
  app.inject({
    method: 'POST',
    url: '/api/results',
    payload: JSON.stringify({
      puzzleId: 'puzzle_1',
      mode: 'normal',
      won: true,
      tries: 1,
      wrongTries: [],
      browserId: browser(n),
    }),
    headers: { 'content-type': 'application/json' },
  });

describe.each(ENGINES)('backups of the %s database', (_name, makeDatabases) => {
  const databases = makeDatabases();
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  afterAll(() => databases.dispose());

  it('hold every table the migrations make (a new table cannot be forgotten)', async () => {
    const db = await databases.fresh();
    const tables = (await schemaTables(db)).filter((name) => name !== 'schema_migrations');
    expect(tables).toEqual(BACKUP_TABLES.map((table) => table.name).sort());
    await db.close();
  });

  it(
    'restore the same answers: the same opaque ids, the same counts per address',
    { timeout: 60_000 },
    async () => {
      const original = await databases.fresh();
      const before = appOn(original);
      const first = await postContact(before);
      expect(first.statusCode).toBe(201);
      // Two results count from this address (resultsPerAddress: 2); the third does not.
      const statuses = [];
      for (const n of [1, 2, 3]) statuses.push((await postResult(before, n)).json());
      expect(statuses.at(-1)).toEqual({ status: 'not counted' });
      const notCounted = await resultsNotCounted(original);
      const text = await backupLines(original);
      await before.close();
      await original.close();

      const restored = await databases.fresh();
      const summary = await restoreBackup(restored, Readable.from([text]), { replace: false });
      expect(summary.counts).toMatchObject({
        contact_messages: 1,
        puzzle_results: 2,
        puzzle_results_not_counted: 1,
        server_secret: 1,
      });
      const after = appOn(restored);
      // A retry of the post after the restore: answered as the first time, not stored again.
      const retry = await postContact(after);
      expect(retry.statusCode).toBe(201);
      expect(retry.body).toBe(first.body);
      // The address has had its two results of the puzzle: a fourth browser's is not counted either.
      expect((await postResult(after, 4)).json()).toEqual({ status: 'not counted' });
      expect(await resultsNotCounted(restored)).toEqual({
        puzzle_1: (notCounted.puzzle_1 ?? 0) + 1,
      });
      // And what it holds reads back as the backup had it, table by table.
      const again = await databases.fresh();
      await restoreBackup(again, Readable.from([text]), { replace: false });
      const check = await summarise(again);
      expect(check.sha256).toEqual(summary.sha256);
      await after.close();
      await restored.close();
      await again.close();
    },
  );

  it('restore a version 2 backup of a database from before groups of friends (migration 007)', async () => {
    // A backup as a server of that time wrote it: its migrations up to 006, no later table.
    const source = await databases.fresh();
    const app = appOn(source);
    expect((await postContact(app)).statusCode).toBe(201);
    await app.close();
    const later = new Set([
      'friend_groups',
      'friend_members',
      'friend_results',
      'reminder_subscriptions',
      'vapid_keys',
    ]);
    const old = (await backupLines(source))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => !later.has(String(line.table)))
      .map((line) => {
        if (line.format) {
          const migrations = line.migrations as string[];
          return { ...line, migrations: migrations.filter((name) => name < '007') };
        }
        if (!line.end) return line;
        const keep = (figures: unknown) =>
          Object.fromEntries(
            Object.entries(figures as Record<string, unknown>).filter(([name]) => !later.has(name)),
          );
        return { ...line, counts: keep(line.counts), sha256: keep(line.sha256) };
      });
    await source.close();
    const input = new PassThrough();
    input.end(old.map((line) => JSON.stringify(line)).join('\n') + '\n');
    const db = await databases.fresh();
    const summary = await restoreBackup(db, input, { replace: false });
    expect(summary.tables).not.toContain('friend_groups');
    expect(summary.tables).toContain('rate_limit_counters');
    expect(await db.query('SELECT message FROM contact_messages')).toEqual([
      { message: CONTACT.message },
    ]);
    await db.close();
  });

  it('restore a version 1 backup (three tables) and keep the database its own secret', async () => {
    const db = await databases.fresh();
    const [secret] = await db.query('SELECT secret FROM server_secret');
    const lines = new PassThrough();
    lines.end(
      [
        '{"format":"linchpin-backup","version":1,"createdAt":"2026-11-01T00:00:00.000Z","migrations":[]}',
        JSON.stringify({
          end: true,
          counts: { contact_messages: 0, puzzle_submissions: 0, puzzle_results: 0 },
          sha256: {
            contact_messages: EMPTY_SHA256,
            puzzle_submissions: EMPTY_SHA256,
            puzzle_results: EMPTY_SHA256,
          },
        }),
      ].join('\n'),
    );
    const summary = await restoreBackup(db, lines, { replace: false });
    expect(summary.tables).toEqual(['contact_messages', 'puzzle_submissions', 'puzzle_results']);
    expect(await db.query('SELECT secret FROM server_secret')).toEqual([secret]);
    await db.close();
  });
});

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
