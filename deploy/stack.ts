/**
 * The reference deployment on one machine (docs/server.md, "Deploying at scale"):
 *
 *   Varnish (deploy/varnish.vcl) → nginx (deploy/nginx.conf) → 3 Linchpin processes → PostgreSQL
 *   Prometheus (deploy/prometheus/) reading each process's metrics address (METRICS_PORT)
 *
 * startStack() installs Debian's nginx-light and varnish when missing, starts every process, waits
 * until each answers, and writes the run folder's state.json (every process's pid, port and log).
 * stopStack() stops exactly those pids, newest first. Used by `npm run deploy:start` / `deploy:stop`
 * (deploy/cli.ts), the gate's smoke test (e2e/deploy-stack.spec.ts) and `npm run bench:deploy`.
 *
 * The servers run `node --import tsx server/index.ts` (never a build) in the live release of a
 * releases root (deploy/releases.ts: `npm run deploy:start`, deploy:publish, deploy:rollback), or
 * in a built checkout as it is (the tests and benches). The run folder (configs as run, Varnish's
 * work folder, pids, logs, state.json) is outside the checkout, in the temp folder, where Varnish's
 * worker (user vcache) and nginx's workers can read it wherever the checkout is (a folder only root
 * may enter, e.g. /root or any `mktemp -d`, included).
 *
 * The config files name the default ports (DEFAULT_BASE_PORT); another base port runs copies with
 * the numbers changed and nothing else.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensurePostgres } from '../scripts/ensure-postgres.mjs';
import { fakeClockEnv as serverClockEnv } from '../server/testing/fake-clock';
import { liveDir } from './releases';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEPLOY_DIR = join(REPO_ROOT, 'deploy');
export const DEFAULT_BASE_PORT = 8200;
export const SERVER_COUNT = 3;
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

/** The stack's ports from a base: the cache on base, nginx on base + 1, the servers on base + 11…. */
export interface StackPorts {
  cache: number;
  proxy: number;
  /** The cache's owner address, for BAN requests (deploy/varnish.vcl, deploy/publish.ts). */
  cacheOwner: number;
  servers: number[];
  /** Prometheus's own address, on base + 3. */
  prometheus: number;
  /** Each server's metrics address (METRICS_PORT), on base + 21…, in the servers' order. */
  metrics: number[];
}

export function stackPorts(base = DEFAULT_BASE_PORT): StackPorts {
  return {
    cache: base,
    proxy: base + 1,
    cacheOwner: base + 2,
    servers: Array.from({ length: SERVER_COUNT }, (_, index) => base + 11 + index),
    prometheus: base + 3,
    metrics: Array.from({ length: SERVER_COUNT }, (_, index) => base + 21 + index),
  };
}

export type ProcessRole = 'server' | 'proxy' | 'cache' | 'monitor';

export interface StackProcess {
  role: ProcessRole;
  name: string;
  pid: number;
  port: number;
  /** What /proc/<pid>/cmdline contains: a pid is signalled only while it is still this program. */
  program: string;
  log: string;
}

export interface StackState {
  base: number;
  runDir: string;
  databaseUrl: string;
  /** Players' address: the cache. */
  url: string;
  /** nginx, in front of the servers, behind the cache. */
  proxyUrl: string;
  /** The cache's owner address: BAN requests only, from this machine (deploy/publish.ts). */
  cacheOwnerUrl: string;
  serverUrls: string[];
  /** Where the servers run: the live release of this releases root (deploy/releases.ts)… */
  releasesRoot: string | null;
  /** …or, without one, this built checkout. */
  checkout: string;
  /** Prometheus (deploy/prometheus/): its HTTP API answers queries over the servers' metrics. */
  prometheusUrl?: string;
  processes: StackProcess[];
}

