import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../deploy/stack';
import { docSteps, type DocStep } from './going-live-support';
import { makeCertificates } from './public-face';

/**
 * docs/going-live.md followed on this machine as far as a container allows: in a mount namespace
 * of its own, where /etc and /var are overlays of the machine's (what the steps write lands in a
 * folder of the test's, the machine's own files stay as they were) and /opt is empty, every file
 * the page shows is written where it says and every command runs as written, in the page's
 * order, but the few a container cannot run, each named below with the reason. The page's last
 * section says the same.
 */
const NOT_RUN: { pattern: RegExp; reason: string }[] = [
  { pattern: /^apt-get /, reason: 'installs packages: Debian must have each one (checked below)' },
  { pattern: /^npm (ci|run build)$/, reason: 'the mounted checkout is installed and built' },
  { pattern: /^systemctl /, reason: 'no systemd runs here' },
  { pattern: /^runuser -u postgres -- /, reason: 'the PostgreSQL option' },
];
/** Commands the test does its own way, with what stands for them. */
const STAND_INS: { pattern: RegExp; instead: (line: string, certs: string) => string }[] = [
  {
    // The test's own built checkout is the release.
    pattern: /^git clone .* ("\$RELEASE")$/,
    instead: (line) => {
      const target = /("\$RELEASE")$/.exec(line)?.[1] ?? '';
      return `mkdir -p ${target} && mount --bind ${REPO_ROOT} ${target}`;
    },
  },
  {
    // No certificate authority reaches this machine: the test's own certificate goes where
    // certbot puts one.
    pattern: /^certbot certonly /,
    instead: (line, certs) => {
      const host = / -d (\S+)/.exec(line)?.[1] ?? '';
      const live = `/etc/letsencrypt/live/${host}`;
      return `install -d -m 755 ${live} && install -m 644 ${certs}/fullchain.pem ${live}/fullchain.pem && install -m 600 ${certs}/privkey.pem ${live}/privkey.pem`;
    },
  },
];

function scriptLine(step: DocStep, certs: string): string {
  if (step.kind === 'file') {
    return `mkdir -p "$(dirname '${step.path}')"\ncat > '${step.path}' <<'LINCHPIN_DOC_FILE'\n${step.text}LINCHPIN_DOC_FILE`;
  }
  const skipped = NOT_RUN.find(({ pattern }) => pattern.test(step.line));
  if (skipped) return `# not run (${skipped.reason}): ${step.line}`;
  const standIn = STAND_INS.find(({ pattern }) => pattern.test(step.line));
  return `printf '+ %s\\n' '${step.line.replaceAll("'", "'\\''")}'\n${standIn ? standIn.instead(step.line, certs) : step.line}`;
}

let work = '';

test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'linchpin-going-live-'));
});
test.afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

test('every package the page installs is one of Debian’s', () => {
  const packages = docSteps()
    .filter((step): step is Extract<DocStep, { kind: 'command' }> => step.kind === 'command')
    .flatMap((step) => /^apt-get install -y (.*)$/.exec(step.line)?.[1]?.split(/\s+/) ?? []);
  expect(packages).toEqual(expect.arrayContaining(['nginx', 'certbot', 'nftables']));
  const result = spawnSync('apt-cache', ['show', '--no-all-versions', ...packages], {
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  expect([...result.stdout.matchAll(/^Package: (\S+)$/gm)].map((match) => match[1])).toEqual(
    packages,
  );
});

test('steps 2 to 7 run as written, and leave the machine as the page says', () => {
  test.setTimeout(120_000);
  const certs = join(work, 'certs');
  mkdirSync(certs);
  makeCertificates(certs);
  const steps = docSteps();
  const commands = steps.filter((step) => step.kind === 'command');
  // Every command is run, stood in for, or named as not run: nothing is left out unseen.
  expect(commands.length).toBeGreaterThan(20);

  const overlay = (path: string) => {
    const name = path.slice(1);
    mkdirSync(join(work, name, 'upper'), { recursive: true });
    mkdirSync(join(work, name, 'work'), { recursive: true });
    return `mount -t overlay overlay -o lowerdir=${path},upperdir=${join(work, name, 'upper')},workdir=${join(work, name, 'work')} ${path}`;
  };
  const script = [
    'set -e',
    'exec 2>&1',
    overlay('/etc'),
    overlay('/var'),
    'mount -t tmpfs -o mode=0755 tmpfs /opt',
    ...steps.map((step) => scriptLine(step, certs)),
    'cd /',
    'echo "--- state"',
    'getent passwd linchpin | cut -d: -f1,6,7',
    'stat -c "%n %U:%G %a" /etc/linchpin /etc/linchpin/linchpin.env /var/lib/linchpin /var/lib/linchpin/data /var/lib/linchpin/backups /opt/linchpin/releases',
    'readlink /opt/linchpin/current',
    'ls /etc/nginx/sites-enabled',
  ].join('\n');
  const result = spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script], {
    encoding: 'utf8',
  });
  const output = `${result.stdout}${result.stderr}`;
  expect(result.status, output).toBe(0);

  /** What a command of the page printed (up to the next command). */
  const printed = (command: string) => {
    const start = output.indexOf(`+ ${command}\n`);
    expect(start, command).toBeGreaterThanOrEqual(0);
    const rest = output.slice(start + command.length + 3);
    return rest.slice(0, rest.search(/^(\+ |--- state$)/m)).trim();
  };
  expect(
    printed(
      'systemd-analyze verify linchpin@8081.service linchpin-backup.service linchpin-backup.timer',
    ),
  ).toBe('');
  expect(
    output.match(/nginx: configuration file \/etc\/nginx\/nginx\.conf test is successful/g),
  ).toHaveLength(2);
  expect(printed('nft -c -f /etc/nftables.conf')).toBe('');
  const state = output
    .slice(output.indexOf('--- state\n') + '--- state\n'.length)
    .trim()
    .split('\n');
  expect(state).toEqual([
    'linchpin:/var/lib/linchpin:/usr/sbin/nologin',
    '/etc/linchpin root:linchpin 750',
    '/etc/linchpin/linchpin.env root:linchpin 640',
    '/var/lib/linchpin linchpin:linchpin 750',
    '/var/lib/linchpin/data linchpin:linchpin 750',
    '/var/lib/linchpin/backups linchpin:linchpin 750',
    '/opt/linchpin/releases root:root 755',
    '/opt/linchpin/releases/0.4.0',
    'linchpin',
    'linchpin-http',
  ]);
});
