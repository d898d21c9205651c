import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * PGlite must be opened by one process at a time. Whoever opens DATA_DIR (the server or the owner's
 * tool) first creates DATA_DIR/pglite.lock holding its pid; a lock whose process is gone is stale.
 */
export type LockRole = 'server' | 'owner';

const lockSchema = z.object({
  pid: z.number().int().positive(),
  role: z.enum(['server', 'owner']),
});
export type LockHolder = z.infer<typeof lockSchema>;

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const who = holder.role === 'server' ? 'the Linchpin server' : "the owner's tool";
    super(`The data folder ${dataDir} is in use by ${who} (process ${holder.pid}).`);
    this.name = 'DataDirBusyError';
  }
}

export function lockPath(dataDir: string): string {
  return join(dataDir, 'pglite.lock');
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** The live process holding the lock, or null when the folder is free (a stale lock counts as free). */
export async function readLockHolder(dataDir: string): Promise<LockHolder | null> {
  let text: string;
  try {
    text = await readFile(lockPath(dataDir), 'utf8');
  } catch {
    return null;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = lockSchema.safeParse(data);
  if (!parsed.success) return null;
  return isProcessAlive(parsed.data.pid) ? parsed.data : null;
}

function isExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}

async function tryAcquire(dataDir: string, role: LockRole): Promise<LockHolder | null> {
  const file = lockPath(dataDir);
  const mine: LockHolder = { pid: process.pid, role };
  try {
    await writeFile(file, JSON.stringify(mine), { flag: 'wx' });
    return null;
  } catch (error) {
    if (!isExists(error)) throw error;
  }
  const holder = await readLockHolder(dataDir);
  if (holder) return holder;
  // Stale or unreadable: a process that died (or was killed) left it behind.
  await rm(file, { force: true });
  try {
    await writeFile(file, JSON.stringify(mine), { flag: 'wx' });
    return null;
  } catch (error) {
    if (!isExists(error)) throw error;
    return (await readLockHolder(dataDir)) ?? { pid: 0, role: 'owner' };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the folder's lock, waiting up to `waitMs` for another process to let go of it. */
export async function acquireDataDirLock(
  dataDir: string,
  role: LockRole,
  waitMs = 0,
): Promise<{ release: () => Promise<void> }> {
  await mkdir(dataDir, { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    const holder = await tryAcquire(dataDir, role);
    if (holder === null) break;
    if (Date.now() >= deadline) throw new DataDirBusyError(dataDir, holder);
    await sleep(100);
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      const holder = await readLockHolder(dataDir);
      if (holder?.pid === process.pid) await rm(lockPath(dataDir), { force: true });
    },
  };
}
