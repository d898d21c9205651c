import { expect, test } from '@playwright/test';
import {
  appendFileSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import pg from 'pg';
import { utcDate } from '../core/dates';
import { currentId, makeRelease, releaseDir, runQuietly, switchTo } from '../deploy/releases';
import { REPO_ROOT, readState, startStack, stopStack, type StackState } from '../deploy/stack';
import { cloneCheckout, deployCli, privateFolder } from './deploy-support';
import { puzzleDated } from './support';

/**
 * Upgrading and rolling back the reference stack with the owner's commands (`npm run
 * deploy:publish` and `deploy:rollback`: deploy/cli.ts, deploy/publish.ts, docs/upgrades.md) while
 * players load pages through the cache and through nginx and post the contact form. The upgrade
 * is a real one: run in a checkout whose today's puzzle has a corrected title, it copies it into a
 * release folder of its own and builds there (`npm run build`) while the first release serves;
 * then `current` is switched, the processes restarted one at a time and the cache cleared. The
 * releases live in a folder only their owner may enter (mode 0700), as /opt/linchpin or /root
 * would be. For each of the upgrade and the rollback: 0 failed requests, every asset named by any
 * page served meanwhile answers 200 (through the cache at once, and from every process after),
 * 0 lost posts, and the new content through the cache within seconds of the switch.
 */
const BASE_PORT = Number(process.env.E2E_PUBLISH_BASE_PORT ?? 8540);
const CORRECTED = ' (corrected)';
/** Through the cache for everyone: once the last process is restarted and the cache cleared. */
const LIVE_AFTER_RESTARTS_MS = 15_000;
/** A restart never builds (a build takes over a minute here): drain, start, health 200. */
const RESTART_WITHIN_MS = 30_000;

let stack: StackState;
/** The servers' settings, given to the commands too (a restarted process inherits them). */
const SERVER_ENV = { DRAIN_PERIOD: '2s', RATE_LIMIT_MAX: '1000000' };
let privateDir = '';
let root = '';
let first = '';
let sourceDir = '';
/** The first release's asset files, before any rollout shared others with it. */
let firstAssets = new Set<string>();
let today: { title: string; month: string };

test.describe.configure({ mode: 'serial', timeout: 600_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  privateDir = privateFolder();
  root = join(privateDir, 'linchpin');

  // The first release: this checkout as the gate built it (its build taken, not made again).
  first = await makeRelease(root, {
    source: REPO_ROOT,
    adoptBuild: true,
    run: runQuietly,
    log: () => {},
  });
  switchTo(root, first);
  firstAssets = new Set(readdirSync(join(releaseDir(root, first), 'dist', 'assets')));

  // The checkout of the upgrade: today's puzzle's title corrected, as an owner would, and a style
  // added (so the new build's stylesheet has a new name, which pages of both builds name).
  const date = utcDate(Date.now());
  const puzzle = puzzleDated(date);
  today = { title: puzzle.title, month: `${date.slice(0, 7)}.json` };
  sourceDir = await cloneCheckout(join(privateDir, 'checkout'), false);
  await runQuietly('git', ['init', '-q'], sourceDir);
  const file = join(sourceDir, 'puzzles', `${puzzle.id}.json`);
  const text = readFileSync(file, 'utf8');
  const titleField = `"title": ${JSON.stringify(puzzle.title)}`;
  expect(text).toContain(titleField);
  writeFileSync(
    file,
    text.replace(titleField, `"title": ${JSON.stringify(puzzle.title + CORRECTED)}`),
  );
  appendFileSync(
    join(sourceDir, 'src', 'styles', 'global.css'),
    '\n.release-probe {\n  color: #123456;\n}\n',
  );

  stack = await startStack({
    base: BASE_PORT,
    releasesRoot: root,
    freshDatabase: true,
    serverEnv: SERVER_ENV,
    log: () => {},
  });
});

test.afterAll(async () => {
  // The commands restarted the servers: stop the pids the run folder records now.
  if (stack) await stopStack(stack.runDir, () => {});
  if (privateDir) rmSync(privateDir, { recursive: true, force: true });
});

/** The hashed files a page names (scripts, styles, preloads, icons). */
function assetsNamed(html: string): string[] {
  return [...html.matchAll(/\/assets\/[A-Za-z0-9._-]+/g)].map((match) => match[0]);
}

interface Load {
  requests: number;
  failures: string[];
  acknowledged: string[];
  /** Every asset any page named, and what the cache answered for it when first seen. */
  assets: Map<string, number>;
  /** When the cache first served `expected` in today's puzzle file and /game. */
  liveAt: number | null;
}

/**
 * Players through the cache and nginx, until stop(); and a watcher of today's puzzle file and
 * /game through the cache, for `expected` in both and `gone` in neither.
 */
function playersDuring(
  expected: string,
  gone: string | null,
): { load: Load; stop: () => Promise<void> } {
  const load: Load = {
    requests: 0,
    failures: [],
    acknowledged: [],
    assets: new Map(),
    liveAt: null,
  };
  let running = true;
  const checkAssets = async (html: string) => {
    for (const path of assetsNamed(html)) {
      if (load.assets.has(path)) continue;
      load.assets.set(path, 0);
      const response = await fetch(`${stack.url}${path}`).catch(() => null);
      await response?.arrayBuffer();
      load.assets.set(path, response?.status ?? 0);
    }
  };
  const player = async (lane: number) => {
    for (let index = 0; running; index += 1) {
      const steps: [string, () => Promise<Response>][] = [
        // A query the cache has not seen reaches a server.
        [`GET /game?v=${lane}-${index}`, () => fetch(`${stack.url}/game?v=${lane}-${index}`)],
        ['GET /', () => fetch(`${stack.url}/`)],
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
                message: `${expected} lane ${lane} post ${index}`,
              }),
            }),
        ],
      ];
      for (const [what, send] of steps) {
        load.requests += 1;
        const response = await send().catch((error: unknown) => error);
        if (!(response instanceof Response)) {
          load.failures.push(`${what}: ${String(response)}`);
          continue;
        }
        const body = await response.text();
        if (response.status >= 400) load.failures.push(`${what}: ${response.status}`);
        else if (what.startsWith('POST'))
          load.acknowledged.push(`${expected} lane ${lane} post ${index}`);
        else await checkAssets(body);
      }
    }
  };
  const watcher = async () => {
    while (running) {
      if (load.liveAt === null) {
        const bodies = await Promise.all(
          [`/puzzles/${today.month}`, '/game'].map((path) =>
            fetch(`${stack.url}${path}`)
              .then((response) => response.text())
              .catch(() => ''),
          ),
        );
        if (
          bodies.every((body) => body.includes(expected)) &&
          (gone === null || bodies.every((body) => !body.includes(gone)))
        )
          load.liveAt = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const all = Promise.all([...[0, 1, 2, 3].map(player), watcher()]);
  return {
    load,
    stop: async () => {
      // A few seconds more of load after the rollout, then stop.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      running = false;
      await all;
    },
  };
}

interface Rollout {
  from: string;
  to: string;
  /** Making and building the release, ms (a rollback: 0). */
  buildMs: number;
  restartsMs: number[];
  /** The waits between restarts for nginx to take the restarted process back, ms. */
  waitsMs: number[];
  switchedAt: number;
  output: string;
}

/**
 * Runs `deploy/cli.ts <command>` in `cwd` (as `npm run deploy:<command>`) while watching the
 * `current` link for the moment of the switch, and reads the figures it prints.
 */
async function runRollout(command: 'publish' | 'rollback', cwd: string): Promise<Rollout> {
  const from = currentId(root) ?? '';
  let switchedAt = 0;
  let watching = true;
  const watch = (async () => {
    while (watching && switchedAt === 0) {
      if (currentId(root) !== from) switchedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const output = await deployCli(cwd, [command], {
    DEPLOY_BASE_PORT: String(BASE_PORT),
    ...SERVER_ENV,
  }).finally(() => (watching = false));
  await watch;
  const built = /Release \S+ is built \((\d+) s\)/.exec(output);
  return {
    from,
    to: currentId(root) ?? '',
    buildMs: built ? Number(built[1]) * 1000 : 0,
    restartsMs: [...output.matchAll(/is back on \S+, (\d+) ms/g)].map((match) => Number(match[1])),
    waitsMs: [...output.matchAll(/waiting ([\d.]+) s for nginx/g)].map(
      (match) => Number(match[1]) * 1000,
    ),
    switchedAt,
    output,
  };
}

/** Checks a rollout's load and prints its figures. */
async function checkAndPrint(what: string, report: Rollout, load: Load): Promise<void> {
  // Every asset any page named answers 200 through the cache, and from every process now.
  const missing: string[] = [];
  for (const [path, status] of load.assets) {
    if (status !== 200) missing.push(`${path}: ${status} through the cache`);
    for (const server of stack.serverUrls) {
      const response = await fetch(`${server}${path}`);
      await response.arrayBuffer();
      if (response.status !== 200) missing.push(`${path}: ${response.status} from ${server}`);
    }
  }
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  let stored: Set<string>;
  try {
    const rows = await client.query<{ message: string }>('SELECT message FROM contact_messages');
    stored = new Set(rows.rows.map((row) => row.message));
  } finally {
    await client.end();
  }
  const lost = load.acknowledged.filter((message) => !stored.has(message));
  const newNames = [...load.assets.keys()].filter((path) => !firstAssets.has(basename(path)));
  const liveMs = load.liveAt === null ? null : load.liveAt - report.switchedAt;
  console.log(
    `${what} ${report.from} → ${report.to}: ` +
      (report.buildMs > 0
        ? `release made and built in ${(report.buildMs / 1000).toFixed(1)} s; `
        : '') +
      `restarts ${report.restartsMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}` +
      ` (${report.waitsMs.length} waits of ${(report.waitsMs[0] ?? 0) / 1000} s between); ` +
      `${load.requests} requests during it, ${load.failures.length} failed; ` +
      `${load.assets.size} assets named by the pages served (${newNames.length} of the upgrade's ` +
      `build only), ${missing.length} not answered 200; ` +
      `${load.acknowledged.length} posts acknowledged, ${lost.length} lost; ` +
      `new content through the cache ${liveMs === null ? 'never' : `${(liveMs / 1000).toFixed(1)} s`} after the switch`,
  );
  expect(load.failures).toEqual([]);
  expect(missing).toEqual([]);
  expect(load.assets.size).toBeGreaterThan(3);
  // Pages of both builds were served: the upgrade's stylesheet has a name of its own.
  expect(newNames.length).toBeGreaterThan(0);
  expect(lost).toEqual([]);
  expect(load.acknowledged.length).toBeGreaterThan(10);
  expect(liveMs).not.toBeNull();
  expect(report.restartsMs).toHaveLength(3);
  for (const ms of report.restartsMs) expect(ms).toBeLessThan(RESTART_WITHIN_MS);
  // nginx's fail_timeout (deploy/nginx.conf) between one restart and the next.
  expect(report.waitsMs).toEqual([5000, 5000]);
  const restarts = [...report.restartsMs, ...report.waitsMs].reduce((sum, ms) => sum + ms, 0);
  expect(liveMs ?? Infinity).toBeLessThan(restarts + LIVE_AFTER_RESTARTS_MS);
}

test('an upgrade is built beside the live release and goes live with 0 failed requests', async () => {
  const firstIndex = statSync(join(releaseDir(root, first), 'dist', 'index.html')).mtimeMs;
  const { load, stop } = playersDuring(today.title + CORRECTED, null);
  // `npm run deploy:publish` in the corrected checkout.
  const report = await runRollout('publish', sourceDir).finally(stop);
  expect(report.from).toBe(first);
  expect(report.to).not.toBe(first);
  expect(readlinkSync(join(root, 'current'))).toBe(join('releases', report.to));
  expect(report.output).toContain(`Building a new release from ${sourceDir} while ${first} serves`);
  expect(report.output).toContain(
    `Clearing the cache: /puzzles/${today.month}, /puzzles/index.json, and every page`,
  );
  expect(report.output).not.toContain('migration');
  // The live release was never rebuilt: its build is the one it started with.
  expect(statSync(join(releaseDir(root, first), 'dist', 'index.html')).mtimeMs).toBe(firstIndex);
  // The processes run in the new release, started as `npm run serve` starts: no install, no build.
  const state = readState(stack.runDir);
  for (const entry of state?.processes.filter((p) => p.role === 'server') ?? []) {
    expect(readlinkSync(`/proc/${entry.pid}/cwd`)).toBe(releaseDir(root, report.to));
    const command = readFileSync(`/proc/${entry.pid}/cmdline`, 'utf8').split('\0').slice(1, -1);
    expect(command).toEqual(['--import', 'tsx', 'server/index.ts']);
  }
  // `npm run deploy:status` lists the releases, the live one marked.
  const status = await deployCli(REPO_ROOT, ['status'], { DEPLOY_BASE_PORT: String(BASE_PORT) });
  expect(status).toContain(`releases in ${root}: ${first}, ${report.to} (live)`);
  await checkAndPrint('publish', report, load);
});

test('a rollback goes back to the previous release the same way', async () => {
  const { load, stop } = playersDuring(today.title, today.title + CORRECTED);
  // `npm run deploy:rollback`, from any checkout.
  const report = await runRollout('rollback', REPO_ROOT).finally(stop);
  expect(report.to).toBe(first);
  expect(report.output).toContain(`Rolling back from ${report.from} to ${first}`);
  expect(report.output).toContain(
    `Clearing the cache: /puzzles/${today.month}, /puzzles/index.json, and every page`,
  );
  await checkAndPrint('rollback', report, load);
});

test('only the owner clears the cache: BAN on the players’ address is refused', async () => {
  const file = `/puzzles/${today.month}`;
  const get = async (url: string) => {
    const response = await fetch(url);
    await response.arrayBuffer();
    return { status: response.status, cache: response.headers.get('x-cache') };
  };
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
