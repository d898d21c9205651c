import { PGlite, type Transaction } from '@electric-sql/pglite';
import { join } from 'node:path';
import { type Database, type Queryable, type Row } from './database';
import { acquireDataDirLock, type LockRole } from './data-dir-lock';

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query(sql, params = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql) {
      await target.exec(sql);
    },
  };
}

/** Wraps an open PGlite instance; `onClose` runs after it closes. */
export function wrapPglite(pg: PGlite, onClose: () => Promise<void> = async () => {}): Database {
  return {
    kind: 'embedded',
    ...queryable(pg),
    transaction: (work) => pg.transaction((tx) => work(queryable(tx))),
    async close() {
      if (!pg.closed) await pg.close();
      await onClose();
    },
  };
}

/** The folder inside DATA_DIR that holds PGlite's files. */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/**
 * Opens the embedded database in `dataDir` (created when missing), holding the folder's lock so no
 * second process opens it at the same time. Throws DataDirBusyError when another process holds it.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  options: { role: LockRole; waitMs?: number },
): Promise<Database> {
  const lock = await acquireDataDirLock(dataDir, options.role, options.waitMs ?? 0);
  try {
    const pg = await PGlite.create(pgliteDir(dataDir));
    return wrapPglite(pg, lock.release);
  } catch (error) {
    await lock.release();
    throw error;
  }
}
