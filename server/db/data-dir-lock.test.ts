import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DataDirBusyError,
  acquireDataDirLock,
  lockPath,
  processStartTime,
  readLockHolder,
} from './data-dir-lock';
import { REPO_ROOT } from '../testing/server-process';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'linchpin-lock-'));
});
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A live process that is neither the server nor the owner's tool. */
async function unrelatedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.on('spawn', resolve));
  if (child.pid === undefined) throw new Error('no child process');
  return child.pid;
}

/** Another process that takes the folder's lock as the server does and keeps it. */
async function secondHolder(): Promise<number> {
  const script = `import { acquireDataDirLock } from './server/db/data-dir-lock.ts';
    await acquireDataDirLock(process.argv[1], 'server'); console.log('held'); setInterval(() => {}, 1000);`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script, dataDir],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('held')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
  if (child.pid === undefined) throw new Error('no child process');
  return child.pid;
}

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
    expect(JSON.parse(readFileSync(lockPath(dataDir), 'utf8'))).toMatchObject({
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

  it("takes over a lock naming its own pid: a restart that got the crashed server's pid", async () => {
    writeFileSync(
      lockPath(dataDir),
      JSON.stringify({
        pid: process.pid,
        role: 'server',
        startTime: processStartTime(process.pid) ?? undefined,
        token: 'left-by-the-process-that-crashed',
      }),
    );
    expect(await readLockHolder(dataDir)).toBeNull();
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(await readLockHolder(dataDir)).toEqual({ pid: process.pid, role: 'server' });
    await lock.release();
  });

  it('takes over a lock naming a live process that is not a Linchpin server or tool', async () => {
    const pid = await unrelatedProcess();
    // As written by a server that crashed: its own start time, not this process's.
    writeFileSync(lockPath(dataDir), JSON.stringify({ pid, role: 'server', startTime: '1' }));
    expect(await readLockHolder(dataDir)).toBeNull();
    // A lock from before start times were kept: the process's command line decides.
    writeFileSync(lockPath(dataDir), JSON.stringify({ pid, role: 'server' }));
    expect(await readLockHolder(dataDir)).toBeNull();
    const lock = await acquireDataDirLock(dataDir, 'owner');
    expect(await readLockHolder(dataDir)).toEqual({ pid: process.pid, role: 'owner' });
    await lock.release();
  });

  it('still refuses while another process holds the folder', async () => {
    const pid = await secondHolder();
    expect(await readLockHolder(dataDir)).toEqual({ pid, role: 'server' });
    await expect(acquireDataDirLock(dataDir, 'owner')).rejects.toThrow(
      `is in use by the Linchpin server (process ${pid})`,
    );
  }, 30_000);

  it('lets exactly one of 10 processes racing for one stale lock win, 50 times over', async () => {
    const ROUNDS = 50;
    const RACERS = 10;
    // Each racer, told a round and a moment, tries once to take the folder at that moment and
    // says whether it won; a winner keeps the lock (the next round starts from a stale one).
    const script = `import { acquireDataDirLock } from './server/db/data-dir-lock.ts';
      import { createInterface } from 'node:readline';
      const dir = process.argv[1];
      console.log('ready');
      for await (const line of createInterface({ input: process.stdin })) {
        const [round, at] = line.split(' ').map(Number);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
        let won = true;
        try { await acquireDataDirLock(dir, 'owner'); } catch { won = false; }
        console.log(round + ' ' + (won ? 'won' : 'lost'));
      }`;
    const racers = Array.from({ length: RACERS }, () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script, dataDir],
        { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
      );
      children.push(child);
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      return { child, output: () => output };
    });
    const waitFor = async (test: () => boolean) => {
      const deadline = Date.now() + 20_000;
      while (!test()) {
        if (Date.now() > deadline) throw new Error('the racers did not answer');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await waitFor(() => racers.every((racer) => racer.output().includes('ready')));
    const stale = JSON.stringify({ pid: await deadPid(), role: 'server', token: 'crashed' });
    const winners: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      writeFileSync(lockPath(dataDir), stale);
      const at = Date.now() + 30;
      for (const racer of racers) racer.child.stdin?.write(`${round} ${at}\n`);
      const said = (racer: (typeof racers)[number]) =>
        new RegExp(`^${round} (won|lost)$`, 'm').exec(racer.output())?.[1];
      await waitFor(() => racers.every((racer) => said(racer) !== undefined));
      winners.push(racers.filter((racer) => said(racer) === 'won').length);
    }
    expect(winners).toEqual(Array<number>(ROUNDS).fill(1));
  }, 120_000);
});