export interface StackOptions {
  base?: number;
  /** Where config copies, logs, pids and state.json go; default defaultRunDir(base). */
  runDir?: string;
  /** Run the servers in this root's live release (deploy/releases.ts)… */
  releasesRoot?: string;
  /** …else in this built checkout, as it is; default this one (REPO_ROOT). */
  checkout?: string;
  /** The shared database; default: a schema of its own in the local PostgreSQL (ensure-postgres). */
  databaseUrl?: string;
  /** Empties that schema first (benchmarks); ignored with databaseUrl. */
  freshDatabase?: boolean;
  /** More environment for the servers, e.g. rate limits or SITE_URL. */
  serverEnv?: Record<string, string>;
  /**
   * Moves the servers' clock (theirs only) by this many seconds with Debian's libfaketime, loaded
   * into the server process itself (the `faketime` command would run it as a child, out of reach
   * of its pid).
   */
  serverClockOffsetS?: number;
  /** The built site; default the servers' own (dist/ beside their server/). */
  distDir?: string;
  log?: (line: string) => void;
}

/**
 * The stack's run folder: one per base port on this machine (the ports are the machine's too), in
 * the temp folder, outside any checkout: Varnish's worker (user vcache) reads its VCL and work
 * folder, nginx's workers its temp folders, and neither may enter a checkout under /root or a
 * `mktemp -d`.
 */
export function defaultRunDir(base = DEFAULT_BASE_PORT): string {
  return join(tmpdir(), `linchpin-stack-${base}`);
}

/** The reference stack's releases root (deploy/releases.ts): .deploy/<base>/ in the checkout. */
export function defaultReleasesRoot(base = DEFAULT_BASE_PORT, checkout = REPO_ROOT): string {
  return join(checkout, '.deploy', String(base));
}

/**
 * Throws, naming the folder, unless every user may enter `dir` and each folder above it (the
 * other-users' x bit): started by root, Varnish's and nginx's workers run as users of their own
 * (started by another user, they run as that user, and this holds anyway).
 */
export function checkEnterableByAll(dir: string, asRoot = process.getuid?.() === 0): void {
  if (!asRoot) return;
  for (let path = resolve(dir); ; path = dirname(path)) {
    if ((statSync(path).mode & 0o001) === 0)
      throw new Error(
        `${path} is closed to other users (mode ${(statSync(path).mode & 0o777).toString(8)}), so ` +
          `Varnish's and nginx's workers could not read the run folder ${dir}: set TMPDIR to a ` +
          `folder every user may enter (e.g. /tmp).`,
      );
    if (path === dirname(path)) return;
  }
}

/**
 * Empties (or makes) a run folder this user owns, mode 0755, and checks that the stack's programs
 * can reach it. A folder of that name that is a symlink or another user's is refused, not used.
 */
export function prepareRunDir(dir: string): void {
  if (existsSync(dir) || isSymlink(dir)) {
    const found = lstatSync(dir);
    if (!found.isDirectory() || found.uid !== process.getuid?.())
      throw new Error(`${dir} is not a folder of this user's: the stack will not use it`);
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(dir, { mode: 0o755 });
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'tmp'), { mode: 0o755 });
  checkEnterableByAll(dir);
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The folder the stack's servers run in now (a release switched since they started included). */
export function serverDir(state: Pick<StackState, 'releasesRoot' | 'checkout'>): string {
  return state.releasesRoot === null ? state.checkout : liveDir(state.releasesRoot);
}

/** The config file's text with the default ports replaced by the stack's. */
export function withPorts(text: string, ports: StackPorts): string {
  const defaults = stackPorts();
  const map = new Map<string, number>([
    [String(defaults.cache), ports.cache],
    [String(defaults.proxy), ports.proxy],
    [String(defaults.cacheOwner), ports.cacheOwner],
    ...defaults.servers.map((port, index): [string, number] => [
      String(port),
      ports.servers[index] ?? port,
    ]),
    [String(defaults.prometheus), ports.prometheus],
    ...defaults.metrics.map((port, index): [string, number] => [
      String(port),
      ports.metrics[index] ?? port,
    ]),
  ]);
  return text.replace(/\b\d{4,5}\b/g, (number) => String(map.get(number) ?? number));
}

