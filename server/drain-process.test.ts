import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeFixtureSite } from './testing/fixture-site';
import { runScript, startServer } from './testing/server-process';

/**
 * A calm stop, as a load balancer sees it: on SIGTERM /api/health answers 503 for DRAIN_PERIOD while
 * every request, new ones too, is still served; then the server finishes what is in flight and
 * exits 0, every acknowledged post stored.
 */
const TEST_TIMEOUT_MS = 120_000;
const DRAIN_MS = 3000;
const site = makeFixtureSite();
const dataDir = mkdtempSync(join(tmpdir(), 'linchpin-drain-'));
afterAll(() => {
  site.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the drain on SIGTERM', () => {
  it(
    'answers health 503 for the drain period while serving pages and posts, then stops with every post stored',
    async () => {
      const env = {
        DATA_DIR: dataDir,
        DIST_DIR: site.distDir,
        DRAIN_PERIOD: `${DRAIN_MS}ms`,
        LOG_LEVEL: 'info',
      };
      const server = await startServer(env);
      const failures: string[] = [];
      const acknowledged: string[] = [];
      let running = true;
      // Players on keep-alive connections: a page, then a post, over and over.
      const worker = async (lane: number) => {
        for (let index = 0; running; index += 1) {
          const page = await fetch(`${server.url}/archive`).catch((error: unknown) => error);
          if (!(page instanceof Response) || page.status !== 200) failures.push(`page ${lane}`);
          else await page.arrayBuffer();
          const message = `lane ${lane} post ${index}`;
          const post = await fetch(`${server.url}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message }),
          }).catch((error: unknown) => error);
          if (post instanceof Response && post.status === 201) acknowledged.push(message);
          else failures.push(`post ${lane}`);
        }
      };
      const workers = Promise.all([0, 1, 2, 3].map(worker));
      await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(20);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      // The load balancer's health check sees 503 at its next look…
      await expect
        .poll(async () => (await fetch(`${server.url}/api/health`)).status, { interval: 50 })
        .toBe(503);
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toEqual({
        status: 'stopping',
        database: 'reachable',
        site: 'built',
      });
      const atHealth = acknowledged.length;
      // …and stops sending a little later; every request until then is served.
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS / 2));
      running = false;
      await workers;
      expect(failures).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(atHealth);

      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(server.output()).toContain('Linchpin stopped.');
      // The log at info says what the server does, never who wrote what.
      expect(server.output()).toContain('SIGTERM: health answers 503 for 3 s');
      expect(server.output()).not.toContain('ada@example.com');
      expect(server.output()).not.toContain('post 1');

      const listed = await runScript('cli/owner.ts', ['messages', '--json'], env);
      const stored = new Set(
        z
          .array(z.object({ message: z.string() }))
          .parse(JSON.parse(listed.stdout))
          .map((entry) => entry.message),
      );
      expect(acknowledged.filter((message) => !stored.has(message))).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
