/**
 * The production units (deploy/systemd/) read and run as systemd would, for the tests that run
 * their ExecStart lines (e2e/systemd-units.spec.ts) on a machine without systemd running:
 *
 * - parseUnit / unitEnvironment: the [Service] settings, and the environment systemd gives the
 *   command (its own variables, Environment= lines, then EnvironmentFile= files, whose values win);
 * - startAsUnit: runs ExecStart in a mount namespace of its own where the unit's paths exist
 *   (WorkingDirectory is a built checkout mounted read-only at /opt/linchpin/current, the
 *   state directory a fresh folder at /var/lib/linchpin), everything else is read-only as under
 *   ProtectSystem=strict, /tmp is private (PrivateTmp), and the command runs as the unit's User=
 *   (a user of that name added to this namespace's /etc/passwd only) without capabilities or new
 *   privileges (NoNewPrivileges). Needs root (util-linux `unshare`, `mount`, `setpriv`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Unit {
  /** Every `Key=value` of a section, in file order (a key may repeat, e.g. Environment=). */
  sections: Map<string, [string, string][]>;
}

/** Reads a unit file's sections (comments, blank lines and line continuations handled). */
export function parseUnit(text: string): Unit {
  const sections = new Map<string, [string, string][]>();
  let current: [string, string][] | null = null;
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    const section = /^\[(.+)\]$/.exec(trimmed);
    if (section?.[1]) {
      current = sections.get(section[1]) ?? [];
      sections.set(section[1], current);
      continue;
    }
    const eq = trimmed.indexOf('=');
    if (eq < 0 || current === null) throw new Error(`not a unit setting: ${line}`);
    current.push([trimmed.slice(0, eq).trim(), trimmed.slice(eq + 1).trim()]);
  }
  return { sections };
}

/** Every value of `key` in `section`, with the instance specifier %i replaced. */
export function unitValues(unit: Unit, section: string, key: string, instance = ''): string[] {
  return (unit.sections.get(section) ?? [])
    .filter(([name]) => name === key)
    .map(([, value]) => value.replaceAll('%i', instance).replaceAll('%%', '%'));
}

/** The last value of `key` in [Service], or throws when the unit has none. */
export function serviceValue(unit: Unit, key: string, instance = ''): string {
  const value = unitValues(unit, 'Service', key, instance).at(-1);
  if (value === undefined) throw new Error(`the unit has no ${key}=`);
  return value;
}

/** Splits a command line or an Environment= value as systemd does (double and single quotes). */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) {
    words.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  return words;
}

/** An EnvironmentFile=: `KEY=value` lines, `#` comments, values optionally quoted. */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(trimmed);
    if (!match?.[1]) throw new Error(`not a KEY=value line: ${line}`);
    const raw = match[2] ?? '';
    const quoted = /^"(.*)"$|^'(.*)'$/.exec(raw);
    env[match[1]] = quoted ? (quoted[1] ?? quoted[2] ?? '') : raw;
  }
  return env;
}

export interface UnitUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
}

/**
 * The environment systemd gives the service's command: its own variables, then every Environment=
 * line, then the EnvironmentFile= files (read by `readFile`, standing in for their paths), whose
 * values override the Environment= lines (systemd.exec(5)).
 */
export function unitEnvironment(
  unit: Unit,
  options: {
    instance?: string;
    user: UnitUser;
    readFile: (path: string) => string;
  },
): Record<string, string> {
  const instance = options.instance ?? '';
  const env: Record<string, string> = {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    LANG: 'C.UTF-8',
    USER: options.user.name,
    LOGNAME: options.user.name,
    HOME: options.user.home,
    SHELL: '/usr/sbin/nologin',
  };
  const stateDirectory = unitValues(unit, 'Service', 'StateDirectory', instance).at(-1);
  if (stateDirectory) env.STATE_DIRECTORY = `/var/lib/${stateDirectory}`;
  for (const line of unitValues(unit, 'Service', 'Environment', instance)) {
    for (const word of splitWords(line)) {
      const eq = word.indexOf('=');
      if (eq > 0) env[word.slice(0, eq)] = word.slice(eq + 1);
    }
  }
  for (const path of unitValues(unit, 'Service', 'EnvironmentFile', instance)) {
    // A leading "-" means "if it exists"; these units require theirs.
    Object.assign(env, parseEnvironmentFile(options.readFile(path.replace(/^-/, ''))));
  }
  return env;
}

const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** An id no account of this machine has, for the unit's user in the namespace. */
function freeId(file: string): number {
  const taken = new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => Number(line.split(':')[2])),
  );
  let id = 64_100;
  while (taken.has(id)) id += 1;
  return id;
}

export interface UnitRun {
  child: ChildProcess;
  /** The folder standing for the unit's state directory (/var/lib/linchpin). */
  stateDir: string;
  /** Everything the command wrote to its output and error streams so far. */
  output: () => string;
  user: UnitUser;
  env: Record<string, string>;
}