/** Installs a Debian package when its program is missing, as the gate installs Chromium. */
export function ensureDebianPackage(program: string, pkg: string, log = console.log): void {
  if (existsSync(program)) return;
  log(`${program} is missing; installing Debian's ${pkg} package.`);
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? '' : 'sudo -n ';
  const result = spawnSync(
    'sh',
    ['-c', `${sudo}apt-get update && ${sudo}apt-get install -y ${pkg}`],
    { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  );
  if (result.status !== 0 || !existsSync(program)) {
    throw new Error(`could not install ${pkg} (apt-get exited ${result.status ?? result.signal})`);
  }
}

export const NGINX = '/usr/sbin/nginx';
export const VARNISHD = '/usr/sbin/varnishd';
export const VARNISHSTAT = '/usr/bin/varnishstat';
export const FAKETIME = '/usr/bin/faketime';
export const PROMETHEUS = '/usr/bin/prometheus';

export function ensureStackPackages(log = console.log): void {
  ensureDebianPackage(NGINX, 'nginx-light', log);
  ensureDebianPackage(VARNISHD, 'varnish', log);
  ensureDebianPackage(PROMETHEUS, 'prometheus', log);
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/** True while `pid` runs and is still the program it was started as. */
export function isRunning(process_: Pick<StackProcess, 'pid' | 'program'>): boolean {
  try {
    const cmdline = readFileSync(`/proc/${process_.pid}/cmdline`, 'utf8');
    const stat = readFileSync(`/proc/${process_.pid}/stat`, 'utf8');
    // A zombie (state Z) has ended; only its parent has not collected it yet.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && cmdline.includes(process_.program);
  } catch {
    return false;
  }
}

/** A program started by launch(): its pid, and how it ended once it has. */
interface Launched {
  pid: number;
  log: string;
  /** The log's length before the program wrote to it: what it printed is after. */
  logFrom: number;
  /** "exit code 2", "signal SIGKILL", or null while it runs. */
  ended: () => string | null;
}

/** What a launched program printed since it started, for an error message. */
function ownOutput(launched: Launched): string {
  try {
    const text = readFileSync(launched.log).subarray(launched.logFrom).toString('utf8').trim();
    return text === '' ? '(it printed nothing)' : text.slice(-3000);
  } catch {
    return `(no log at ${launched.log})`;
  }
}

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  alive: () => boolean,
  launched: Launched,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    if (!alive()) break;
    await sleep(200);
  }
  // Its last words reach the log before the exit is reported: wait for that report a moment.
  for (let i = 0; i < 20 && alive() === false && launched.ended() === null; i += 1) await sleep(50);
  const how = launched.ended();
  const state = how === null ? `no answer in ${START_TIMEOUT_MS / 1000} s` : `it ended, ${how}`;
  throw new Error(
    `${what} did not start (${state}). Its output (${launched.log}):\n${ownOutput(launched)}`,
  );
}

async function answers(url: string, status = 200): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.arrayBuffer();
  return response.status === status;
}

/**
 * Starts a program in `cwd`, detached from this process (it outlives `npm run deploy:start`),
 * output appended to `log`.
 */
function launch(
  command: string,
  args: string[],
  options: { log: string; cwd: string; env?: NodeJS.ProcessEnv },
): Launched {
  const logFrom = existsSync(options.log) ? statSync(options.log).size : 0;
  const out = openSync(options.log, 'a');
  let ended: string | null = null;
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.on('exit', (code, signal) => {
    ended = signal === null ? `exit code ${code}` : `signal ${signal}`;
  });
  child.on('error', (error) => {
    ended = error.message;
  });
  child.unref();
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  return { pid: child.pid, log: options.log, logFrom, ended: () => ended };
}

