import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOwnerAccess } from './owner-access';
import { makeFixtureSite } from './testing/fixture-site';
import { startServer } from './testing/server-process';

/**
 * A 201 from the embedded database means the post is on disk: the server runs under strace, and
 * between one answer and the next 201 the write-ahead log (pg_wal) is flushed with fsync. PGlite's
 * defaults (fsync off, no flush in its Node file system) make no such call at all.
 * strace is a Debian package; `npm test` installs it like Chromium (scripts/gate.mjs).
 */
const TEST_TIMEOUT_MS = 120_000;
const site = makeFixtureSite();
const root = mkdtempSync(join(tmpdir(), 'linchpin-durability-'));
afterAll(() => {
  site.remove();
  rmSync(root, { recursive: true, force: true });
});

function hasStrace(): boolean {
  try {
    execFileSync('strace', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('an acknowledged post on the embedded database', () => {
  it(
    'is flushed to disk (fsync of the write-ahead log) before its 201 is sent',
    async () => {
      expect(hasStrace(), "strace is missing: install Debian's strace package").toBe(true);
      const dataDir = join(root, 'data');
      const trace = join(root, 'trace.txt');
      const server = await startServer({ DATA_DIR: dataDir, DIST_DIR: site.distDir }, 120_000, [
        'strace',
        '-f',
        '-y',
        '-s',
        '24',
        '-e',
        'trace=fsync,fdatasync,write,writev',
        '-o',
        trace,
      ]);
      const posts = 5;
      try {
        // One at a time, so each post is its own batch.
        for (let index = 0; index < posts; index += 1) {
          const response = await fetch(`${server.url}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: 'Ada',
              email: 'ada@example.com',
              message: `post ${index}`,
            }),
          });
          expect(response.status).toBe(201);
        }
      } finally {
        // strace passes signals on poorly: stop the server itself, by the pid it wrote.
        const access = await readOwnerAccess(dataDir);
        if (access) process.kill(access.pid, 'SIGTERM');
        await server.exited;
      }
      const lines = readFileSync(trace, 'utf8').split('\n');
      const answers = lines.flatMap((line, index) => (/HTTP\/1\.1 201 /.test(line) ? [index] : []));
      expect(answers).toHaveLength(posts);
      let previous = 0;
      for (const answer of answers) {
        const flushes = lines
          .slice(previous, answer)
          .filter((line) =>
            /\b(fsync|fdatasync)\(\d+<[^>]*\/pg_wal\/[0-9A-F]{24}>\) = 0/.test(line),
          );
        expect(flushes.length, `a WAL flush before answer line ${answer}`).toBeGreaterThan(0);
        previous = answer;
      }
    },
    TEST_TIMEOUT_MS,
  );
});