/**
 * Runs the unit's ExecStart as described at the top of this file, `checkout` standing for the
 * unit's WorkingDirectory (/opt/linchpin/current) and `environmentFile` for its EnvironmentFile=.
 */
export function startAsUnit(options: {
  unitText: string;
  instance?: string;
  checkout: string;
  environmentFile: string;
  /** An existing state folder (e.g. one a server of the same test filled), else a fresh one. */
  stateDir?: string;
}): UnitRun {
  const unit = parseUnit(options.unitText);
  const instance = options.instance ?? '';
  const workingDirectory = serviceValue(unit, 'WorkingDirectory', instance);
  const userName = serviceValue(unit, 'User', instance);
  const stateName = serviceValue(unit, 'StateDirectory', instance);
  const stateMount = `/var/lib/${stateName}`;
  if (workingDirectory !== '/opt/linchpin/current') {
    throw new Error(`WorkingDirectory is ${workingDirectory}, not /opt/linchpin/current`);
  }
  const work = mkdtempSync(join(tmpdir(), 'linchpin-unit-'));
  chmodSync(work, 0o755);
  const uid = freeId('/etc/passwd');
  const gid = freeId('/etc/group');
  const user: UnitUser = { name: userName, uid, gid, home: stateMount };
  writeFileSync(
    join(work, 'passwd'),
    `${readFileSync('/etc/passwd', 'utf8')}${userName}:x:${uid}:${gid}::${stateMount}:/usr/sbin/nologin\n`,
  );
  writeFileSync(
    join(work, 'group'),
    `${readFileSync('/etc/group', 'utf8')}${userName}:x:${gid}:\n`,
  );
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'linchpin-state-'));
  // StateDirectory=: systemd makes the folder the user's, with StateDirectoryMode.
  chownSync(stateDir, uid, gid);
  chmodSync(stateDir, Number.parseInt(serviceValue(unit, 'StateDirectoryMode', instance), 8));

  const env = unitEnvironment(unit, {
    instance,
    user,
    readFile: () => readFileSync(options.environmentFile, 'utf8'),
  });
  const command = splitWords(serviceValue(unit, 'ExecStart', instance));
  const q = shellQuote;
  const script = [
    'set -e',
    // The unit's paths, in this namespace only.
    'mount -t tmpfs -o mode=0755 tmpfs /opt',
    'mkdir -p /opt/linchpin/current',
    `mount --bind ${q(options.checkout)} /opt/linchpin/current`,
    'mount -t tmpfs -o mode=0755 tmpfs /var/lib',
    `mkdir -p ${q(stateMount)}`,
    `mount --bind ${q(join(work, 'passwd'))} /etc/passwd`,
    `mount --bind ${q(join(work, 'group'))} /etc/group`,
    // ProtectSystem=strict: every mount read-only but the kernel's API file systems.
    `awk '{print $5}' /proc/self/mountinfo | grep -Ev '^/(proc|sys|dev)(/|$)' | while read -r point; do mount -o remount,bind,ro "$point" 2>/dev/null || true; done`,
    // Refuse to go on unless the system and the release really are read-only now.
    'if [ -w /etc ] || [ -w /usr ] || [ -w /opt/linchpin/current ]; then echo "could not make the system read-only" >&2; exit 97; fi',
    // StateDirectory= (and ReadWritePaths=): the one writable folder.
    `mount --bind ${q(stateDir)} ${q(stateMount)}`,
    `mount -o remount,bind,rw ${q(stateMount)}`,
    // PrivateTmp=yes: a /tmp and /var/tmp of its own; without it they stay read-only.
    ...(serviceValue(unit, 'PrivateTmp', instance) === 'yes'
      ? ['mount -t tmpfs -o mode=1777 tmpfs /tmp', 'mount -t tmpfs -o mode=1777 tmpfs /var/tmp']
      : []),
    `cd ${q(workingDirectory)}`,
    // UMask=.
    ...unitValues(unit, 'Service', 'UMask', instance).map((mask) => `umask ${mask}`),
    // User=, Group=, NoNewPrivileges=yes, CapabilityBoundingSet= (none).
    `exec setpriv --reuid=${q(userName)} --regid=${q(userName)} --clear-groups --no-new-privs --inh-caps=-all --bounding-set=-all env -i ${Object.entries(
      env,
    )
      .map(([key, value]) => q(`${key}=${value}`))
      .join(' ')} ${command.map(q).join(' ')}`,
  ].join('\n');
  const child = spawn('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, stateDir, output: () => output, user, env };
}

/** Resolves with the exit code (or the signal's name) once the process has ended. */
export function exited(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((done) => child.once('exit', (code, signal) => done(code ?? signal ?? -1)));
}