/** A schema of the stack's own in the local PostgreSQL, as a DATABASE_URL. */
export async function stackDatabase(base: number, fresh: boolean): Promise<string> {
  const url = new URL(await ensurePostgres());
  const schema = `deploy_${base}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    if (fresh) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await client.end();
  }
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.href;
}

export function readState(runDir: string): StackState | null {
  try {
    return JSON.parse(readFileSync(join(runDir, 'state.json'), 'utf8')) as StackState;
  } catch {
    return null;
  }
}

function writeState(state: StackState): void {
  writeFileSync(join(state.runDir, 'state.json'), `${JSON.stringify(state, null, 2)}\n`);
}

function serverEnv(
  state: Pick<StackState, 'databaseUrl'>,
  port: number,
  options: StackOptions,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: state.databaseUrl,
    // Varnish and nginx, both on this machine, each add one X-Forwarded-For entry.
    TRUST_PROXY: '127.0.0.1',
    ...(options.distDir === undefined ? {} : { DIST_DIR: options.distDir }),
    LOG_LEVEL: 'warn',
    ...(options.serverClockOffsetS === undefined ? {} : fakeClockEnv(options.serverClockOffsetS)),
    ...options.serverEnv,
  };
}

/**
 * The environment that has libfaketime move a process's clock by `offsetS` seconds
 * (server/testing/fake-clock.ts), with Debian's faketime installed first when it is missing.
 */
export function fakeClockEnv(offsetS: number): Record<string, string> {
  ensureDebianPackage(FAKETIME, 'faketime');
  return serverClockEnv(offsetS);
}

/** True when something answers connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Starts server `index` of the stack (again, e.g. after killServer) and records its pid. */
export async function startServer(
  state: StackState,
  index: number,
  options: StackOptions = {},
): Promise<StackProcess> {
  const port = state.serverUrls[index] ? Number(new URL(state.serverUrls[index]).port) : NaN;
  if (!Number.isInteger(port)) throw new Error(`the stack has no server ${index}`);
  const name = `server-${index + 1}`;
  const log = join(state.runDir, `${name}.log`);
  if (await listening(port))
    throw new Error(`port ${port} is already in use: ${name} cannot start`);
  const metricsPort = stackPorts(state.base).metrics[index];
  // What `npm run serve` runs, in the live release (or the checkout): it never builds.
  const launched = launch(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    log,
    cwd: serverDir(state),
    env: {
      // Prometheus reads each process on an address of its own (docs/operations.md).
      ...(metricsPort === undefined ? {} : { METRICS_PORT: String(metricsPort) }),
      ...serverEnv(state, port, options),
    },
  });
  const entry: StackProcess = {
    role: 'server',
    name,
    pid: launched.pid,
    port,
    program: 'server/index.ts',
    log,
  };
  state.processes = [...state.processes.filter((p) => p.name !== name), entry];
  writeState(state);
  await waitFor(
    `Linchpin ${name} on port ${port}`,
    () => answers(`http://127.0.0.1:${port}/api/health`),
    () => isRunning(entry),
    launched,
  );
  return entry;
}

/**
 * Starts the whole stack and resolves once players can be served through the cache. On a failure
 * everything started so far is stopped again.
 */
