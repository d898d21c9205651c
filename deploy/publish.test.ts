import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  productionPorts,
  productionRejoinMs,
  proxyRejoinMs,
  publish,
  rollback,
  systemdRestarter,
} from './publish';
import { currentId, releaseIds, runQuietly, type RunCommand } from './releases';

/**
 * Production's path of `npm run deploy:publish` and `deploy:rollback` (deploy/publish.ts): the
 * units linchpin@<port> restarted with systemctl, one at a time, each answering /api/health before
 * the next. systemd does not run here: the commands and health checks are stand-ins that record
 * what happened, and when, beside where `current` pointed at that moment.
 */
let dir = '';
let source = '';
let root = '';
let events: string[] = [];

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const run: RunCommand = async (command, args, cwd) => {
  const line = [command, ...args].join(' ');
  if (command === 'systemctl') {
    events.push(`${line} (current: ${currentId(root)})`);
    return '';
  }
  if (line === 'npm run build') {
    events.push(`build in ${cwd.slice(root.length + 1)} (current: ${currentId(root)})`);
    write(join(cwd, 'dist', 'index.html'), 'built');
    write(join(cwd, 'dist-server', 'puzzles', 'index.json'), `[${Date.now()}]`);
    return '';
  }
  return runQuietly(command, args, cwd);
};

/** Each unit answers its health check on the second ask after its restart. */
function healthy(): (port: number) => Promise<boolean> {
  const asked = new Map<number, number>();
  return (port) => {
    const times = (asked.get(port) ?? 0) + 1;
    asked.set(port, times);
    events.push(`health ${port}: ${times === 2 ? 200 : 503}`);
    if (times === 2) asked.delete(port);
    return Promise.resolve(times === 2);
  };
}

