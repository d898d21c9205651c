#!/usr/bin/env node
// Makes sure a local PostgreSQL server is running with a login role and a database for the tests,
// and returns (or, run directly, prints) its URL for TEST_DATABASE_URL. Installs Debian's
// `postgresql` package when no server is installed and starts the cluster when it is stopped.
// Safe to run from several processes at once. Plain Node, no dependencies.
//
// The rig touches only what it made: its role and database have names of their own (RIG_ROLE,
// RIG_DATABASE), the role is created with RIG_MARK as its comment, and a role of that name without
// the mark (or a database of that name another role owns) is refused, never changed. So on a host
// whose production role is `linchpin`, npm test and npm run deploy:start leave it alone.
// Types for the export: ensure-postgres.d.mts.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RIG_ROLE = 'linchpin_rig';
export const RIG_DATABASE = 'linchpin_rig';
/** The comment the rig gives the role it creates: the proof that it may use (and change) it. */
export const RIG_MARK = 'made by the Linchpin test rig (scripts/ensure-postgres.mjs)';
const HOST = '127.0.0.1';
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

/**
 * The role's password, made up on this machine the first time and kept outside the repository.
 * @param {string} role
 */
function password(role) {
  const file = join(tmpdir(), `${role}.postgres-password`);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const fresh = randomBytes(18).toString('hex');
    try {
      writeFileSync(file, fresh, { flag: 'wx', mode: 0o600 });
      return fresh;
    } catch {
      // Another process wrote it first.
      return readFileSync(file, 'utf8').trim();
    }
  }
}

/** A name PostgreSQL takes unquoted, so it can be written into SQL as it is. @param {string} name */
function checkName(name) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain name: ${name}`);
  return name;
}

/**
 * Creates the rig's role (with its mark) and database when missing. A role of that name without
 * the mark, or a database of that name owned by another role, is refused: the rig never alters
 * what it did not make.
 * @param {number} port @param {string} role @param {string} database @param {string} secret
 */
function ensureRoleAndDatabase(port, role, database, secret) {
  const mark = RIG_MARK.replaceAll("'", "''");
  const made = superuserSql(
    port,
    `DO $$
     DECLARE note text;
     BEGIN
       BEGIN
         CREATE ROLE ${role} LOGIN;
         COMMENT ON ROLE ${role} IS '${mark}';
       EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
       END;
       SELECT shobj_description(oid, 'pg_authid') INTO note FROM pg_roles WHERE rolname = '${role}';
       IF note IS DISTINCT FROM '${mark}' THEN
         RAISE EXCEPTION 'not made by the rig';
       END IF;
       ALTER ROLE ${role} WITH LOGIN PASSWORD '${secret}';
     END $$;`,
  );
  if (!made.ok) {
    if (made.stderr.includes('not made by the rig'))
      throw new Error(
        `PostgreSQL already has a role named ${role} that the test rig did not make (its comment is ` +
          `not "${RIG_MARK}"): it is left as it is. Drop or rename it, or set TEST_DATABASE_URL.`,
      );
    throw new Error(`could not set up the ${role} role:\n${made.stderr}`);
  }

  const owner = () =>
    superuserSql(
      port,
      `SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '${database}'`,
    ).stdout.trim();
  if (owner() === '') {
    const created = superuserSql(port, `CREATE DATABASE ${database} OWNER ${role}`);
    if (created.ok) superuserSql(port, `COMMENT ON DATABASE ${database} IS '${mark}'`);
    else if (owner() === '')
      throw new Error(`could not create the ${database} database:\n${created.stderr}`);
  }
  const found = owner();
  if (found !== role)
    throw new Error(
      `PostgreSQL already has a database named ${database}, owned by ${found}, not by the test ` +
        `rig's role ${role}: it is left as it is. Drop or rename it, or set TEST_DATABASE_URL.`,
    );
}

/**
 * Starts the local PostgreSQL when needed and returns the URL of a test database on it. Returns
 * TEST_DATABASE_URL unchanged when it is already set. `role` and `database` (default RIG_ROLE and
 * RIG_DATABASE) are for the rig's own tests.
 * @param {{ log?: (line: string) => void, role?: string, database?: string }} [options]
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

  const role = checkName(options.role ?? RIG_ROLE);
  const database = checkName(options.database ?? RIG_DATABASE);
  const secret = password(role);
  ensureRoleAndDatabase(cluster.port, role, database, secret);
  return `postgres://${role}:${secret}@${HOST}:${cluster.port}/${database}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(`TEST_DATABASE_URL=${await ensurePostgres()}`);
  } catch (error) {
    console.error(`ensure-postgres: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
