import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real server and owner's tool as child processes, the way `npm start` and `npm run owner` run them. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<Exit>;
  /** Sends the signal and waits for the process to end. */
  stop: (signal?: NodeJS.Signals) => Promise<Exit>;
}

/** Variables the caller's shell may set that must not leak into a test server. */
const CLEAN_ENV = {
  DATABASE_URL: '',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000',
  // Tests that stop a server do not wait out the drain unless they set one.
  DRAIN_PERIOD: '0',
};

export function startServer(
  env: Record<string, string>,
  timeoutMs = 90_000,
  /** A command the server runs under, e.g. ['strace', '-f', …]. */
  wrapper: readonly string[] = [],
  /** The app's folder the server runs from (a copy of it, e.g. with a `.env` of its own). */
  appRoot = REPO_ROOT,
): Promise<ServerProcess> {
  return startProcess({
    command: [...wrapper, process.execPath, '--import', 'tsx', 'server/index.ts'],
    env: { ...CLEAN_ENV, ...env },
    listening: /Linchpin is running at (http:\/\/\S+)/,
    timeoutMs,
    cwd: appRoot,
  });
}

/**
 * A process that serves HTTP (the real server, or a bench's bare one): started with the caller's
 * environment and `env`, ready once its output matches `listening`, whose first group is its URL.
 */
export function startProcess(options: {
  command: readonly string[];
  env: Record<string, string>;
  listening: RegExp;
  timeoutMs?: number;
  cwd?: string;
}): Promise<ServerProcess> {
  const { command, listening, timeoutMs = 90_000 } = options;
  const child = spawn(command[0] ?? process.execPath, command.slice(1), {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = listening.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          child,
          output: () => output,
          exited,
          stop: (signal = 'SIGTERM') => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(
        new Error(`the server exited (${exit.code ?? exit.signal}) before it started:\n${output}`),
      );
    });
  });
}

/**
 * `count` server processes with the same settings (e.g. one PostgreSQL database), started at
 * once; if one fails to start, the others are stopped and its error thrown.
 */
export function startServers(count: number, env: Record<string, string>): Promise<ServerProcess[]> {
  return startEach(count, () => startServer(env));
}

/** `count` processes started at once by `start`; if one fails, the others are stopped and its error thrown. */
export async function startEach(
  count: number,
  start: () => Promise<ServerProcess>,
): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => start()));
  const servers = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    throw failed.reason;
  }
  return servers;
}

export interface RunResult extends Exit {
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript entry point of the project (e.g. cli/owner.ts) to its end. */
export function runScript(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<RunResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}