const ports = productionPorts({});
const options = () => ({
  root,
  restarter: systemdRestarter({ ports, run, healthy: healthy(), rejoinMs: 0 }),
  run,
  log: (line: string) => events.push(line),
});

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'linchpin-publish-'));
  source = join(dir, 'checkout');
  root = join(dir, 'opt-linchpin');
  events = [];
  write(join(source, '.gitignore'), 'node_modules/\ndist/\ndist-server/\n');
  write(join(source, 'package-lock.json'), '{}\n');
  write(join(source, 'node_modules', 'pkg', 'index.js'), '\n');
  write(join(source, 'server', 'db', 'migrations', '001-forms.sql'), 'SELECT 1;\n');
  await runQuietly('git', ['init', '-q'], source);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('publish and rollback with systemd units', () => {
  it('builds while the old release serves, switches, then restarts each unit once the previous answers', async () => {
    const first = await publish({ ...options(), source });
    events = [];
    const second = await publish({ ...options(), source });
    expect(second.from).toBe(first.to);
    const restarts = events.filter((e) => /^(build|systemctl|health)/.test(e));
    expect(restarts).toEqual([
      `build in releases/${second.to} (current: ${first.to})`,
      `systemctl restart linchpin@8081 (current: ${second.to})`,
      'health 8081: 503',
      'health 8081: 200',
      `systemctl restart linchpin@8082 (current: ${second.to})`,
      'health 8082: 503',
      'health 8082: 200',
      `systemctl restart linchpin@8083 (current: ${second.to})`,
      'health 8083: 503',
      'health 8083: 200',
    ]);
    // No shared cache of the stack's here: the owner is told what to purge.
    expect(events).toContain(
      'Clear your CDN of every page and /puzzles/index.json (docs/server.md, "Publishing a puzzle").',
    );

    events = [];
    const back = await rollback(options());
    expect(back.to).toBe(first.to);
    expect(currentId(root)).toBe(first.to);
    expect(events.filter((e) => e.startsWith('systemctl'))).toEqual(
      ports.map((port) => `systemctl restart linchpin@${port} (current: ${first.to})`),
    );
  });

  it('says an upgrade adds a migration before it switches, and refuses a rollback past it', async () => {
    const first = await publish({ ...options(), source });
    write(join(source, 'server', 'db', 'migrations', '002-new-table.sql'), 'SELECT 2;\n');
    events = [];
    const second = await publish({ ...options(), source });
    expect(second.migrations).toEqual(['002-new-table.sql']);
    const said = events.findIndex((e) =>
      e.startsWith('This upgrade adds a migration: 002-new-table.sql. It runs on the database'),
    );
    const switched = events.findIndex((e) => e.startsWith('Switched:'));
    expect(said).toBeGreaterThan(-1);
    expect(said).toBeLessThan(switched);

    events = [];
    await expect(rollback(options())).rejects.toThrow(
      `Rollback refused: the live release ${second.to} added the migration 002-new-table.sql, ` +
        `which changed the database when it started; release ${first.to} does not know it`,
    );
    expect(currentId(root)).toBe(second.to);
    expect(events.filter((e) => e.startsWith('systemctl'))).toEqual([]);
  });

  it('keeps the newest releases only', async () => {
    for (let i = 0; i < 4; i += 1) await publish({ ...options(), source, keep: 2 });
    expect(releaseIds(root)).toHaveLength(2);
    expect(releaseIds(root).at(-1)).toBe(currentId(root));
  });

  it('names the unit whose process does not come back', async () => {
    await publish({ ...options(), source });
    const restarter = systemdRestarter({
      ports: [8081],
      run,
      healthy: () => Promise.resolve(false),
      timeoutMs: 300,
      rejoinMs: 0,
    });
    await expect(publish({ root, source, restarter, run, log: () => {} })).rejects.toThrow(
      'linchpin@8081 did not answer /api/health with 200 after its restart',
    );
  });

  it('gives nginx its fail_timeout to take a restarted unit back before the next one goes', async () => {
    await publish({ ...options(), source });
    const at = new Map<string, number>();
    const timed: RunCommand = async (command, args, cwd) => {
      if (command === 'systemctl') at.set(`restart ${args[1]}`, Date.now());
      return run(command, args, cwd);
    };
    const answers = healthy();
    const restarter = systemdRestarter({
      ports,
      run: timed,
      rejoinMs: 300,
      healthy: async (port) => {
        const ok = await answers(port);
        if (ok) at.set(`healthy ${port}`, Date.now());
        return ok;
      },
    });
    events = [];
    await publish({ root, source, restarter, run: timed, log: (line) => events.push(line) });
    for (const [previous, next] of [
      [8081, 8082],
      [8082, 8083],
    ])
      expect(
        at.get(`restart linchpin@${next}`)! - at.get(`healthy ${previous}`)!,
      ).toBeGreaterThanOrEqual(299);
    expect(events.filter((e) => e.includes('waiting'))).toEqual([
      '   waiting 0.3 s for nginx to send requests to it again …',
      '   waiting 0.3 s for nginx to send requests to it again …',
    ]);
  });

  it("reads the wait from nginx's configuration: the longest fail_timeout, nginx's 10 s where none is given", () => {
    for (const file of ['nginx.conf', join('nginx', 'linchpin.conf')])
      expect(proxyRejoinMs(readFileSync(join(import.meta.dirname, file), 'utf8'))).toBe(5000);
    const upstream = (lines: string) => `upstream a {\n${lines}\n}\nserver {\n  listen 80;\n}\n`;
    expect(
      proxyRejoinMs(upstream('  server 127.0.0.1:1;\n  server 127.0.0.1:2 fail_timeout=3s;')),
    ).toBe(10_000);
    expect(proxyRejoinMs(upstream('  server 127.0.0.1:1 max_fails=1 fail_timeout=500ms;'))).toBe(
      500,
    );
    expect(proxyRejoinMs(upstream('  server 127.0.0.1:1 fail_timeout=1m;'))).toBe(60_000);
    expect(proxyRejoinMs(upstream('  server 127.0.0.1:1 fail_timeout=7;'))).toBe(7000);
    expect(proxyRejoinMs('server {\n  listen 80;\n}\n')).toBe(10_000);
    // Production: the installed site when there is one, else the live release's copy.
    const site = join(dir, 'linchpin-site');
    expect(productionRejoinMs(root, site)).toBe(10_000);
    write(
      join(root, 'current', 'deploy', 'nginx', 'linchpin.conf'),
      upstream('  server a:1 fail_timeout=2s;'),
    );
    expect(productionRejoinMs(root, site)).toBe(2000);
    write(site, upstream('  server a:1 fail_timeout=4s;'));
    expect(productionRejoinMs(root, site)).toBe(4000);
  });

  it('reads LINCHPIN_PORTS', () => {
    expect(productionPorts({})).toEqual([8081, 8082, 8083]);
    expect(productionPorts({ LINCHPIN_PORTS: '9001, 9002' })).toEqual([9001, 9002]);
    expect(() => productionPorts({ LINCHPIN_PORTS: '80a' })).toThrow('LINCHPIN_PORTS');
  });
});
