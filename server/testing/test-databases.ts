import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ensurePostgres } from '../../scripts/ensure-postgres.mjs';
import { type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { wrapPglite } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/postgres-database';

/**
 * A fresh, migrated database for every test, on both engines the server supports.
 * - embedded: one in-memory PGlite per test file (starting one takes seconds), a new schema per test.
 * - postgres: a new database per test on the local PostgreSQL server (TEST_DATABASE_URL, or the one
 *   scripts/ensure-postgres.mjs starts), dropped when the file is done.
 */
export type EngineName = Database['kind'];

/** Starting PGlite, or PostgreSQL itself, can take a while on a busy machine: give beforeAll this long. */
export const PREPARE_TIMEOUT_MS = 120_000;

export interface TestDatabases {
  readonly name: EngineName;
  /** Starts the engine (call from beforeAll with PREPARE_TIMEOUT_MS). */
  prepare(): Promise<void>;
  /** A new, empty, migrated database. */
  fresh(): Promise<Database>;
  /** The connection string of the last fresh database (postgres only), for a server process. */
  lastUrl(): string | null;
  dispose(): Promise<void>;
}

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${Date.now().toString(36)}_${++counter}`;

export function embeddedTestDatabases(): TestDatabases {
  let shared: Promise<PGlite> | null = null;
  const start = () => (shared ??= PGlite.create());
  return {
    name: 'embedded',
    async prepare() {
      await start();
    },
    async fresh() {
      const pgl = await start();
      const schema = uniqueName('test');
      await pgl.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema};`);
      const db = wrapPglite(pgl);
      await migrate(db);
      // Closing a test's database leaves the shared instance open for the next test.
      return { ...db, close: async () => {} };
    },
    lastUrl: () => null,
    async dispose() {
      if (shared) await (await shared).close();
      shared = null;
    },
  };
}

export function postgresTestDatabases(): TestDatabases {
  let admin: pg.Pool | null = null;
  let base: URL | null = null;
  let last: string | null = null;
  const created: string[] = [];
  const open: Database[] = [];
  const start = async () => {
    if (base === null || admin === null) {
      base = new URL(await ensurePostgres());
      admin = new pg.Pool({ connectionString: base.href, max: 2 });
    }
    return { base, admin };
  };
  return {
    name: 'postgres',
    async prepare() {
      await start();
    },
    async fresh() {
      const { base, admin } = await start();
      const name = uniqueName('linchpin_t');
      await admin.query(`CREATE DATABASE ${name}`);
      created.push(name);
      const url = new URL(base.href);
      url.pathname = `/${name}`;
      last = url.href;
      const db = await openPostgresDatabase(url.href);
      open.push(db);
      await migrate(db);
      return db;
    },
    lastUrl: () => last,
    async dispose() {
      await Promise.all(open.splice(0).map((db) => db.close().catch(() => {})));
      const pool = admin;
      admin = null;
      base = null;
      if (pool === null) return;
      for (const name of created.splice(0)) await pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await pool.end();
    },
  };
}

/** Both engines, for `describe.each`. */
export const ENGINES: readonly [EngineName, () => TestDatabases][] = [
  ['embedded', embeddedTestDatabases],
  ['postgres', postgresTestDatabases],
];
