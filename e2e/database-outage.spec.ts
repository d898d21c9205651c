import { expect, test } from '@playwright/test';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { startStack, stopStack, type StackState } from '../deploy/stack';
import { type Database } from '../server/db/database';
import { postgresTestDatabases } from '../server/testing/test-databases';

/**
 * The database stops answering under the reference stack (Varnish → nginx → 3 processes →
 * PostgreSQL): pages, assets and puzzle files are still served, through the cache and through
 * nginx alike (no process is taken out: /api/health stays 200, its body saying the database is
 * unreachable); forms are answered 503 with the text the form shows, and nothing acknowledged is
 * lost. Once the database answers again, forms work without a restart. The outage is made by a
 * TCP proxy of the test's own between the servers and PostgreSQL (cut, then restored): the
 * machine's PostgreSQL itself is never stopped. Prints its figures.
 */
const BASE_PORT = Number(process.env.E2E_OUTAGE_BASE_PORT ?? 8270);
const DATABASE_PROXY_PORT = BASE_PORT + 40;
const OUTAGE_MS = 8000;
const STORE_FAILED = 'We could not save what you sent just now. Please try again in a minute.';

/** A TCP proxy to PostgreSQL that the test cuts (every connection closed, new ones refused) and restores. */
class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  constructor(
    private readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  /** The database goes away: open connections are reset, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

let stack: StackState;
let proxy: CuttableProxy;
let db: Database;
const databases = postgresTestDatabases();

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await databases.prepare();
  db = await databases.fresh();
  const direct = new URL(databases.lastUrl() ?? '');
  proxy = new CuttableProxy(DATABASE_PROXY_PORT, {
    host: direct.hostname,
    port: Number(direct.port || 5432),
  });
  await proxy.open();
  const throughProxy = new URL(direct.href);
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(DATABASE_PROXY_PORT);
  stack = await startStack({
    base: BASE_PORT,
    databaseUrl: throughProxy.href,
    serverEnv: { RATE_LIMIT_MAX: '100000' },
    log: () => {},
  });
});

test.afterAll(async () => {
  if (stack) await stopStack(stack, () => {});
  await proxy?.cut();
  await databases.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Posts a contact message (with its idempotency key, as the site's form does); its status. */
async function postContact(
  base: string,
  message: string,
  key: string,
): Promise<{ status: number; error: string | null }> {
  try {
    const response = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message }),
    });
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    return { status: response.status, error: body.error ?? null };
  } catch {
    return { status: 0, error: null };
  }
}

