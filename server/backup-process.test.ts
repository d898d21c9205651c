import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { processFolders } from './testing/process-folders';
import { runScript, startServer, type ServerProcess } from './testing/server-process';
import { PREPARE_TIMEOUT_MS, postgresTestDatabases } from './testing/test-databases';

/**
 * `npm run owner -- backup` while the server takes a stream of posts, then `restore` into an empty
 * database: every post acknowledged before the backup began is there, and nothing that was not
 * sent. On the embedded database (the tool goes through the server that holds the folder) and on
 * PostgreSQL; then `forget` through the server, and move-to-postgres refused while a server runs.
 */
const TEST_TIMEOUT_MS = 180_000;
const { site, folder } = processFolders();

const listed = z.array(z.object({ id: z.number(), email: z.string(), message: z.string() }));

async function owner(env: Record<string, string>, ...args: string[]) {
  return runScript('cli/owner.ts', args, env);
}

async function messages(env: Record<string, string>): Promise<z.infer<typeof listed>> {
  const result = await owner(env, 'messages', '--json');
  expect(result.stderr).toBe('');
  return listed.parse(JSON.parse(result.stdout));
}

/** Posts from 4 connections until stopped; each acknowledged post with when its 201 came. */
function streamOfPosts(server: ServerProcess) {
  const acknowledged: { message: string; at: number }[] = [];
  const sent = new Set<string>();
  let running = true;
  let failed = 0;
  const worker = async (lane: number) => {
    for (let index = 0; running; index += 1) {
      const message = `lane ${lane} post ${index}`;
      sent.add(message);
      const response = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada', email: `ada${lane}@example.com`, message }),
      }).catch(() => null);
      if (response?.status === 201) acknowledged.push({ message, at: Date.now() });
      else failed += 1;
    }
  };
  const workers = Promise.all([0, 1, 2, 3].map(worker));
  return {
    acknowledged,
    sent,
    failed: () => failed,
    stop: async () => {
      running = false;
      await workers;
    },
  };
}

