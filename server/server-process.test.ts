import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeFixtureSite } from './testing/fixture-site';
import { runScript, startServer, type ServerProcess } from './testing/server-process';
import { PREPARE_TIMEOUT_MS, postgresTestDatabases } from './testing/test-databases';

/**
 * The real server process: start-up, restart durability (a clean stop and a crash), graceful
 * shutdown with a request in flight, a bad configuration, and the owner's tool beside it.
 */
const TEST_TIMEOUT_MS = 120_000;
const site = makeFixtureSite();
const dataDir = mkdtempSync(join(tmpdir(), 'linchpin-server-data-'));
const embeddedEnv = { DATA_DIR: dataDir, DIST_DIR: site.distDir };

afterAll(() => {
  site.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

const ownerList = z.array(
  z.object({
    id: z.number(),
    createdAt: z.string(),
    handled: z.boolean(),
    name: z.string(),
    message: z.string(),
  }),
);

async function post(server: ServerProcess, message: string): Promise<number> {
  const response = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message }),
  });
  return response.status;
}

async function postMany(server: ServerProcess, count: number, prefix: string): Promise<number> {
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, index) => post(server, `${prefix} ${index}`)),
  );
  return statuses.filter((status) => status === 201).length;
}

async function ownerMessages(env: Record<string, string>) {
  const result = await runScript('cli/owner.ts', ['messages', '--json'], env);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return ownerList.parse(JSON.parse(result.stdout));
}

describe('the server on the embedded database', () => {
  it(
    'serves the site, takes a message the owner lists through it, stops cleanly, and keeps the message',
    async () => {
      const server = await startServer(embeddedEnv);
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const page = await fetch(`${server.url}/archive`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(await post(server, 'Hello from the contact page')).toBe(201);

      // While the server holds the data folder, the tool goes through it.
      const listed = await ownerMessages(embeddedEnv);
      expect(listed).toMatchObject([
        { id: 1, handled: false, name: 'Ada', message: 'Hello from the contact page' },
      ]);

      expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('Linchpin stopped.');

      // With the server stopped, the tool opens the folder itself.
      expect(await ownerMessages(embeddedEnv)).toMatchObject([
        { id: 1, message: 'Hello from the contact page' },
      ]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'keeps every accepted post through a crash (SIGKILL); finishes a request in flight on SIGTERM and exits 0',
    async () => {
      const server = await startServer(embeddedEnv);
      const accepted = await postMany(server, 100, 'before the crash');
      expect(accepted).toBe(100);
      expect((await server.stop('SIGKILL')).signal).toBe('SIGKILL');

      const restarted = await startServer(embeddedEnv);
      const { port } = new URL(restarted.url);
      const body = JSON.stringify({
        name: 'Slow',
        email: 'slow@example.com',
        message: 'sent while stopping',
      });
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));

      // Headers and half the body, then the signal, then the rest.
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      socket.write(body.slice(0, 20));
      await new Promise((resolve) => setTimeout(resolve, 200));
      restarted.child.kill('SIGTERM');
      // No longer accepting (polled: a busy machine may take a moment to act on the signal)…
      await expect
        .poll(
          () =>
            fetch(`${restarted.url}/api/health`).then(
              () => 'accepting',
              () => 'refusing',
            ),
          { timeout: 20_000, interval: 100 },
        )
        .toBe('refusing');
      // …but the request in flight is finished and stored.
      socket.end(body.slice(20));
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 201 /);
      expect(await restarted.exited).toEqual({ code: 0, signal: null });

      const messages = await ownerMessages(embeddedEnv);
      expect(messages.filter((entry) => entry.message.startsWith('before the crash'))).toHaveLength(
        accepted,
      );
      expect(messages.some((entry) => entry.message === 'sent while stopping')).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses to start with a bad setting, saying which and why',
    async () => {
      const result = await runScript('server/index.ts', [], {
        ...embeddedEnv,
        PORT: 'eighty',
        RATE_LIMIT_WINDOW: 'soon',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Configuration error:');
      expect(result.stderr).toContain('PORT must be a whole number from 0 to 65535, not "eighty".');
      expect(result.stderr).toContain('RATE_LIMIT_WINDOW must be a duration');
    },
    TEST_TIMEOUT_MS,
  );
});

describe('the server on PostgreSQL (DATABASE_URL)', () => {
  const databases = postgresTestDatabases();
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  afterAll(() => databases.dispose());

  it(
    'keeps every accepted post through a crash and a restart, and the owner lists them',
    async () => {
      await databases.fresh();
      const url = databases.lastUrl() ?? '';
      const env = { DATABASE_URL: url, DIST_DIR: site.distDir };
      const server = await startServer(env);
      const accepted = await postMany(server, 100, 'on postgres');
      expect(accepted).toBe(100);
      await server.stop('SIGKILL');

      const restarted = await startServer(env);
      expect((await restarted.stop('SIGTERM')).code).toBe(0);
      const messages = await ownerMessages(env);
      expect(messages).toHaveLength(accepted);
      expect(messages[0]?.id).toBe(100);
    },
    TEST_TIMEOUT_MS,
  );
});
