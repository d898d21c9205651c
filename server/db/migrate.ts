import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type Database, type Queryable } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** A migration's file name (deploy/releases.ts reads a release's migrations with it too). */
export const MIGRATION_FILE = /^\d{3}-[a-z0-9-]+\.sql$/;
// Any fixed number: serialises servers that start at the same time on one PostgreSQL database.
const MIGRATION_LOCK_KEY = 7_146_301;

const appliedRow = z.object({ version: z.string() });

/** The migrations this database has had, in name order (none when it is new). */
export async function appliedMigrations(db: Queryable): Promise<string[]> {
  const exists = await db.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS found");
  if (!z.object({ found: z.boolean() }).parse(exists[0]).found) return [];
  const rows = await db.query('SELECT version FROM schema_migrations ORDER BY version');
  return rows.map((row) => appliedRow.parse(row).version);
}

/**
 * Applies the SQL files in server/db/migrations that this database has not seen, in name order,
 * in one transaction. Returns the names applied.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => appliedRow.parse(row).version));
    const pending = files.filter((file) => !applied.has(file));
    for (const file of pending) {
      await tx.exec(await readFile(join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
    }
    return pending;
  });
}