export async function startStack(options: StackOptions = {}): Promise<StackState> {
  const log = options.log ?? console.log;
  const base = options.base ?? DEFAULT_BASE_PORT;
  const runDir = options.runDir ?? defaultRunDir(base);
  const running = readState(runDir);
  if (running?.processes.some(isRunning)) {
    throw new Error(
      `a stack is already running from ${runDir}: stop it first (npm run deploy:stop)`,
    );
  }
  ensureStackPackages(log);
  const where = {
    releasesRoot: options.releasesRoot ?? null,
    checkout: options.checkout ?? REPO_ROOT,
  };
  if (!existsSync(join(options.distDir ?? join(serverDir(where), 'dist'), 'index.html'))) {
    throw new Error(`no built site in ${serverDir(where)}: run \`npm run build\` first`);
  }
  prepareRunDir(runDir);

  const ports = stackPorts(base);
  const databaseUrl =
    options.databaseUrl ?? (await stackDatabase(base, options.freshDatabase ?? false));
  const state: StackState = {
    base,
    runDir,
    databaseUrl,
    url: `http://127.0.0.1:${ports.cache}`,
    proxyUrl: `http://127.0.0.1:${ports.proxy}`,
    cacheOwnerUrl: `http://127.0.0.1:${ports.cacheOwner}`,
    serverUrls: ports.servers.map((port) => `http://127.0.0.1:${port}`),
    ...where,
    prometheusUrl: `http://127.0.0.1:${ports.prometheus}`,
    processes: [],
  };
  writeState(state);
  try {
    // One first, which migrates the database; then the others together.
    log(`Starting ${SERVER_COUNT} Linchpin processes on ports ${ports.servers.join(', ')} …`);
    await startServer(state, 0, options);
    await Promise.all(
      ports.servers.slice(1).map((_, index) => startServer(state, index + 1, options)),
    );

    log(`Starting nginx on port ${ports.proxy} …`);
    const nginxConf = withPorts(readFileSync(join(DEPLOY_DIR, 'nginx.conf'), 'utf8'), ports);
    await startNginx(runDir, nginxConf, ports.proxy, (entry) => {
      state.processes.push(entry);
      writeState(state);
    });

    log(`Starting Varnish on port ${ports.cache} …`);
    const vcl = join(runDir, 'varnish.vcl');
    writeFileSync(vcl, withPorts(readFileSync(join(DEPLOY_DIR, 'varnish.vcl'), 'utf8'), ports));
    const varnishLog = join(runDir, 'varnish.log');
    const launched = launch(
      VARNISHD,
      [
        '-F',
        '-a',
        `127.0.0.1:${ports.cache}`,
        '-a',
        `owner=127.0.0.1:${ports.cacheOwner}`,
        '-T',
        'none',
        '-f',
        vcl,
        '-n',
        varnishWorkDir(runDir),
        '-P',
        join(runDir, 'varnish.pid'),
        '-s',
        'malloc,128m',
      ],
      { log: varnishLog, cwd: runDir },
    );
    const varnish: StackProcess = {
      role: 'cache',
      name: 'varnish',
      pid: launched.pid,
      port: ports.cache,
      program: 'varnishd',
      log: varnishLog,
    };
    state.processes.push(varnish);
    writeState(state);
    await waitFor(
      'Varnish',
      () => answers(`${state.url}/api/health`),
      () => isRunning(varnish),
      launched,
    );
    log(`Starting Prometheus on port ${ports.prometheus} …`);
    await startPrometheus(runDir, ports, (entry) => {
      state.processes.push(entry);
      writeState(state);
    });
    log(`Linchpin is served through the cache at ${state.url} (proxy ${state.proxyUrl}).`);
    log(`Prometheus reads its metrics at ${state.prometheusUrl}.`);
    return state;
  } catch (error) {
    await stopStack(state, log);
    throw error;
  }
}

/**
 * Starts nginx on `conf` (the text of an nginx.conf whose paths are relative to `runDir`, `daemon
 * off`) and resolves once it answers on `port`. `started` hears of its pid at once.
 */
