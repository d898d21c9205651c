import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { fsyncSync } from 'node:fs';
import { join } from 'node:path';
import { sqlText, type Database, type Queryable, type Row } from './database';
import { acquireDataDirLock, type LockRole } from './data-dir-lock';

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query(sql, params = []) {
      // PGlite runs in this process: a statement's text is all it needs.
      const result = await target.query<Row>(sqlText(sql), [...params]);
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
 * PGlite starts PostgreSQL with fsync off (`-F` among its start parameters), and its Node file
 * system has no flush: the WASM build's fdatasync() does nothing and its fsync() calls the file
 * system's own, which NodeFS lacks. So by default a committed row sits in the operating system's
 * cache, safe from a killed process but not from a power cut. Here fsync stays on, the WAL is
 * flushed with fsync() (wal_sync_method), and NodeFS's files get a real fsync: every commit flushes
 * the write-ahead log before PGlite answers, and checkpoints flush the data files.
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

interface NodeStream {
  nfd?: unknown;
}

/** NodeFS whose files flush to disk when PostgreSQL asks. */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const flushing = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as { stream_ops?: Record<string, unknown> };
      if (!nodefs.stream_ops) throw new Error('PGlite has no NODEFS stream operations to flush');
      nodefs.stream_ops.fsync = (stream: NodeStream) => {
        if (typeof stream.nfd === 'number') fsyncSync(stream.nfd);
        return 0;
      };
    };
    return {
      emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), flushing] },
    };
  }
}

/** PGlite's options for a data folder on disk whose commits are flushed (DURABLE_START_PARAMS). */
export function durableOptions(dir: string): PGliteOptions {
  return { fs: new DurableNodeFS(dir), startParams: DURABLE_START_PARAMS };
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
    const pg = await PGlite.create(durableOptions(pgliteDir(dataDir)));
    return wrapPglite(pg, lock.release);
  } catch (error) {
    await lock.release();
    throw error;
  }
}
