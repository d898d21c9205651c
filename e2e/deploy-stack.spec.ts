import { expect, test } from '@playwright/test';
import { readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  defaultRunDir,
  killServer,
  readState,
  stackDatabase,
  stopStack,
  type StackState,
} from '../deploy/stack';
import { cloneCheckout, deployCli, privateFolder } from './deploy-support';

/**
 * The reference deployment's smoke test (deploy/, docs/server.md "Deploying at scale"): Varnish →
 * nginx → 3 Linchpin processes → PostgreSQL, started by `deploy/cli.ts start` from a clone of this
 * checkout in a folder only its owner may enter (mode 0700, as a `mktemp -d` or /root/linchpin):
 * Varnish's and nginx's workers run as users of their own and must still read the stack's run
 * files. What it measures at scale is `npm run bench:deploy`'s.
 */
const BASE_PORT = Number(process.env.E2E_DEPLOY_BASE_PORT ?? 8230);
const RATE_LIMIT = 3;
const PLAYER = 'linchpin_consent=accepted; linchpin_crowd=smoke-test-player';

let stack: StackState;
let privateDir = '';
let clone = '';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  privateDir = privateFolder();
  clone = await cloneCheckout(join(privateDir, 'linchpin'), true);
  const databaseUrl = await stackDatabase(BASE_PORT, true);
  await deployCli(clone, ['start', '--checkout'], {
    DEPLOY_BASE_PORT: String(BASE_PORT),
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_MAX: String(RATE_LIMIT),
    RATE_LIMIT_WINDOW: '10 minutes',
  });
  const state = readState(defaultRunDir(BASE_PORT));
  if (state === null) throw new Error('the stack wrote no state');
  stack = state;
});

test.afterAll(async () => {
  if (stack) await stopStack(stack, () => {});
  if (privateDir) rmSync(privateDir, { recursive: true, force: true });
});

test('the stack runs from the clone in the private folder', () => {
  const servers = stack.processes.filter((entry) => entry.role === 'server');
  expect(servers).toHaveLength(3);
  for (const server of servers) expect(readlinkSync(`/proc/${server.pid}/cwd`)).toBe(clone);
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.url}${path}`, { headers });
  await response.arrayBuffer();
  return response;
}

test('pages, assets and puzzle files are cached whatever cookies the request carries', async () => {
  const html = await (await fetch(`${stack.url}/`)).text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeDefined();
  for (const path of ['/game', '/archive', '/puzzles/index.json', asset ?? '']) {
    const first = await get(path, { cookie: PLAYER });
    expect(first.status, path).toBe(200);
    const returning = await get(path, { cookie: `${PLAYER}-2` });
    const newcomer = await get(path);
    for (const response of [returning, newcomer]) {
      expect(response.headers.get('x-cache'), path).toBe('HIT');
      // Two ids: this request's and the one whose fetch filled the cache.
      expect(response.headers.get('x-varnish')?.split(' '), path).toHaveLength(2);
    }
  }
});

test('random query strings on a page are served from its one cached copy; another puzzle is not', async () => {
  const random = () => Math.random().toString(36).slice(2);
  for (const [first, later] of [
    [`/how-to-play?utm_source=${random()}`, `/how-to-play/?${random()}=${random()}`],
    [
      `/game?puzzleId=puzzle_1&mode=retry&fbclid=${random()}`,
      `/game?gclid=${random()}&mode=retry&puzzleId=puzzle_1`,
    ],
  ] as const) {
    expect((await get(first)).status, first).toBe(200);
    const again = await get(later);
    expect(again.headers.get('x-cache'), later).toBe('HIT');
    expect(again.headers.get('x-varnish')?.split(' '), later).toHaveLength(2);
  }
  // A parameter the page reads is part of its address: another puzzle is fetched for itself.
  const other = await get('/game?puzzleId=puzzle_2&mode=retry');
  expect(other.status).toBe(200);
  expect(other.headers.get('x-cache')).toBe('MISS');
});

test('the API is passed to the servers, never cached', async () => {
  for (let i = 0; i < 2; i += 1) {
    const response = await get('/api/health', { cookie: PLAYER });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cache')).toBe('MISS');
    expect(response.headers.get('cache-control')).toBe('no-store');
  }
});

test('a player sends the contact form through cache and proxy, and it is in PostgreSQL', async ({
  page,
}) => {
  await page.goto(`${stack.url}/contact`);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: /^Email/ }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Through the whole stack.');
  const posted = page.waitForResponse(`${stack.url}/api/contact`);
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ message: string }>('SELECT message FROM contact_messages');
    expect(rows.rows.map((row) => row.message)).toEqual(['Through the whole stack.']);
  } finally {
    await client.end();
  }
});

test("each client's own address reaches the servers (TRUST_PROXY), its posts counted across all three", async () => {
  const post = (client: string) =>
    fetch(`${stack.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ name: 'Smoke', email: 'smoke@example.com', message: client }),
    }).then((response) => response.status);
  const statuses: number[] = [];
  for (let i = 0; i <= RATE_LIMIT; i += 1) statuses.push(await post('198.51.100.7'));
  // RATE_LIMIT posts accepted, round the processes; the next one refused wherever it lands.
  expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(201), 429]);
  // Another client is not held back by the first one's posts.
  expect(await post('198.51.100.8')).toBe(201);
});