export async function startNginx(
  runDir: string,
  conf: string,
  port: number,
  started: (entry: StackProcess) => void = () => {},
): Promise<StackProcess> {
  ensureDebianPackage(NGINX, 'nginx-light');
  // Its workers (another user) write to tmp/.
  chmodSync(runDir, 0o755);
  checkEnterableByAll(runDir);
  mkdirSync(join(runDir, 'tmp'), { recursive: true, mode: 0o755 });
  const confFile = join(runDir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const log = join(runDir, 'nginx-error.log');
  const launched = launch(NGINX, ['-p', `${runDir}/`, '-c', confFile, '-e', log], {
    log,
    cwd: runDir,
  });
  const entry: StackProcess = {
    role: 'proxy',
    name: 'nginx',
    pid: launched.pid,
    port,
    program: 'nginx',
    log,
  };
  started(entry);
  await waitFor(
    'nginx',
    // Any answer will do, a redirect to HTTPS too: nginx is listening.
    async () =>
      (await fetch(`http://127.0.0.1:${port}/api/health`, { redirect: 'manual' })).status > 0,
    () => isRunning(entry),
    launched,
  );
  return entry;
}

/**
 * Starts Prometheus on a copy of deploy/prometheus/ (its configuration with the stack's ports, and
 * the alert rules), its data in the run folder, and resolves once it is ready.
 */
export async function startPrometheus(
  runDir: string,
  ports: StackPorts,
  started: (entry: StackProcess) => void = () => {},
): Promise<StackProcess> {
  ensureDebianPackage(PROMETHEUS, 'prometheus');
  const dir = join(runDir, 'prometheus');
  mkdirSync(join(dir, 'data'), { recursive: true });
  const source = join(DEPLOY_DIR, 'prometheus');
  writeFileSync(
    join(dir, 'prometheus.yml'),
    withPorts(readFileSync(join(source, 'prometheus.yml'), 'utf8'), ports),
  );
  writeFileSync(join(dir, 'alerts.yml'), readFileSync(join(source, 'alerts.yml')));
  const log = join(runDir, 'prometheus.log');
  const launched = launch(
    PROMETHEUS,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${ports.prometheus}`,
    ],
    { log, cwd: dir },
  );
  const entry: StackProcess = {
    role: 'monitor',
    name: 'prometheus',
    pid: launched.pid,
    port: ports.prometheus,
    program: 'prometheus',
    log,
  };
  started(entry);
  await waitFor(
    'Prometheus',
    () => answers(`http://127.0.0.1:${ports.prometheus}/-/ready`),
    () => isRunning(entry),
    launched,
  );
  return entry;
}

/** A port nobody listens on now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Varnish's working folder (its shared log and statistics: varnishstat -n <it>). */
export function varnishWorkDir(runDir: string): string {
  return join(runDir, 'varnish');
}

/** Sends `signal` to one recorded process, if it is still that program, and waits until it ends. */
export async function stopProcess(entry: StackProcess, signal: NodeJS.Signals): Promise<void> {
  if (!isRunning(entry)) return;
  try {
    process.kill(entry.pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isRunning(entry) && Date.now() < deadline) await sleep(100);
  if (isRunning(entry)) {
    try {
      process.kill(entry.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
    while (isRunning(entry)) await sleep(100);
  }
}

/** Stops one server (SIGTERM by default: it finishes its requests in flight) and waits for it. */
export async function stopServer(
  state: StackState,
  index: number,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  const entry = state.processes.find((p) => p.name === `server-${index + 1}`);
  if (entry) await stopProcess(entry, signal);
}

/** Kills one server at once (SIGKILL: no goodbye), as a crashed machine would go. */
export function killServer(state: StackState, index: number): Promise<void> {
  return stopServer(state, index, 'SIGKILL');
}

/**
 * Stops the stack's processes, Prometheus and the cache first and the servers last, each by its recorded pid
 * (nginx with SIGQUIT, a graceful stop; the others with SIGTERM), and waits until each has ended.
 */
export async function stopStack(
  stateOrRunDir: StackState | string,
  log: (line: string) => void = console.log,
): Promise<void> {
  const state = typeof stateOrRunDir === 'string' ? readState(stateOrRunDir) : stateOrRunDir;
  if (state === null) {
    log('No stack state found: nothing to stop.');
    return;
  }
  const order: ProcessRole[] = ['monitor', 'cache', 'proxy', 'server'];
  for (const role of order) {
    const entries = state.processes.filter((p) => p.role === role);
    const running = entries.filter(isRunning);
    if (running.length > 0)
      log(`Stopping ${running.map((p) => `${p.name} (pid ${p.pid})`).join(', ')} …`);
    await Promise.all(entries.map((p) => stopProcess(p, role === 'proxy' ? 'SIGQUIT' : 'SIGTERM')));
  }
  log('The stack is stopped.');
}
