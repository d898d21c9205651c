import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * deploy/systemd/ checked by `systemd-analyze verify` (and `security`), as the going-live page
 * installs it: in a root of its own holding the machine's own systemd units, the three server
 * instances and the backup service and timer in /etc/systemd/system, and /usr/bin/node (a stub:
 * verify checks that each ExecStart's program exists and is executable). systemd-analyze needs no
 * running systemd. e2e/systemd-units.spec.ts runs the ExecStart lines.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const UNITS = join(ROOT, 'deploy', 'systemd');
const FILES = ['linchpin@.service', 'linchpin-backup.service', 'linchpin-backup.timer'];
const CHECKED = [
  'linchpin@8081.service',
  'linchpin@8082.service',
  'linchpin@8083.service',
  'linchpin-backup.service',
  'linchpin-backup.timer',
];
const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A root with the units (changed by `edit`, file by file) and a stub /usr/bin/node. */
function makeRoot(edit: (name: string, text: string) => string = (_name, text) => text): string {
  const root = mkdtempSync(join(tmpdir(), 'linchpin-systemd-root-'));
  roots.push(root);
  mkdirSync(join(root, 'usr', 'lib', 'systemd'), { recursive: true });
  cpSync('/usr/lib/systemd/system', join(root, 'usr', 'lib', 'systemd', 'system'), {
    recursive: true,
    verbatimSymlinks: true,
  });
  mkdirSync(join(root, 'usr', 'bin'), { recursive: true });
  writeFileSync(join(root, 'usr', 'bin', 'node'), '#!/bin/sh\n');
  chmodSync(join(root, 'usr', 'bin', 'node'), 0o755);
  mkdirSync(join(root, 'etc', 'systemd', 'system'), { recursive: true });
  for (const name of FILES) {
    const text = edit(name, readFileSync(join(UNITS, name), 'utf8'));
    writeFileSync(join(root, 'etc', 'systemd', 'system', name), text);
  }
  return root;
}

/** systemd-analyze verify's findings: '' when every unit is clean (it prints nothing then). */
function verify(root: string): { status: number | null; output: string } {
  const result = spawnSync('systemd-analyze', ['verify', `--root=${root}`, ...CHECKED], {
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

const unit = (name: string) => readFileSync(join(UNITS, name), 'utf8');
const lines = (name: string) => unit(name).split('\n');

describe('the systemd units', () => {
  it('pass systemd-analyze verify with nothing to say', () => {
    expect(verify(makeRoot())).toEqual({ status: 0, output: '' });
  });

  it.each([
    [
      'a misspelt setting',
      'linchpin@.service',
      'ProtectSystem=strict',
      'ProtectSystm=strict',
      /Unknown key 'ProtectSystm'/,
    ],
    [
      'a bad Restart=',
      'linchpin@.service',
      'Restart=always',
      'Restart=allways',
      /restart specifier/,
    ],
    [
      'a program that is not there',
      'linchpin-backup.service',
      '/usr/bin/node',
      '/usr/bin/nodejs',
      /is not executable/,
    ],
    [
      'a timer that never fires',
      'linchpin-backup.timer',
      'OnCalendar=*-*-* 04:00:00 UTC',
      'OnCalendar=every day',
      /calendar specification/,
    ],
  ])('fail the check with %s', (_what, file, from, to, message) => {
    const output = verify(
      makeRoot((name, text) => (name === file ? text.replace(from, to) : text)),
    ).output;
    expect(output).toMatch(message);
  });

  it.each(['linchpin@8081.service', 'linchpin-backup.service'])(
    '%s: systemd-analyze security rates its exposure 2.0 or lower ("OK")',
    (name) => {
      const result = spawnSync(
        'systemd-analyze',
        ['security', '--offline=yes', `--root=${makeRoot()}`, '--no-pager', name],
        { encoding: 'utf8' },
      );
      const exposure = /Overall exposure level for \S+: ([\d.]+)/.exec(result.stdout)?.[1];
      expect(Number(exposure)).toBeLessThanOrEqual(2.0);
    },
  );

  it('run the server as docs/going-live.md and the production layout say', () => {
    expect(lines('linchpin@.service')).toEqual(
      expect.arrayContaining([
        'Restart=always',
        'User=linchpin',
        'Group=linchpin',
        'EnvironmentFile=/etc/linchpin/linchpin.env',
        'Environment=PORT=%i',
        'Environment=DATA_DIR=/var/lib/linchpin/data',
        'WorkingDirectory=/opt/linchpin/current',
        // The release as built: no `npm start` (it installs and builds).
        'ExecStart=/usr/bin/node --import tsx server/index.ts',
        'NoNewPrivileges=yes',
        'ProtectSystem=strict',
        'ReadWritePaths=/var/lib/linchpin',
        'StateDirectory=linchpin',
        'WantedBy=multi-user.target',
      ]),
    );
    // Only the data folder is writable: no other writable path.
    expect(lines('linchpin@.service').filter((line) => /^ReadWritePaths=/.test(line))).toEqual([
      'ReadWritePaths=/var/lib/linchpin',
    ]);
    expect(lines('linchpin-backup.service')).toEqual(
      expect.arrayContaining([
        'User=linchpin',
        'EnvironmentFile=/etc/linchpin/linchpin.env',
        'ExecStart=/usr/bin/node --import tsx cli/owner.ts backup-daily /var/lib/linchpin/backups',
        'NoNewPrivileges=yes',
        'ProtectSystem=strict',
      ]),
    );
    expect(lines('linchpin-backup.timer')).toEqual(
      expect.arrayContaining(['Persistent=true', 'WantedBy=timers.target']),
    );
  });
});

describe('systemd-analyze calendar', () => {
  it('fires the backup timer once a day, 24 hours apart', () => {
    const spec = /^OnCalendar=(.*)$/m.exec(unit('linchpin-backup.timer'))?.[1] ?? '';
    const result = spawnSync('systemd-analyze', ['calendar', '--iterations=2', spec], {
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC' },
    });
    const times = [
      ...result.stdout.matchAll(/(?:Next elapse|Iter\. #2): \w+ (\S+ \S+) UTC$/gm),
    ].map((match) => Date.parse(`${match[1]?.replace(' ', 'T')}Z`));
    expect(times).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBe(24 * 3_600_000);
  });
});
