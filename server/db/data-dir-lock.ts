import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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
 *
 * Taking the lock is atomic: a new lock is written aside and linked into place (never seen half
 * written), and a stale lock is replaced only by the one process that claims its takeover marker
 * (`claimTakeover`), so of any number of processes racing for a stale lock exactly one wins.
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

async function readLockText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

function parseLock(text: string | null): LockFile | null {
  if (text === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = lockSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

async function readLock(dataDir: string): Promise<LockFile | null> {
  return parseLock(await readLockText(lockPath(dataDir)));
}

/** The live process holding the lock, or null when the folder is free (a stale lock counts as free). */
export async function readLockHolder(dataDir: string): Promise<LockHolder | null> {
  const lock = await readLock(dataDir);
  return lock && isHeld(lock) ? { pid: lock.pid, role: lock.role } : null;
}

function isExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}

/**
 * Creates `file` holding `text` only if there is no such file, all at once: the text is written to
 * a file of its own first, then linked into place (link fails if the name exists), so nobody ever
 * reads a half-written lock.
 */
async function createExclusive(file: string, text: string): Promise<boolean> {
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, text);
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    if (isExists(error)) return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/** What names one lock (or takeover marker) file: its token, or its whole text for a lock without one. */
const identityOf = (text: string): string =>
  parseLock(text)?.token ?? createHash('sha256').update(text).digest('base64url');

const takeoverMarker = (dataDir: string, identity: string) =>
  join(
    dataDir,
    `pglite.lock.takeover-${createHash('sha256').update(identity).digest('hex').slice(0, 32)}`,
  );

/** A marker's creator is still at work: it runs, as the same process that wrote it. */
function isAlive(marker: LockFile | null): boolean {
  if (!marker || !isProcessAlive(marker.pid)) return false;
  const started = processStartTime(marker.pid);
  return started === null || marker.startTime === undefined || marker.startTime === started;
}

/**
 * The right to replace the stale lock `identity`: only the process that creates its takeover
 * marker (exclusively) may. A marker whose creator died is itself taken over the same way, through
 * a marker named after it, so exactly one process ever holds the right. Returns the markers made
 * or passed (to clean up), or the live process already taking over.
 */
async function claimTakeover(
  dataDir: string,
  identity: string,
  mine: LockFile,
): Promise<{ markers: string[] } | { busy: LockHolder | null }> {
  const markers: string[] = [];
  let name = takeoverMarker(dataDir, identity);
  for (;;) {
    markers.push(name);
    const marker = { ...mine, token: randomUUID() };
    if (await createExclusive(name, JSON.stringify(marker))) return { markers };
    const text = await readLockText(name);
    // Removed between the two steps: its taker finished; start again from the lock.
    if (text === null) return { busy: null };
    const existing = parseLock(text);
    if (existing && isAlive(existing)) return { busy: { pid: existing.pid, role: existing.role } };
    name = takeoverMarker(dataDir, identityOf(text));
  }
}

type Attempt = { taken: true } | { taken: false; holder: LockHolder | null };

async function tryAcquire(dataDir: string, mine: LockFile): Promise<Attempt> {
  const file = lockPath(dataDir);
  const text = JSON.stringify(mine);
  if (await createExclusive(file, text)) return { taken: true };
  const current = await readLockText(file);
  if (current === null) return { taken: false, holder: null };
  const lock = parseLock(current);
  if (lock && isHeld(lock)) return { taken: false, holder: { pid: lock.pid, role: lock.role } };
  // Stale or unreadable: a process that died (or was killed) left it behind. Several processes
  // may find it at once; only the one that claims its takeover may replace it.
  const identity = identityOf(current);
  const claim = await claimTakeover(dataDir, identity, mine);
  if ('busy' in claim) return { taken: false, holder: claim.busy };
  try {
    // Nobody else can replace this lock now, and it cannot be removed: check it is the same one
    // (another taker may have replaced it before our claim), then put ours in its place at once.
    const still = await readLockText(file);
    if (still === null || identityOf(still) !== identity) return { taken: false, holder: null };
    const temp = `${file}.${randomUUID()}.tmp`;
    await writeFile(temp, text);
    await rename(temp, file);
    return { taken: true };
  } finally {
    for (const marker of claim.markers) await rm(marker, { force: true });
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
    let lastHolder: LockHolder | null = null;
    for (;;) {
      const attempt = await tryAcquire(dataDir, mine);
      if (attempt.taken) break;
      lastHolder = attempt.holder ?? lastHolder;
      if (Date.now() >= deadline) {
        // Lost a race for a stale lock: the winner holds it now.
        const holder = (await readLockHolder(dataDir)) ?? lastHolder;
        if (holder) throw new DataDirBusyError(dataDir, holder);
      }
      // A race just lost is settled in a moment; a live holder is asked again less often.
      await sleep(attempt.holder === null ? 5 : 100);
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
