import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  currentId,
  keepReleases,
  liveDir,
  makeRelease,
  previousId,
  pruneReleases,
  releaseDir,
  releaseIds,
  runQuietly,
  shareAssets,
  switchTo,
  type RunCommand,
} from './releases';

/**
 * Release folders (deploy/releases.ts) on a small git checkout of their own, with a stand-in for
 * `npm run build` and `npm ci` that records where it ran.
 */
let dir = '';
let source = '';
let root = '';
let ran: { command: string; cwd: string }[] = [];

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** The build writes dist/ (as Vite does, from scratch, then the kept assets come back). */
const run: RunCommand = async (command, args, cwd) => {
  const line = [command, ...args].join(' ');
  ran.push({ command: line, cwd });
  if (line === 'npm run build') {
    const version = readFileSync(join(cwd, 'VERSION'), 'utf8').trim();
    const kept = existsSync(join(cwd, 'dist', 'assets'))
      ? readdirSync(join(cwd, 'dist', 'assets'))
      : [];
    rmSync(join(cwd, 'dist'), { recursive: true, force: true });
    write(join(cwd, 'dist', 'index.html'), `<script src="/assets/app-${version}.js"></script>`);
    write(join(cwd, 'dist', 'assets', `app-${version}.js`), version);
    for (const name of kept) write(join(cwd, 'dist', 'assets', name), 'kept');
    if (version === 'broken') throw new Error('the build failed');
    return '';
  }
  if (line === 'npm ci --no-audit --no-fund') {
    write(join(cwd, 'node_modules', 'installed'), 'by npm ci');
    return '';
  }
  return runQuietly(command, args, cwd);
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'linchpin-releases-'));
  source = join(dir, 'checkout');
  root = join(dir, 'linchpin');
  ran = [];
  write(join(source, '.gitignore'), 'node_modules/\ndist/\n');
  write(join(source, 'VERSION'), 'one\n');
  write(join(source, 'package-lock.json'), '{"lock":1}\n');
  write(join(source, 'server', 'db', 'migrations', '001-forms.sql'), 'SELECT 1;\n');
  write(join(source, 'node_modules', 'pkg', 'index.js'), 'module.exports = 1;\n');
  await runQuietly('git', ['init', '-q'], source);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const at = (minute: number) => new Date(Date.UTC(2026, 11, 2, 1, minute, 0));

describe('release folders', () => {
  it('copies the checkout, links its packages and builds in the new folder', async () => {
    const id = await makeRelease(root, { source, run, log: () => {}, now: at(0) });
    expect(id).toBe('20261202-010000');
    const folder = releaseDir(root, id);
    expect(readFileSync(join(folder, 'VERSION'), 'utf8')).toBe('one\n');
    // Hard links of the checkout's packages: the same file, not a copy.
    expect(statSync(join(folder, 'node_modules', 'pkg', 'index.js')).ino).toBe(
      statSync(join(source, 'node_modules', 'pkg', 'index.js')).ino,
    );
    expect(ran.filter((r) => r.command.startsWith('npm'))).toEqual([
      { command: 'npm run build', cwd: folder },
    ]);
    expect(currentId(root)).toBeNull();
  });

  it('builds an upgrade beside the live release, which keeps its build, and switches atomically', async () => {
    const one = await makeRelease(root, { source, run, log: () => {}, now: at(0) });
    switchTo(root, one);
    const liveIndex = join(liveDir(root), 'dist', 'index.html');
    const before = readFileSync(liveIndex, 'utf8');
    write(join(source, 'VERSION'), 'two\n');
    const two = await makeRelease(root, { source, run, log: () => {}, now: at(1) });
    // Built in its own folder; the live one never rebuilt.
    expect(ran.filter((r) => r.command === 'npm run build').map((r) => r.cwd)).toEqual([
      releaseDir(root, one),
      releaseDir(root, two),
    ]);
    expect(readFileSync(liveIndex, 'utf8')).toBe(before);
    // The live release's assets came along (scripts/previous-assets.ts keeps them).
    expect(readdirSync(join(releaseDir(root, two), 'dist', 'assets')).sort()).toEqual([
      'app-one.js',
      'app-two.js',
    ]);
    expect(currentId(root)).toBe(one);
    switchTo(root, two);
    expect(readlinkSync(join(root, 'current'))).toBe(join('releases', two));
    expect(readdirSync(root).sort()).toEqual(['current', 'releases']);
    expect(previousId(root)).toBe(one);
  });

  it('installs with npm ci when package-lock.json changed', async () => {
    const one = await makeRelease(root, { source, run, log: () => {}, now: at(0) });
    switchTo(root, one);
    rmSync(join(source, 'node_modules'), { recursive: true });
    write(join(source, 'package-lock.json'), '{"lock":2}\n');
    const two = await makeRelease(root, { source, run, log: () => {}, now: at(1) });
    expect(ran.filter((r) => r.command.startsWith('npm ci')).map((r) => r.cwd)).toEqual([
      releaseDir(root, two),
    ]);
  });

  it('removes a release whose build failed and leaves the live one live', async () => {
    const one = await makeRelease(root, { source, run, log: () => {}, now: at(0) });
    switchTo(root, one);
    write(join(source, 'VERSION'), 'broken\n');
    await expect(makeRelease(root, { source, run, log: () => {}, now: at(1) })).rejects.toThrow(
      'the build failed',
    );
    expect(releaseIds(root)).toEqual([one]);
    expect(currentId(root)).toBe(one);
  });

  it('keeps the newest N releases and always the live one', async () => {
    const ids: string[] = [];
    for (let minute = 0; minute < 5; minute += 1)
      ids.push(await makeRelease(root, { source, run, log: () => {}, now: at(minute) }));
    switchTo(root, ids[0] ?? '');
    expect(pruneReleases(root, 3)).toEqual([ids[1]]);
    expect(releaseIds(root)).toEqual([ids[0], ids[2], ids[3], ids[4]]);
    expect(keepReleases({})).toBe(5);
    expect(keepReleases({ LINCHPIN_KEEP_RELEASES: '3' })).toBe(3);
    expect(() => keepReleases({ LINCHPIN_KEEP_RELEASES: '1' })).toThrow('LINCHPIN_KEEP_RELEASES');
  });

  it('gives each of two releases the hashed assets of the other', async () => {
    const one = await makeRelease(root, { source, run, log: () => {}, now: at(0) });
    write(join(source, 'VERSION'), 'two\n');
    const two = await makeRelease(root, { source, run, log: () => {}, now: at(1) });
    expect(shareAssets(releaseDir(root, one), releaseDir(root, two))).toBe(2);
    for (const id of [one, two])
      expect(readdirSync(join(releaseDir(root, id), 'dist', 'assets')).sort()).toEqual([
        'app-one.js',
        'app-two.js',
      ]);
  });
});
