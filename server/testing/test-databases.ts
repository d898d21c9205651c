import { PGlite } from '@electric-sql/pglite';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensurePostgres } from '../../scripts/ensure-postgres.mjs';
import { type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { wrapPglite } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/postgres-database';

/**
 * A fresh, migrated database for every test, on both engines the server supports.
 * - embedded: one in-memory PGlite per test file, a new schema per test. A new PGlite spends
 *   seconds creating its cluster, so the first one's empty cluster is kept in the temp folder and
 *   later test files start from a copy of it.
 * - postgres: a new schema per test (the connection's search_path) in the test database of the local
 *   PostgreSQL server (TEST_DATABASE_URL, or the one scripts/ensure-postgres.mjs starts), dropped
 *   when the file is done.
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
  /** The connection string of the last fresh database (postgres only), e.g. for a server process. */
  lastUrl(): string | null;
  dispose(): Promise<void>;
}

let counter = 0;
const uniqueName = (prefix: string) =>
  `${prefix}_${process.pid}_${Date.now().toString(36)}_${++counter}`;

const TEMPLATE = join(tmpdir(), 'linchpin-test-pglite-template.tar');

/** An in-memory PGlite with an empty cluster, from the saved template when there is a usable one. */
async function startPglite(): Promise<PGlite> {
  const template = await readFile(TEMPLATE).catch(() => null);
  if (template) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([template]) });
    } catch {
      // Made by another PGlite version, or damaged: make a new one below.
    }
  }
  const pgl = await PGlite.create();
  const dump = await pgl.dumpDataDir('none');
  const partial = `${TEMPLATE}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, TEMPLATE);
  return pgl;
}

/**
 * An embedded database of its own (a new in-memory PGlite, migrated), for tests that need two at
 * once: the fresh() databases of embeddedTestDatabases share one connection (a schema each, chosen
 * by search_path), so only the last one made is really open. Closing it closes the instance.
 */
export async function separateEmbeddedDatabase(): Promise<Database> {
  const db = wrapPglite(await startPglite());
  await migrate(db);
  return db;
}

export function embeddedTestDatabases(): TestDatabases {
  let shared: Promise<PGlite> | null = null;
  const start = () => (shared ??= startPglite());
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
      const schema = uniqueName('test');
      await admin.query(`CREATE SCHEMA ${schema}`);
      created.push(schema);
      const url = new URL(base.href);
      url.searchParams.set('options', `-c search_path=${schema}`);
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
      for (const schema of created.splice(0))
        await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    },
  };
}

/** Both engines, for `describe.each`. */
export const ENGINES: readonly [EngineName, () => TestDatabases][] = [
  ['embedded', embeddedTestDatabases],
  ['postgres', postgresTestDatabases],
];
