#!/usr/bin/env node
// Makes sure a local PostgreSQL server is running with a login role and a database for the tests,
// and returns (or, run directly, prints) its URL for TEST_DATABASE_URL. Installs Debian's
// `postgresql` package when no server is installed and starts the cluster when it is stopped.
// Safe to run from several processes at once. Plain Node, no dependencies.
// Types for the export: ensure-postgres.d.mts.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROLE = 'linchpin';
const DATABASE = 'linchpin_test';
const HOST = '127.0.0.1';
// The role's password is made up on this machine the first time and kept outside the repository.
const PASSWORD_FILE = join(tmpdir(), 'linchpin-test-postgres.password');
const READY_TIMEOUT_MS = 30_000;

const asRoot = process.getuid?.() === 0;

/** @param {string} command @param {string[]} args @param {{ input?: string }} [options] */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    cwd: tmpdir(),
    input: options.input,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return {
    ok: result.status === 0,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? (result.error ? result.error.message : ''),
  };
}

/** @param {string} command @param {string[]} args */
function asAdmin(command, args) {
  return asRoot ? run(command, args) : run('sudo', ['-n', command, ...args]);
}

function hasCommand(/** @type {string} */ name) {
  return run('sh', ['-c', `command -v ${name}`]).ok;
}

/** @param {(line: string) => void} log */
function installPostgres(log) {
  log("PostgreSQL is not installed; installing Debian's postgresql package.");
  for (const args of [['update'], ['install', '-y', 'postgresql']]) {
    const result = asAdmin('apt-get', args);
    if (!result.ok) throw new Error(`apt-get ${args.join(' ')} failed:\n${result.stderr}`);
  }
}

/**
 * The newest cluster from pg_lsclusters.
 * @returns {{ version: string, name: string, port: number, online: boolean } | null}
 */
function findCluster() {
  const result = run('pg_lsclusters', ['--no-header']);
  if (!result.ok) throw new Error(`pg_lsclusters failed:\n${result.stderr}`);
  const clusters = result.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4 && /^\d/.test(fields[0] ?? ''))
    .map(([version = '', name = '', port = '', status = '']) => ({
      version,
      name,
      port: Number(port),
      online: status.startsWith('online'),
    }))
    .sort((a, b) => Number(b.version) - Number(a.version));
  return clusters[0] ?? null;
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** @param {number} port */
async function waitUntilReady(port) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (run('pg_isready', ['-q', '-h', HOST, '-p', String(port)]).ok) return;
    await sleep(250);
  }
  throw new Error(
    `PostgreSQL on ${HOST}:${port} did not accept connections within ${READY_TIMEOUT_MS / 1000} s`,
  );
}

/** Runs SQL as the postgres superuser over the local socket. @param {number} port @param {string} sql */
function superuserSql(port, sql) {
  const args = ['-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-p', String(port), '-c', sql];
  return asRoot
    ? run('runuser', ['-u', 'postgres', '--', 'psql', ...args])
    : run('sudo', ['-n', '-u', 'postgres', 'psql', ...args]);
}

function password() {
  try {
    return readFileSync(PASSWORD_FILE, 'utf8').trim();
  } catch {
    const fresh = randomBytes(18).toString('hex');
    try {
      writeFileSync(PASSWORD_FILE, fresh, { flag: 'wx', mode: 0o600 });
      return fresh;
    } catch {
      // Another process wrote it first.
      return readFileSync(PASSWORD_FILE, 'utf8').trim();
    }
  }
}

/** @param {number} port @param {string} secret */
function ensureRoleAndDatabase(port, secret) {
  const role = superuserSql(
    port,
    `DO $$ BEGIN
       CREATE ROLE ${ROLE} LOGIN CREATEDB;
     EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
     END $$;
     ALTER ROLE ${ROLE} WITH LOGIN CREATEDB PASSWORD '${secret}';`,
  );
  if (!role.ok) throw new Error(`could not set up the ${ROLE} role:\n${role.stderr}`);

  const exists = () =>
    superuserSql(port, `SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`).stdout.trim() ===
    '1';
  if (exists()) return;
  const created = superuserSql(port, `CREATE DATABASE ${DATABASE} OWNER ${ROLE}`);
  if (!created.ok && !exists()) {
    throw new Error(`could not create the ${DATABASE} database:\n${created.stderr}`);
  }
}

/**
 * Starts the local PostgreSQL when needed and returns the URL of a test database on it. Returns
 * TEST_DATABASE_URL unchanged when it is already set.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<string>}
 */
export async function ensurePostgres(options = {}) {
  const log = options.log ?? ((line) => console.error(line));
  const given = process.env.TEST_DATABASE_URL;
  if (given) return given;

  if (!hasCommand('pg_lsclusters')) installPostgres(log);
  let cluster = findCluster();
  if (cluster === null)
    throw new Error('PostgreSQL is installed but has no cluster (see pg_createcluster)');

  if (!cluster.online) {
    log(`Starting PostgreSQL ${cluster.version}/${cluster.name}.`);
    const started = asAdmin('pg_ctlcluster', [cluster.version, cluster.name, 'start']);
    cluster = findCluster();
    if (!started.ok && !cluster?.online) {
      throw new Error(
        `pg_ctlcluster ${cluster?.version} ${cluster?.name} start failed:\n${started.stderr}`,
      );
    }
  }
  if (cluster === null) throw new Error('the PostgreSQL cluster disappeared while starting');
  await waitUntilReady(cluster.port);

  const secret = password();
  ensureRoleAndDatabase(cluster.port, secret);
  return `postgres://${ROLE}:${secret}@${HOST}:${cluster.port}/${DATABASE}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(`TEST_DATABASE_URL=${await ensurePostgres()}`);
  } catch (error) {
    console.error(`ensure-postgres: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