test('a database outage: pages still served, forms a clear 503, nothing acknowledged lost, forms back without a restart', async ({
  page,
}) => {
  const html = await (await fetch(`${stack.url}/`)).text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0] ?? '/favicon.svg';
  const PAGES = ['/', '/about', '/archive', '/contact', '/puzzles/index.json', asset];
  const acknowledged: string[] = [];
  const posted = { during: 0, refused503: 0, otherFailures: [] as number[], clearText: 0 };
  const pages = { cache: 0, nginx: 0, ok: 0, failed: [] as string[] };
  let phase: 'before' | 'outage' | 'after' = 'before';
  let running = true;

  // Players loading pages, through the cache and straight through nginx (nothing cached there).
  const reader = async (base: string, where: 'cache' | 'nginx') => {
    for (let index = 0; running; index += 1) {
      const path = PAGES[index % PAGES.length] ?? '/';
      const response = await fetch(`${base}${path}`).catch(() => null);
      await response?.arrayBuffer();
      if (phase !== 'outage') continue;
      pages[where] += 1;
      if (response?.status === 200) pages.ok += 1;
      else pages.failed.push(`${where} ${path} ${response?.status ?? 'no answer'}`);
    }
  };
  // A player posting messages through nginx; each acknowledged one must be stored.
  const poster = async () => {
    for (let index = 0; running; index += 1) {
      const message = `message ${index}`;
      const { status, error } = await postContact(
        stack.proxyUrl,
        message,
        `outage-test-${index}-0123456789abcdef`,
      );
      if (status === 201) acknowledged.push(message);
      if (phase === 'outage') {
        posted.during += 1;
        if (status === 503) {
          posted.refused503 += 1;
          if (error === STORE_FAILED) posted.clearText += 1;
        } else if (status !== 201) posted.otherFailures.push(status);
      }
      await sleep(50);
    }
  };
  // A monitor asking whether forms can be stored, through nginx, as a status page would: its 503
  // must not make nginx take out processes that serve pages.
  const readiness = { asked: 0, unready: 0 };
  const monitor = async () => {
    while (running) {
      const response = await fetch(`${stack.proxyUrl}/api/health/database`).catch(() => null);
      await response?.arrayBuffer();
      if (phase === 'outage') {
        readiness.asked += 1;
        if (response?.status === 503) readiness.unready += 1;
      }
      await sleep(100);
    }
  };
  const load = Promise.all([
    reader(stack.url, 'cache'),
    reader(stack.proxyUrl, 'nginx'),
    reader(stack.proxyUrl, 'nginx'),
    poster(),
    monitor(),
  ]);
  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(5);

  // The database goes away.
  await proxy.cut();
  const cutAt = Date.now();
  phase = 'outage';
  await expect
    .poll(async () => (await fetch(`${stack.proxyUrl}/api/health/database`)).status, {
      timeout: 15_000,
    })
    .toBe(503);
  // Every process still says it can serve (so no load balancer takes it out), the database down.
  for (const server of stack.serverUrls) {
    const health = await fetch(`${server}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'unreachable', site: 'built' });
  }
  // A player sends the contact form: a clear message, every typed value kept.
  expect((await page.goto(`${stack.url}/contact`))?.status()).toBe(200);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Grace');
  await page.getByRole('textbox', { name: /^Email/ }).fill('grace@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Sent during the outage.');
  const refused = page.waitForResponse(`${stack.url}/api/contact`);
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await refused).status()).toBe(503);
  await expect(page.getByRole('alert')).toContainText(STORE_FAILED);
  await expect(page.getByRole('alert')).toContainText('Nothing was lost');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'Sent during the outage.',
  );
  const remaining = OUTAGE_MS - (Date.now() - cutAt);
  if (remaining > 0) await sleep(remaining);

  // The database is back: forms work again without restarting anything.
  phase = 'after';
  const outageMs = Date.now() - cutAt;
  await proxy.open();
  const backAt = Date.now();
  let recoveredMs = -1;
  await expect
    .poll(
      async () => {
        const { status } = await postContact(
          stack.proxyUrl,
          'after the outage',
          'outage-test-after-0123456789abcdef',
        );
        if (status === 201 && recoveredMs < 0) recoveredMs = Date.now() - backAt;
        return status;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(201);
  acknowledged.push('after the outage');
  // The player sends the same form again: stored, thanked.
  const sent = page.waitForResponse(`${stack.url}/api/contact`);
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await sleep(1000);
  running = false;
  await load;

  const stored = new Set(
    (await db.query('SELECT message FROM contact_messages')).map((row) => String(row.message)),
  );
  const lost = acknowledged.filter((message) => !stored.has(message));
  console.log(
    [
      `database outage of ${(outageMs / 1000).toFixed(1)} s under the stack (3 processes):`,
      `  pages, assets and puzzle files: ${pages.cache + pages.nginx} requests (${pages.cache} through the cache, ${pages.nginx} through nginx), ${pages.ok} answered 200, ${pages.failed.length} failed`,
      `  form posts during it: ${posted.during}, answered 503 ${posted.refused503} (${posted.clearText} with the form's text), other failures ${posted.otherFailures.length}`,
      `  /api/health of each process: 200, "database":"unreachable"; /api/health/database through nginx: ${readiness.unready} of ${readiness.asked} answered 503`,
      `  forms again ${recoveredMs} ms after the database came back (no restart)`,
      `  acknowledged posts: ${acknowledged.length}, stored: ${acknowledged.length - lost.length}, lost: ${lost.length}`,
    ].join('\n'),
  );
  expect(pages.failed).toEqual([]);
  expect(pages.ok).toBeGreaterThan(20);
  expect(posted.otherFailures).toEqual([]);
  expect(posted.refused503).toBeGreaterThan(0);
  expect(posted.clearText).toBe(posted.refused503);
  expect(lost).toEqual([]);
  expect(stored.has('Sent during the outage.')).toBe(true);
});