/** Backs up while posts stream in; returns the backup's file and the posts acknowledged before it began. */
async function backupDuringPosts(server: ServerProcess, env: Record<string, string>, file: string) {
  const stream = streamOfPosts(server);
  await expect.poll(() => stream.acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(50);
  const began = Date.now();
  const before = stream.acknowledged.filter((post) => post.at < began).map((post) => post.message);
  const result = await owner(env, 'backup', file);
  await expect
    .poll(() => stream.acknowledged.length, { timeout: 30_000 })
    .toBeGreaterThan(before.length + 20);
  await stream.stop();
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(
    /^Backed up [\d,]+ messages, 0 submissions and 0 crowd results to /,
  );
  expect(stream.failed()).toBe(0);
  return { before, sent: stream.sent, all: stream.acknowledged };
}

describe('backup and restore with the server running', () => {
  it(
    'on the embedded database: every post acknowledged before the backup is restored',
    async () => {
      const dataDir = folder('data');
      const env = { DATA_DIR: dataDir, DIST_DIR: site.distDir };
      const file = join(folder('backups'), 'site.backup.gz');
      const server = await startServer(env);
      const posts = await backupDuringPosts(server, env, file);
      // The first database goes on; the backup is restored into a new folder, by the tool itself.
      const restoredDir = folder('restored');
      const restoredEnv = { DATA_DIR: restoredDir, DIST_DIR: site.distDir };
      const restore = await owner(restoredEnv, 'restore', file);
      expect(restore.stderr).toBe('');
      expect(restore.stdout).toMatch(
        /^Restored [\d,]+ messages, 0 submissions and 0 crowd results/,
      );
      const restored = await messages(restoredEnv);
      const messagesRestored = new Set(restored.map((entry) => entry.message));
      expect(posts.before.filter((message) => !messagesRestored.has(message))).toEqual([]);
      expect([...messagesRestored].filter((message) => !posts.sent.has(message))).toEqual([]);
      // Rows are restored with their ids: each the original's.
      const original = new Map((await messages(env)).map((entry) => [entry.id, entry.message]));
      for (const entry of restored) expect(original.get(entry.id)).toBe(entry.message);

      // Restoring again over it is refused; through a running server too.
      const restoredServer = await startServer(restoredEnv);
      const again = await owner(restoredEnv, 'restore', file);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('Nothing was restored.');
      // forget, through the server that holds the folder.
      const forget = await owner(restoredEnv, 'forget', 'ADA1@example.com');
      expect(forget.stdout).toMatch(/^Deleted [\d,]+ messages? and 0 submissions sent from /);
      expect(
        (await messages(restoredEnv)).some((entry) => entry.email === 'ada1@example.com'),
      ).toBe(false);
      // move-to-postgres will not copy a folder a server is still taking posts into.
      const move = await owner(
        { ...restoredEnv, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
        'move-to-postgres',
      );
      expect(move.code).toBe(1);
      expect(move.stderr).toContain('Stop the server first');
      expect((await restoredServer.stop()).code).toBe(0);
      expect((await server.stop()).code).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('backup and restore on PostgreSQL', () => {
  const databases = postgresTestDatabases();
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  afterAll(() => databases.dispose());

  it(
    'every post acknowledged before the backup is restored into an empty database',
    async () => {
      await databases.fresh();
      const env = { DATABASE_URL: databases.lastUrl() ?? '', DIST_DIR: site.distDir };
      const file = join(folder('backups'), 'site.backup.gz');
      const server = await startServer(env);
      const posts = await backupDuringPosts(server, env, file);
      expect((await server.stop()).code).toBe(0);

      await databases.fresh();
      const restoredEnv = { DATABASE_URL: databases.lastUrl() ?? '', DIST_DIR: site.distDir };
      const restore = await owner(restoredEnv, 'restore', file);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      const restored = new Set((await messages(restoredEnv)).map((entry) => entry.message));
      expect(posts.before.filter((message) => !restored.has(message))).toEqual([]);
      expect([...restored].filter((message) => !posts.sent.has(message))).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('move-to-postgres, in the order docs/server.md gives', () => {
  const databases = postgresTestDatabases();
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  afterAll(() => databases.dispose());

  it(
    'stop, copy, start on PostgreSQL: no post lost, and the copy counted and checked',
    async () => {
      const dataDir = folder('data');
      const embeddedEnv = { DATA_DIR: dataDir, DIST_DIR: site.distDir };
      const server = await startServer(embeddedEnv);
      const stream = streamOfPosts(server);
      await expect.poll(() => stream.acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(40);
      // 1. Stop the server (the posts in flight are finished first).
      const stopped = server.stop();
      await stream.stop();
      // Posts sent once it stopped listening are refused, never acknowledged: none is lost.
      expect((await stopped).code, server.output()).toBe(0);

      // 2. Copy.
      await databases.fresh();
      const postgresEnv = { DATABASE_URL: databases.lastUrl() ?? '', DIST_DIR: site.distDir };
      const move = await owner({ ...embeddedEnv, ...postgresEnv }, 'move-to-postgres');
      expect(move.stderr).toBe('');
      expect(move.code).toBe(0);
      expect(move.stdout).toMatch(
        /Copied [\d,]+ messages, 0 submissions and 0 crowd results; counted and checked on PostgreSQL/,
      );
      // Twice is refused: the PostgreSQL database is no longer empty.
      const twice = await owner({ ...embeddedEnv, ...postgresEnv }, 'move-to-postgres');
      expect(twice.code).toBe(1);

      // 3. Start on PostgreSQL: every acknowledged post is there, and new ones follow.
      const moved = await startServer(postgresEnv);
      const after = await fetch(`${moved.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'after the move' }),
      });
      expect(after.status).toBe(201);
      const listedAfter = await messages(postgresEnv);
      const have = new Set(listedAfter.map((entry) => entry.message));
      expect(stream.acknowledged.filter((post) => !have.has(post.message))).toEqual([]);
      expect(listedAfter[0]).toMatchObject({ message: 'after the move' });
      expect(listedAfter[0]?.id).toBe(
        Math.max(...listedAfter.slice(1).map((entry) => entry.id)) + 1,
      );
      expect((await moved.stop()).code).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );
});
