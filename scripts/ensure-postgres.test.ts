import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RIG_MARK, RIG_ROLE, ensurePostgres } from './ensure-postgres.mjs';

/**
 * The rig touches only what it made (scripts/ensure-postgres.mjs): on a host whose PostgreSQL has
 * a production role, `npm test` and `npm run deploy:start` must not reset its password. Run on the
 * machine's PostgreSQL as its superuser, as the gate does.
 */
const TIMEOUT_MS = 60_000;
const probe = `linchpin_probe_${process.pid}`;
const made: string[] = [];

function superuser(sql: string): string {
  const result = spawnSync(
    'runuser',
    ['-u', 'postgres', '--', 'psql', '-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-c', sql],
    { encoding: 'utf8', cwd: tmpdir() },
  );
  if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
  return result.stdout.trim();
}

const password = (role: string) =>
  superuser(`SELECT rolpassword FROM pg_authid WHERE rolname = '${role}'`);
const comment = (role: string) =>
  superuser(`SELECT shobj_description(oid, 'pg_authid') FROM pg_roles WHERE rolname = '${role}'`);

let given: string | undefined;
beforeEach(() => {
  // The gate hands its own URL to the tests; these ask the rig itself.
  given = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
});
afterEach(() => {
  if (given !== undefined) process.env.TEST_DATABASE_URL = given;
});
afterAll(() => {
  for (const name of made.splice(0)) {
    superuser(`DROP DATABASE IF EXISTS ${name}`);
    superuser(`DROP ROLE IF EXISTS ${name}`);
    rmSync(join(tmpdir(), `${name}.postgres-password`), { force: true });
  }
});

describe('the test rig and the machine’s PostgreSQL', () => {
  it(
    'uses a role and a database of its own, marked as made by it, never one named linchpin',
    async () => {
      const url = new URL(await ensurePostgres({ log: () => {} }));
      expect(url.username).toBe(RIG_ROLE);
      expect(url.username).not.toBe('linchpin');
      expect(url.pathname.slice(1)).not.toBe('linchpin');
      expect(comment(RIG_ROLE)).toBe(RIG_MARK);
      // A second run takes the same role again and its URL still logs in.
      const again = await ensurePostgres({ log: () => {} });
      const client = new pg.Client({ connectionString: again });
      await client.connect();
      try {
        expect((await client.query<{ user: string }>('SELECT current_user AS user')).rows).toEqual([
          { user: RIG_ROLE },
        ]);
      } finally {
        await client.end();
      }
    },
    TIMEOUT_MS,
  );

  it(
    'refuses a role of its name that it did not make, and leaves its password as it was',
    async () => {
      made.push(probe);
      superuser(`CREATE ROLE ${probe} LOGIN PASSWORD 'the owner''s own'`);
      const before = password(probe);
      await expect(ensurePostgres({ role: probe, database: probe, log: () => {} })).rejects.toThrow(
        `a role named ${probe} that the test rig did not make`,
      );
      expect(password(probe)).toBe(before);
      expect(comment(probe)).toBe('');
      expect(superuser(`SELECT 1 FROM pg_database WHERE datname = '${probe}'`)).toBe('');
    },
    TIMEOUT_MS,
  );

  it(
    'refuses a database of its name that another role owns',
    async () => {
      const name = `${probe}_db`;
      made.push(name);
      superuser(`CREATE DATABASE ${name}`);
      await expect(ensurePostgres({ role: name, database: name, log: () => {} })).rejects.toThrow(
        `a database named ${name}, owned by postgres`,
      );
    },
    TIMEOUT_MS,
  );
});
