import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * PGlite must be opened by one process at a time. Whoever opens DATA_DIR (the server or the owner's
 * tool) first creates DATA_DIR/pglite.lock naming itself: its pid, when that process started (from
 * /proc, where there is one) and a random token. A lock is stale, and taken over, when its process
 * is gone, when its pid now belongs to another process (a different start time: after a crash in a
 * container the restarted server often gets the very pid it had), or when its pid is our own but
 * the token is not one this process holds. A lock written before start times were recorded names a
 * holder only while that pid runs the server or the owner's tool.
 */
export type LockRole = 'server' | 'owner';

const lockSchema = z.object({
  pid: z.number().int().positive(),
  role: z.enum(['server', 'owner']),
  /** The holder's start time in clock ticks since boot (/proc/<pid>/stat), when known. */
  startTime: z.string().optional(),
  token: z.string().optional(),
});
type LockFile = z.infer<typeof lockSchema>;
export type LockHolder = Pick<LockFile, 'pid' | 'role'>;

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

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/** When a process started (clock ticks since boot, field 22 of /proc/<pid>/stat); null without /proc. */
export function processStartTime(pid: number): string | null {
  const stat = readProc(pid, 'stat');
  // The command name (field 2) sits in parentheses and may hold spaces: count from after it.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[19] ?? null;
}

/** The server (server/index.ts) or the owner's tool (cli/owner.ts), by the process's command line. */
function runsLinchpin(pid: number): boolean {
  const command = readProc(pid, 'cmdline');
  if (command === null) return true;
  return /server\/index\.ts|cli\/owner\.ts/.test(command);
}

/** The tokens of the locks this process holds now. */
const heldTokens = new Set<string>();

function isHeld(lock: LockFile): boolean {
  if (lock.pid === process.pid) return lock.token !== undefined && heldTokens.has(lock.token);
  if (!isProcessAlive(lock.pid)) return false;
  const started = processStartTime(lock.pid);
  if (started === null) return true;
  return lock.startTime !== undefined ? lock.startTime === started : runsLinchpin(lock.pid);
}

async function readLock(dataDir: string): Promise<LockFile | null> {
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
  return parsed.success ? parsed.data : null;
}

/** The live process holding the lock, or null when the folder is free (a stale lock counts as free). */
export async function readLockHolder(dataDir: string): Promise<LockHolder | null> {
  const lock = await readLock(dataDir);
  return lock && isHeld(lock) ? { pid: lock.pid, role: lock.role } : null;
}

function isExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}

async function tryAcquire(dataDir: string, mine: LockFile): Promise<LockHolder | null> {
  const file = lockPath(dataDir);
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
  const startTime = processStartTime(process.pid);
  const mine: LockFile = {
    pid: process.pid,
    role,
    ...(startTime === null ? {} : { startTime }),
    token: randomUUID(),
  };
  const token = mine.token ?? '';
  const deadline = Date.now() + waitMs;
  // Counted as held from the moment the file may name it, so no other caller here takes it over.
  heldTokens.add(token);
  try {
    for (;;) {
      const holder = await tryAcquire(dataDir, mine);
      if (holder === null) break;
      if (Date.now() >= deadline) throw new DataDirBusyError(dataDir, holder);
      await sleep(100);
    }
  } catch (error) {
    heldTokens.delete(token);
    throw error;
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      const lock = await readLock(dataDir);
      if (lock?.token === token) await rm(lockPath(dataDir), { force: true });
      heldTokens.delete(token);
    },
  };
}