test('Prometheus reads all three processes: the form posts it sums are the rows stored', async () => {
  const POSTS = 7;
  for (let n = 0; n < POSTS; n += 1) {
    const response = await fetch(`${stack.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${n + 1}` },
      body: JSON.stringify({ name: 'Metrics', email: 'metrics@example.com', message: `post ${n}` }),
    });
    expect(response.status).toBe(201);
  }
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  const stored = await client
    .query<{ n: number }>('SELECT count(*)::integer AS n FROM contact_messages')
    .finally(() => client.end());
  const rows = stored.rows[0]?.n ?? 0;
  expect(rows).toBeGreaterThanOrEqual(POSTS);

  const query = async (promql: string): Promise<number | null> => {
    const url = `${stack.prometheusUrl ?? ''}/api/v1/query?query=${encodeURIComponent(promql)}`;
    const body = (await (await fetch(url)).json()) as {
      data?: { result?: { value?: [number, string] }[] };
    };
    const value = body.data?.result?.[0]?.value?.[1];
    return value === undefined ? null : Number(value);
  };
  await expect.poll(() => query('count(up{job="linchpin"} == 1)'), { timeout: 30_000 }).toBe(3);
  await expect
    .poll(() => query('sum(linchpin_form_posts_stored_total{form="messages"})'), {
      timeout: 30_000,
    })
    .toBe(rows);
  // One address past its rate limit: the refusal is counted under the limit's name.
  for (let n = 0; n <= RATE_LIMIT; n += 1) {
    await fetch(`${stack.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99' },
      body: JSON.stringify({ name: 'Metrics', email: 'metrics@example.com', message: 'again' }),
    });
  }
  await expect
    .poll(() => query('sum(linchpin_rate_limit_refusals_total{limit="forms"})'), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
  // The alert rules are loaded (deploy/prometheus/alerts.yml).
  const rules = (await (await fetch(`${stack.prometheusUrl ?? ''}/api/v1/rules`)).json()) as {
    data: { groups: { rules: { name: string }[] }[] };
  };
  expect(rules.data.groups.flatMap((group) => group.rules.map((rule) => rule.name))).toContain(
    'LinchpinCatalogueRunningOut',
  );
  // Players never reach the metrics: not through the cache, not on a server's own port.
  expect((await get('/metrics')).status).toBe(404);
  expect((await fetch(`${stack.serverUrls[0] ?? ''}/metrics`)).status).toBe(404);
});

test('with one server killed, the others answer every request', async () => {
  await killServer(stack, 0);
  const statuses = [];
  for (let i = 0; i < 9; i += 1) {
    const response = await fetch(`${stack.proxyUrl}/archive`);
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  expect(statuses).toEqual(Array<number>(9).fill(200));
});
