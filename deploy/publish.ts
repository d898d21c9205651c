/**
 * Publishing on the reference stack (docs/server.md, "Publishing a puzzle"): after
 * `npm run owner -- import <id>` (or an edited puzzle file),
 *
 *   1. build: `npm run build` (the previous build's assets are kept for pages still open);
 *   2. a rolling restart: each Linchpin process in turn gets SIGTERM (it drains: health 503 while
 *      it serves on, which has nginx leave it out, below; then it finishes what is in flight and
 *      exits), is started again on the new build, and answers /api/health with 200 before the
 *      next one goes;
 *   3. the shared cache is cleared of what changed: each puzzle file whose text the build changed,
 *      and every page (any page may show today's puzzle), by BAN requests to Varnish's owner
 *      address, which accepts them from this machine only (deploy/varnish.vcl).
 *
 * `npm run deploy:publish` runs it on the stack `npm run deploy:start` started.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, startServer, stopServer, type StackOptions, type StackState } from './stack';

export interface PublishOptions {
  /** The build; default `npm run build`. */
  build?: () => Promise<void>;
  /** The options the stack was started with (the servers are started again with them). */
  stack?: StackOptions;
  log?: (line: string) => void;
}

export interface PublishReport {
  /** The puzzle files whose text changed, as paths (e.g. /puzzles/2026-11.json). */
  changed: string[];
  restarted: number;
  /** Everything the cache was told to drop. */
  banned: string[];
}

/** Each puzzle file the server sends (dist-server/puzzles/), by the SHA-256 of its text. */
function puzzleFiles(distDir: string): Map<string, string> {
  const dir = join(`${distDir}-server`, 'puzzles');
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    files.set(
      name,
      createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex'),
    );
  }
  return files;
}

function npmBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build exited ${code}`)),
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * nginx's open-source edition has no active health check, only a passive one: a request a process
 * fails (here, 503 included) goes to another, and that process is left out for `fail_timeout`
 * (deploy/nginx.conf). So while a process drains, /api/health is asked through nginx every 100 ms:
 * as soon as one of those lands on the draining process, its 503 has nginx leave it out, before
 * it closes. Players' requests are served by it until then.
 */
function knockWhileDraining(state: StackState): () => Promise<void> {
  let knocking = true;
  const loop = (async () => {
    while (knocking) {
      await fetch(`${state.proxyUrl}/api/health`)
        .then((response) => response.arrayBuffer())
        .catch(() => {});
      await sleep(100);
    }
  })();
  return async () => {
    knocking = false;
    await loop;
  };
}

/** Asks the cache's owner address to drop `path` (or, with `pages`, every page). */
async function ban(state: StackState, path: string, pages = false): Promise<void> {
  const response = await fetch(`${state.cacheOwnerUrl}${path}`, {
    method: 'BAN',
    headers: pages ? { 'x-ban-pages': 'all' } : {},
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`the cache refused BAN ${path}: ${response.status} ${text.slice(0, 200)}`);
}

export async function publish(
  state: StackState,
  options: PublishOptions = {},
): Promise<PublishReport> {
  const log = options.log ?? console.log;
  const distDir = options.stack?.distDir ?? join(REPO_ROOT, 'dist');
  const before = puzzleFiles(distDir);

  log('1. Building …');
  await (options.build ?? npmBuild)();
  const after = puzzleFiles(distDir);
  const changed = [...new Set([...before.keys(), ...after.keys()])]
    .filter((name) => before.get(name) !== after.get(name))
    .sort()
    .map((name) => `/puzzles/${name}`);

  const servers = state.processes.filter((entry) => entry.role === 'server');
  log(`2. Restarting ${servers.length} Linchpin processes, one at a time …`);
  for (const entry of servers) {
    const index = Number(entry.name.replace('server-', '')) - 1;
    const started = Date.now();
    const stopKnocking = knockWhileDraining(state);
    await stopServer(state, index).finally(stopKnocking);
    await startServer(state, index, options.stack);
    log(`   ${entry.name} (port ${entry.port}) is back, ${Date.now() - started} ms`);
  }

  log(
    `3. Clearing the cache: ${changed.length > 0 ? changed.join(', ') : 'no puzzle file'}, and every page …`,
  );
  for (const path of changed) await ban(state, path);
  await ban(state, '/', true);
  log('Published.');
  return { changed, restarted: servers.length, banned: [...changed, 'every page'] };
}
