import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, acquireDataDirLock, lockPath, readLockHolder } from './data-dir-lock';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'linchpin-lock-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** A real process that exits at once: its pid is then free, as after a crash. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? 999_999;
}

describe('data folder lock', () => {
  it('lets one holder in and tells the next who holds it', async () => {
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(await readLockHolder(dataDir)).toEqual({ pid: process.pid, role: 'server' });
    const second = acquireDataDirLock(dataDir, 'owner');
    await expect(second).rejects.toBeInstanceOf(DataDirBusyError);
    await expect(second).rejects.toThrow(
      `is in use by the Linchpin server (process ${process.pid})`,
    );
    await lock.release();
    const again = await acquireDataDirLock(dataDir, 'owner');
    await again.release();
  });

  it('waits for the holder to let go', async () => {
    const lock = await acquireDataDirLock(dataDir, 'owner');
    setTimeout(() => void lock.release(), 200);
    const next = await acquireDataDirLock(dataDir, 'server', 5000);
    expect(await readLockHolder(dataDir)).toEqual({ pid: process.pid, role: 'server' });
    await next.release();
  });

  it('takes over a lock left by a process that died', async () => {
    writeFileSync(lockPath(dataDir), JSON.stringify({ pid: await deadPid(), role: 'server' }));
    expect(await readLockHolder(dataDir)).toBeNull();
    const lock = await acquireDataDirLock(dataDir, 'owner');
    expect(JSON.parse(readFileSync(lockPath(dataDir), 'utf8'))).toEqual({
      pid: process.pid,
      role: 'owner',
    });
    await lock.release();
  });

  it('takes over an unreadable lock file', async () => {
    writeFileSync(lockPath(dataDir), 'garbage');
    const lock = await acquireDataDirLock(dataDir, 'server');
    await lock.release();
  });
});
