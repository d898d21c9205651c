import { createHash } from 'node:crypto';
import { createWriteStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TABLE_NAMES } from './db/backup';
import { processFolders } from './testing/process-folders';
import { REPO_ROOT, runScript, startServer } from './testing/server-process';

/**
 * `npm run owner -- restore` through the running server, of a backup that takes more than 30 s
 * (the server's request time limit) to restore on this machine, while a player posts the contact
 * form: the restore completes under its own time limit, and every post is answered 201 within a
 * bound, since the restore stores its rows in batches with posts in between.
 */
const { site, folder } = processFolders();

const MIGRATIONS = readdirSync(join(REPO_ROOT, 'server/db/migrations')).filter((name) =>
  name.endsWith('.sql'),
);
/** The restore is made to take at least this long here, so it is well past the 30 s. */
const TARGET_MS = 45_000;
/** Every form post during the restore is answered within this. */
const POST_BOUND_MS = 3000;

/** A backup file of `count` contact messages, written as the backup writes one. */
async function writeBackupFile(path: string, count: number): Promise<void> {
  const hashes = new Map(TABLE_NAMES.map((name) => [name, createHash('sha256')]));
  const counts = Object.fromEntries(TABLE_NAMES.map((name) => [name, 0]));
  function* lines(): Generator<string> {
    yield JSON.stringify({
      format: 'linchpin-backup',
      version: 2,
      createdAt: '2026-12-01T03:00:00.000Z',
      migrations: MIGRATIONS,
    });
    const row = (table: (typeof TABLE_NAMES)[number], json: string) => {
      hashes.get(table)?.update(`${json}\n`);
      counts[table] = (counts[table] ?? 0) + 1;
      return `{"table":"${table}","row":${json}}`;
    };
    for (let id = 1; id <= count; id += 1) {
      yield row(
        'contact_messages',
        `{"id":${id},"created_at":"2026-11-30T12:00:00+00:00","handled_at":null,"name":"Ada","email":"ada${id % 97}@example.com","message":"Restored message ${id}","idempotency_key":null}`,
      );
    }
    yield row('server_secret', '{"only_row":true,"secret":"restored-secret-0123456789abcdef"}');
    const sha256 = Object.fromEntries(
      TABLE_NAMES.map((name) => [name, hashes.get(name)?.digest('hex')]),
    );
    yield JSON.stringify({ end: true, counts, sha256 });
  }
  await pipeline(
    Readable.from(
      (function* () {
        for (const line of lines()) yield `${line}\n`;
      })(),
    ),
    createGzip(),
    createWriteStream(path),
  );
}

describe('restore through the running server', () => {
  it('of a backup that takes over 30 s: completes, and forms are answered all the while', async () => {
    const dataDir = folder('data');
    const env = { DATA_DIR: dataDir, DIST_DIR: site.distDir };
    const backups = folder('backups');
    const server = await startServer(env);
    const restore = (file: string) =>
      runScript('cli/owner.ts', ['restore', file, '--replace'], env);

    // How fast this machine restores just now (the tool's own start taken out), to size a
    // backup that takes TARGET_MS.
    const timed = async (count: number) => {
      const file = join(backups, `sample-${count}.backup.gz`);
      await writeBackupFile(file, count);
      const start = Date.now();
      const result = await restore(file);
      expect(result.stderr).toBe('');
      return Date.now() - start;
    };
    const sample = 20_000;
    const perRowMs = Math.max(0.01, ((await timed(sample)) - (await timed(1))) / sample);
    const sized = Math.min(3_000_000, Math.max(100_000, Math.ceil(TARGET_MS / perRowMs)));

    // The restore of `count` rows, while a player posts the contact form, one post after
    // another, for the whole of it.
    const restoreWhilePosting = async (count: number) => {
      const file = join(backups, `big-${count}.backup.gz`);
      await writeBackupFile(file, count);
      let posting = true;
      const posts: { status: number; ms: number }[] = [];
      const player = (async () => {
        for (let index = 0; posting; index += 1) {
          const start = Date.now();
          const response = await fetch(`${server.url}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: 'Grace',
              email: 'grace@example.com',
              message: `During the restore ${index}`,
            }),
          }).catch(() => null);
          posts.push({ status: response?.status ?? 0, ms: Date.now() - start });
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const began = Date.now();
      const big = await restore(file);
      const tookMs = Date.now() - began;
      posting = false;
      await player;
      return { big, tookMs, posts };
    };
    // The sample may be timed while other work slows the machine and the restore run once it is
    // quiet (a gate run measured 0.155 ms a row, then restored at 0.095): a restore that ends
    // under 30 s is made again, larger, from what it took.
    let rows = sized;
    let run = await restoreWhilePosting(rows);
    // Every post of every restore is checked, not only the last one's.
    const posts = [...run.posts];
    let restores = 1;
    for (; restores < 3 && run.tookMs <= 30_000; restores += 1) {
      rows = Math.ceil((rows * TARGET_MS) / run.tookMs);
      run = await restoreWhilePosting(rows);
      posts.push(...run.posts);
    }
    const { big, tookMs } = run;

    const slowest = Math.max(...posts.map((post) => post.ms));
    const failed = posts.filter((post) => post.status !== 201);
    console.log(
      [
        `restore through the running server of ${rows.toLocaleString('en')} rows (${perRowMs.toFixed(3)} ms a row measured first; restore ${restores} of at most 3): ${(tookMs / 1000).toFixed(1)} s`,
        `  form posts during it: ${posts.length}, answered 201: ${posts.length - failed.length}, slowest ${slowest} ms (bound ${POST_BOUND_MS} ms)`,
      ].join('\n'),
    );
    expect(big.stderr).toBe('');
    expect(big.stdout).toMatch(
      new RegExp(
        `^Restored ${rows.toLocaleString('en')} messages, 0 submissions and 0 crowd results`,
      ),
    );
    expect(tookMs).toBeGreaterThan(30_000);
    expect(failed).toEqual([]);
    expect(slowest).toBeLessThan(POST_BOUND_MS);

    // Everything restored is there, and the posts stored meanwhile beside it.
    const after = await runScript(
      'cli/owner.ts',
      ['backup', join(backups, 'after.backup.gz')],
      env,
    );
    const stored = Number(
      /^Backed up ([\d,]+) messages/.exec(after.stdout)?.[1]?.replaceAll(',', ''),
    );
    expect(stored).toBeGreaterThanOrEqual(rows);
    expect((await server.stop()).code).toBe(0);
  }, 600_000);
});
