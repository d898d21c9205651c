import { expect, test } from '@playwright/test';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, REPO_ROOT } from '../deploy/stack';
import { exited } from '../deploy/systemd-unit';
import { answers, UnitServers } from './unit-servers';

/**
 * The production units' ExecStart lines, run as the units run them (deploy/systemd-unit.ts): the
 * built checkout at /opt/linchpin/current, read-only; the environment of Environment= and the
 * going-live page's /etc/linchpin/linchpin.env; the one writable folder /var/lib/linchpin; the
 * unit's own user, without privileges. scripts/systemd-units.test.ts checks the files with
 * systemd-analyze.
 */
let units: UnitServers;

test.beforeAll(() => {
  units = new UnitServers();
});
test.afterAll(async () => {
  await units.dispose();
});

/** The uid, the no_new_privs flag and the effective capabilities of a running process. */
function processStatus(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1] ?? '';
  return {
    uid: Number(field('Uid').split(/\s+/)[0]),
    noNewPrivs: field('NoNewPrivs'),
    capabilities: field('CapEff'),
  };
}

test('linchpin@<port> serves the built release as its own user, writing only /var/lib/linchpin, and stops cleanly', async () => {
  test.setTimeout(180_000);
  const built = statSync(join(REPO_ROOT, 'dist', 'index.html')).mtimeMs;
  const port = await freePort();
  const run = await units.startServer(port);

  expect(await answers(`http://127.0.0.1:${port}/`)).toBe(200);
  expect(run.output()).toContain(`Linchpin is running at http://127.0.0.1:${port}`);
  const pid = run.child.pid ?? 0;
  expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toEqual([
    '/usr/bin/node',
    '--import',
    'tsx',
    'server/index.ts',
    '',
  ]);
  expect(processStatus(pid)).toEqual({
    uid: run.user.uid,
    noNewPrivs: '1',
    capabilities: '0000000000000000',
  });
  // The embedded database is in DATA_DIR under the state folder, the user's.
  expect(readdirSync(run.stateDir)).toContain('data');
  expect(statSync(join(run.stateDir, 'data')).uid).toBe(run.user.uid);
  // UMask=0077: what it makes is its user's alone.
  expect(statSync(join(run.stateDir, 'data')).mode & 0o777).toBe(0o700);
  // Nothing was built or installed: the release is read-only to it, and dist/ is as it was.
  expect(statSync(join(REPO_ROOT, 'dist', 'index.html')).mtimeMs).toBe(built);
  expect(run.output()).not.toMatch(/vite|npm (ci|install)|building/i);

  // systemctl stop: SIGTERM (KillSignal), exit 0 well within TimeoutStopSec=30.
  const stopped = Date.now();
  run.child.kill('SIGTERM');
  expect(await exited(run.child)).toBe(0);
  expect(Date.now() - stopped).toBeLessThan(30_000);
});

test('linchpin-backup.service writes the day’s backup into /var/lib/linchpin/backups', async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const server = await units.startServer(port);
  // The backup goes through the running server (embedded database), as the timer's run would.
  const backup = units.start('linchpin-backup.service', { stateDir: server.stateDir });
  expect(await exited(backup.child), backup.output()).toBe(0);
  const today = new Date().toISOString().slice(0, 10);
  const file = join(server.stateDir, 'backups', `linchpin-${today}.backup.gz`);
  const stat = statSync(file);
  expect(stat.uid).toBe(server.user.uid);
  // UMask=0077: readable by linchpin only.
  expect(stat.mode & 0o777).toBe(0o600);
  server.child.kill('SIGTERM');
  expect(await exited(server.child)).toBe(0);
});
