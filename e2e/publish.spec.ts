import { expect, test } from '@playwright/test';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { utcDate } from '../core/dates';
import { publish } from '../deploy/publish';
import {
  REPO_ROOT,
  startStack,
  stopStack,
  type StackOptions,
  type StackState,
} from '../deploy/stack';

/**
 * Publishing a corrected puzzle on the reference stack (deploy/publish.ts, docs/server.md
 * "Publishing a puzzle") while players load pages and send posts: a rolling restart of the three
 * processes, then the cache cleared of the changed files and the pages. 0 failed requests, 0 lost
 * posts, and the correction is what players get through the cache. The build is the one step done
 * differently: the test corrects today's puzzle in a copy of the built site (what `npm run build`
 * writes after an edited puzzle file) instead of building again.
 */
const BASE_PORT = Number(process.env.E2E_PUBLISH_BASE_PORT ?? 8540);
const CORRECTED = ' (corrected)';

let stack: StackState;
let options: StackOptions;
let root: string;
let today: { id: string; title: string; month: string };

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Inside the repository: the server renderer in dist-server/ imports React from node_modules.
  root = join(REPO_ROOT, '.deploy', `publish-${BASE_PORT}`);
  rmSync(root, { recursive: true, force: true });
  cpSync(join(REPO_ROOT, 'dist'), join(root, 'dist'), { recursive: true });
  cpSync(join(REPO_ROOT, 'dist-server'), join(root, 'dist-server'), { recursive: true });
  const date = utcDate(Date.now());
  const month = `${date.slice(0, 7)}.json`;
  const puzzles = JSON.parse(readFileSync(join(root, 'dist-server', 'puzzles', month), 'utf8')) as {
    id: string;
    date: string;
    title: string;
  }[];
  const found = puzzles.find((puzzle) => puzzle.date === date);
  if (!found) throw new Error(`no puzzle dated ${date} in the catalogue`);
  today = { id: found.id, title: found.title, month };
  options = {
    base: BASE_PORT,
    freshDatabase: true,
    distDir: join(root, 'dist'),
    serverEnv: { DRAIN_PERIOD: '2s', RATE_LIMIT_MAX: '1000000' },
    log: () => {},
  };
  stack = await startStack(options);
});

test.afterAll(async () => {
  if (stack) await stopStack(stack, () => {});
  if (root) rmSync(root, { recursive: true, force: true });
});

/** What `npm run build` writes after today's puzzle's title was corrected. */
function correctTodaysTitle(): void {
  for (const dir of ['dist/puzzles', 'dist-server/puzzles']) {
    for (const file of ['index.json', today.month]) {
      const path = join(root, dir, file);
      if (!existsSync(path)) continue;
      const text = readFileSync(path, 'utf8');
      writeFileSync(
        path,
        text.replaceAll(
          `"title":${JSON.stringify(today.title)}`,
          `"title":${JSON.stringify(today.title + CORRECTED)}`,
        ),
      );
    }
  }
}

async function get(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    body: await response.text(),
  };
}

test('a corrected puzzle is live through the cache in seconds, with 0 failed requests and 0 lost posts', async () => {
  const file = `${stack.url}/puzzles/${today.month}`;
  // The cache holds today's puzzle file and pages.
  for (const url of [file, `${stack.url}/game`, `${stack.url}/`]) {
    await get(url);
    const again = await get(url);
    expect(again.cache, url).toBe('HIT');
    expect(again.body).toContain(today.title);
  }

  // Players meanwhile: pages through the cache (a query the cache has not seen reaches a server),
  // pages straight through nginx, and contact posts.
  const failures: string[] = [];
  const acknowledged: string[] = [];
  let requests = 0;
  let running = true;
  const player = async (lane: number) => {
    for (let index = 0; running; index += 1) {
      const steps: [string, () => Promise<Response>][] = [
        [`GET /game?v=${lane}-${index}`, () => fetch(`${stack.url}/game?v=${lane}-${index}`)],
        ['GET nginx /archive', () => fetch(`${stack.proxyUrl}/archive`)],
        [
          'POST /api/contact',
          () =>
            fetch(`${stack.url}/api/contact`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                name: 'Ada',
                email: 'ada@example.com',
                message: `lane ${lane} post ${index}`,
              }),
            }),
        ],
      ];
      for (const [what, send] of steps) {
        requests += 1;
        const response = await send().catch((error: unknown) => error);
        if (!(response instanceof Response)) {
          failures.push(`${what}: ${String(response)}`);
          continue;
        }
        await response.arrayBuffer();
        if (response.status >= 400) failures.push(`${what}: ${response.status}`);
        else if (what.startsWith('POST')) acknowledged.push(`lane ${lane} post ${index}`);
      }
    }
  };
  const players = Promise.all([0, 1, 2, 3].map(player));

  const started = Date.now();
  const report = await publish(stack, {
    build: () => Promise.resolve(correctTodaysTitle()),
    stack: options,
    log: () => {},
  });
  const took = Date.now() - started;
  running = false;
  await players;

  expect(report.changed).toEqual([`/puzzles/${today.month}`, '/puzzles/index.json']);
  expect(report.restarted).toBe(3);
  expect(failures).toEqual([]);
  expect(acknowledged.length).toBeGreaterThan(10);
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ message: string }>('SELECT message FROM contact_messages');
    const stored = new Set(rows.rows.map((row) => row.message));
    expect(acknowledged.filter((message) => !stored.has(message))).toEqual([]);
    expect(rows.rows).toHaveLength(acknowledged.length);
  } finally {
    await client.end();
  }
  console.log(
    `publish: ${took} ms; ${requests} requests during it, ${failures.length} failed; ` +
      `${acknowledged.length} posts acknowledged, all stored`,
  );

  // The correction through the cache, at once.
  for (const url of [file, `${stack.url}/game`, `${stack.url}/`]) {
    const response = await get(url);
    expect(response.status, url).toBe(200);
    expect(response.body, url).toContain(today.title + CORRECTED);
  }
});

test('only the owner clears the cache: BAN on the players’ address is refused', async () => {
  const file = `/puzzles/${today.month}`;
  await get(`${stack.url}${file}`);
  for (const method of ['BAN', 'PURGE']) {
    const response = await fetch(`${stack.url}${file}`, { method });
    expect(response.status, method).toBe(405);
  }
  expect((await get(`${stack.url}${file}`)).cache).toBe('HIT');
  // The owner's address takes nothing else.
  expect((await fetch(`${stack.cacheOwnerUrl}/game`)).status).toBe(404);
  expect((await fetch(`${stack.cacheOwnerUrl}/game?x=1`, { method: 'BAN' })).status).toBe(400);
  expect((await fetch(`${stack.cacheOwnerUrl}${file}`, { method: 'BAN' })).status).toBe(200);
  expect((await get(`${stack.url}${file}`)).cache).toBe('MISS');
});
