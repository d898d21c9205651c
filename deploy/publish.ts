/**
 * Upgrades and rollbacks (docs/upgrades.md): `npm run deploy:publish` and `npm run deploy:rollback`,
 * on the reference stack (deploy/stack.ts) or, in production, on the `linchpin@<port>` units.
 *
 * publish():
 *   1. builds a new release from the checkout in a folder of its own (deploy/releases.ts) while the
 *      live one serves; a build that fails leaves everything as it was;
 *   2. says which migrations it adds (they run when its first process starts; a rollback past them
 *      is refused afterwards);
 *   3. gives each of the two releases the other's hashed assets, then switches `current`;
 *   4. restarts the processes one at a time, each answering /api/health 200 before the next goes;
 *   5. clears the shared cache of what changed (the puzzle files whose text changed, every page);
 *   6. keeps the newest LINCHPIN_KEEP_RELEASES releases (default 5).
 * rollback() does 3-5 towards the release before the live one, and refuses when the live one added
 * a migration (the database has it; the older code does not know it).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  currentId,
  keepReleases,
  liveDir,
  makeRelease,
  migrationsAdded,
  previousId,
  pruneReleases,
  releaseDir,
  runInTerminal,
  shareAssets,
  switchTo,
  type RunCommand,
} from './releases';
import { startServer, stopServer, type StackOptions, type StackState } from './stack';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The processes to restart, one at a time. */
export interface Restarter {
  names: string[];
  /** Restarts process `index` on the live release; resolves once it answers /api/health 200. */
  restart(index: number): Promise<void>;
  /**
   * How long the proxy may still leave out a process that answers again (`proxyRejoinMs`): the
   * next process goes only after it, so the proxy always has one to send requests to.
   */
  rejoinMs: number;
}

/** Time in nginx's notation (`5s`, `500ms`, `1m`; a bare number is seconds), ms. */
function nginxTimeMs(text: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(text);
  if (!match) throw new Error(`"${text}" is not a time nginx reads`);
  const scale = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1000;
  return Number(match[1]) * scale;
}

/** nginx's `fail_timeout` where a server line gives none. */
const NGINX_DEFAULT_FAIL_TIMEOUT_MS = 10_000;

/**
 * How long nginx may still leave out a process after it answers again: the longest `fail_timeout`
 * of the upstream servers in `conf` (nginx's default, 10 s, for a server line without one, or a
 * configuration without upstream servers). nginx
 * checks health passively: a request refused while the process restarted leaves it out that long
 * from then, even once it answers its own /api/health. Restarting the next process sooner once
 * left nginx with none to send to (its "no live upstreams": 502 to every request for 2 s).
 */
export function proxyRejoinMs(conf: string): number {
  const servers = [...conf.matchAll(/^\s*server\s+[^\s;{]+([^;{]*);/gm)];
  if (servers.length === 0) return NGINX_DEFAULT_FAIL_TIMEOUT_MS;
  return Math.max(
    ...servers.map(([, rest]) => {
      const failTimeout = /\bfail_timeout=(\S+)/.exec(rest ?? '')?.[1];
      return failTimeout === undefined ? NGINX_DEFAULT_FAIL_TIMEOUT_MS : nginxTimeMs(failTimeout);
    }),
  );
}

export interface RolloutOptions {
  /** The releases root (deploy/releases.ts). */
  root: string;
  restarter: Restarter;
  /** Drops these paths (and, with `pages`, every page) from the shared cache; none: skipped. */
  clearCache?: (paths: string[]) => Promise<void>;
  run?: RunCommand;
  log?: (line: string) => void;
}

export interface PublishOptions extends RolloutOptions {
  /** The checkout to release; its files as they are now. */
  source: string;
  /** Releases kept; default LINCHPIN_KEEP_RELEASES, else 5. */
  keep?: number;
  /** Take the source's build instead of building (a first release of a built checkout). */
  adoptBuild?: boolean;
}

export interface RolloutReport {
  from: string | null;
  to: string;
  /** Migrations the new release runs (publish) that the previous one does not have. */
  migrations: string[];
  /** The puzzle files whose text changed, as paths (e.g. /puzzles/2026-11.json). */
  changed: string[];
  /** How long making the release took (0 for a rollback), ms. */
  buildMs: number;
  /** When `current` was switched (Date.now()). */
  switchedAt: number;
  /** Each process's restart, stop to healthy, ms. */
  restartsMs: number[];
  /** Hashed asset files the two releases gave each other. */
  sharedAssets: number;
  /** Releases removed afterwards. */
  pruned: string[];
}

/** Each puzzle file the server sends (dist-server/puzzles/), by the SHA-256 of its text. */
function puzzleFiles(release: string | null): Map<string, string> {
  const files = new Map<string, string>();
  if (release === null) return files;
  const dir = join(release, 'dist-server', 'puzzles');
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

function changedPuzzleFiles(fromDir: string | null, toDir: string): string[] {
  const before = puzzleFiles(fromDir);
  const after = puzzleFiles(toDir);
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((name) => before.get(name) !== after.get(name))
    .sort()
    .map((name) => `/puzzles/${name}`);
}

/** Switches to `to`, restarts every process one at a time and clears the cache. */
async function rollOut(
  options: RolloutOptions,
  from: string | null,
  to: string,
): Promise<Pick<RolloutReport, 'changed' | 'switchedAt' | 'restartsMs' | 'sharedAssets'>> {
  const log = options.log ?? console.log;
  const fromDir = from === null ? null : releaseDir(options.root, from);
  const toDir = releaseDir(options.root, to);
  const sharedAssets = fromDir === null ? 0 : shareAssets(fromDir, toDir);
  const changed = changedPuzzleFiles(fromDir, toDir);
  switchTo(options.root, to);
  const switchedAt = Date.now();
  log(`Switched: ${to} is live (${sharedAssets} asset files shared with ${from ?? 'nothing'}).`);

  const { restarter } = options;
  log(`Restarting ${restarter.names.length} processes, one at a time …`);
  const restartsMs: number[] = [];
  for (const [index, name] of restarter.names.entries()) {
    if (index > 0 && restarter.rejoinMs > 0) {
      log(`   waiting ${restarter.rejoinMs / 1000} s for nginx to send requests to it again …`);
      await sleep(restarter.rejoinMs);
    }
    const started = Date.now();
    await restarter.restart(index);
    restartsMs.push(Date.now() - started);
    log(`   ${name} is back on ${to}, ${Date.now() - started} ms`);
  }

  if (options.clearCache) {
    log(
      `Clearing the cache: ${changed.length > 0 ? changed.join(', ') : 'no puzzle file'}, and every page …`,
    );
    await options.clearCache(changed);
  } else if (changed.length > 0) {
    log(
      `Clear your CDN of every page and ${changed.join(', ')} (docs/server.md, "Publishing a puzzle").`,
    );
  }
  return { changed, switchedAt, restartsMs, sharedAssets };
}

export async function publish(options: PublishOptions): Promise<RolloutReport> {
  const log = options.log ?? console.log;
  const from = currentId(options.root);
  const keep = options.keep ?? keepReleases();
  const started = Date.now();
  log(`Building a new release from ${options.source}${from ? ` while ${from} serves` : ''} …`);
  const to = await makeRelease(options.root, {
    source: options.source,
    run: options.run ?? runInTerminal,
    log,
    adoptBuild: options.adoptBuild,
  });
  const buildMs = Date.now() - started;
  log(`Release ${to} is built (${Math.round(buildMs / 1000)} s).`);
  const migrations =
    from === null ? [] : migrationsAdded(liveDir(options.root), releaseDir(options.root, to));
  if (migrations.length > 0) {
    log(
      `This upgrade adds ${migrations.length === 1 ? 'a migration' : 'migrations'}: ` +
        `${migrations.join(', ')}. ${migrations.length === 1 ? 'It runs' : 'They run'} on the ` +
        `database when the first process of ${to} starts; from then on a rollback to ${from} is ` +
        'refused (docs/upgrades.md, "Migrations").',
    );
  }
  const rolled = await rollOut(options, from, to);
  const pruned = pruneReleases(options.root, keep);
  if (pruned.length > 0) log(`Removed the oldest releases: ${pruned.join(', ')}.`);
  log(`Published ${to}.`);
  return { from, to, migrations, buildMs, pruned, ...rolled };
}

export async function rollback(options: RolloutOptions): Promise<RolloutReport> {
  const log = options.log ?? console.log;
  const from = currentId(options.root);
  const to = previousId(options.root);
  if (from === null || to === null)
    throw new Error(
      `Rollback refused: there is no release before the live one in ${options.root}.`,
    );
  const added = migrationsAdded(releaseDir(options.root, to), releaseDir(options.root, from));
  if (added.length > 0)
    throw new Error(
      `Rollback refused: the live release ${from} added ${added.length === 1 ? 'the migration' : 'the migrations'} ` +
        `${added.join(', ')}, which changed the database when it started; release ${to} does not ` +
        `know ${added.length === 1 ? 'it' : 'them'}, and its code may fail on the changed tables. ` +
        'Publish a fix instead (docs/upgrades.md, "Migrations").',
    );
  log(`Rolling back from ${from} to ${to} …`);
  const rolled = await rollOut(options, from, to);
  log(`Rolled back: ${to} is live.`);
  return { from, to, migrations: [], buildMs: 0, pruned: [], ...rolled };
}

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

/**
 * The reference stack's servers: each in turn gets SIGTERM (it drains: health 503 while it serves
 * on; then it finishes what is in flight and exits), is started again in the live release, and
 * answers /api/health 200 before the next one goes.
 */
export function stackRestarter(state: StackState, stack: StackOptions = {}): Restarter {
  const servers = state.processes.filter((entry) => entry.role === 'server');
  return {
    names: servers.map((entry) => `${entry.name} (port ${entry.port})`),
    // The stack's nginx runs the configuration in its run folder (deploy/stack.ts).
    rejoinMs: proxyRejoinMs(readFileSync(join(state.runDir, 'nginx.conf'), 'utf8')),
    async restart(index) {
      const entry = servers[index];
      if (!entry) throw new Error(`the stack has no server ${index}`);
      const number = Number(entry.name.replace('server-', '')) - 1;
      const stopKnocking = knockWhileDraining(state);
      await stopServer(state, number).finally(stopKnocking);
      await startServer(state, number, stack);
    },
  };
}

/** Asks Varnish's owner address to drop each path, then every page (deploy/varnish.vcl). */
export function stackCacheClearer(state: StackState): (paths: string[]) => Promise<void> {
  const ban = async (path: string, pages = false) => {
    const response = await fetch(`${state.cacheOwnerUrl}${path}`, {
      method: 'BAN',
      headers: pages ? { 'x-ban-pages': 'all' } : {},
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`the cache refused BAN ${path}: ${response.status} ${text.slice(0, 200)}`);
  };
  return async (paths) => {
    for (const path of paths) await ban(path);
    await ban('/', true);
  };
}

/** Production's processes: the systemd units `linchpin@<port>` (docs/upgrades.md). */
export function systemdRestarter(options: {
  ports: number[];
  /** The proxy's `proxyRejoinMs`. */
  rejoinMs: number;
  run?: RunCommand;
  /** True once the process on `port` answers /api/health 200. */
  healthy?: (port: number) => Promise<boolean>;
  timeoutMs?: number;
}): Restarter {
  const run = options.run ?? runInTerminal;
  const healthy =
    options.healthy ??
    (async (port: number) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(2000),
      });
      await response.arrayBuffer();
      return response.status === 200;
    });
  const units = options.ports.map((port) => `linchpin@${port}`);
  return {
    names: units,
    rejoinMs: options.rejoinMs,
    async restart(index) {
      const port = options.ports[index];
      const unit = units[index];
      if (port === undefined || unit === undefined) throw new Error(`no unit ${index}`);
      await run('systemctl', ['restart', unit], '/');
      const deadline = Date.now() + (options.timeoutMs ?? 90_000);
      while (!(await healthy(port).catch(() => false))) {
        if (Date.now() > deadline)
          throw new Error(
            `${unit} did not answer /api/health with 200 after its restart: see ` +
              `\`journalctl -u ${unit}\`; the processes not yet restarted still run the previous release`,
          );
        await sleep(200);
      }
    },
  };
}

/** Where docs/going-live.md installs the site's nginx configuration. */
export const PRODUCTION_NGINX_SITE = '/etc/nginx/sites-available/linchpin';

/**
 * Production's `proxyRejoinMs`: from the installed site, else from the live release's copy of it;
 * nginx's default where there is neither (another proxy in front: its own pause is not known).
 */
export function productionRejoinMs(root: string, site = PRODUCTION_NGINX_SITE): number {
  const file = [site, join(root, 'current', 'deploy', 'nginx', 'linchpin.conf')].find((path) =>
    existsSync(path),
  );
  return file === undefined
    ? NGINX_DEFAULT_FAIL_TIMEOUT_MS
    : proxyRejoinMs(readFileSync(file, 'utf8'));
}

/** LINCHPIN_PORTS (default 8081,8082,8083), checked. */
export function productionPorts(env: NodeJS.ProcessEnv = process.env): number[] {
  const raw = env.LINCHPIN_PORTS?.trim() || '8081,8082,8083';
  const ports = raw.split(',').map((part) => Number(part.trim()));
  if (ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65_535))
    throw new Error(`LINCHPIN_PORTS must be ports separated by commas (got "${raw}")`);
  return ports;
}
