/**
 * Release folders (docs/upgrades.md): under a root (production: /opt/linchpin, LINCHPIN_ROOT; the
 * reference stack: .deploy/<base port>/ in the checkout),
 *
 *   releases/<id>/   a copy of the checkout's files, with its own node_modules and its own build
 *   current          a symlink to the live release, switched atomically (a new link, renamed over)
 *
 * A release is built once, in its own folder, while the live one serves: nothing a process serves
 * is ever rebuilt. Ids are the UTC time the release was made (20261202-004512), so name order is age
 * order. The processes run `node --import tsx server/index.ts` in the live release (never a build).
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MIGRATION_FILE } from '../server/db/migrate';

/** Releases kept by default (the live one always among them); LINCHPIN_KEEP_RELEASES changes it. */
export const DEFAULT_KEEP_RELEASES = 5;
const RELEASE_ID = /^\d{8}-\d{6}(-\d+)?$/;
const MIGRATIONS = join('server', 'db', 'migrations');
/** What a release makes for itself, never copied (even when a checkout links them in). */
const PRODUCTS = new Set(['node_modules', 'dist', 'dist-server', 'dist-previous']);

/** Runs a program in a folder; rejects (with what it printed, when it was captured) on failure. */
export type RunCommand = (command: string, args: string[], cwd: string) => Promise<string>;

/** A RunCommand whose output goes to this terminal (the owner's commands). */
export const runInTerminal: RunCommand = (command, args, cwd) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve('')
        : reject(new Error(`${command} ${args.join(' ')} exited ${code} in ${cwd}`)),
    );
  });

/** A RunCommand that keeps the output, shown only when the program fails (tests). */
export const runQuietly: RunCommand = (command, args, cwd) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(
            new Error(
              `${command} ${args.join(' ')} exited ${code} in ${cwd}:\n${output.slice(-3000)}`,
            ),
          ),
    );
  });

const releasesDir = (root: string) => join(root, 'releases');
const currentLink = (root: string) => join(root, 'current');
export const releaseDir = (root: string, id: string) => join(releasesDir(root), id);

/** Every release under `root`, oldest first. */
export function releaseIds(root: string): string[] {
  const dir = releasesDir(root);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => RELEASE_ID.test(name))
    .sort();
}

/** The live release's id, or null before the first one. */
export function currentId(root: string): string | null {
  try {
    return basename(readlinkSync(currentLink(root)));
  } catch {
    return null;
  }
}

/** The live release's folder (the link resolved, as a process started in `current` sees it). */
export function liveDir(root: string): string {
  const id = currentId(root);
  if (id === null) throw new Error(`no release is live in ${root} (no ${currentLink(root)})`);
  return realpathSync(currentLink(root));
}

/** The release made just before the live one: where a rollback goes. */
export function previousId(root: string): string | null {
  const current = currentId(root);
  const older = releaseIds(root).filter((id) => current !== null && id < current);
  return older.at(-1) ?? null;
}

function newReleaseId(root: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  const taken = new Set(releaseIds(root));
  let id = stamp;
  for (let n = 2; taken.has(id) || existsSync(releaseDir(root, id)); n += 1) id = `${stamp}-${n}`;
  return id;
}

/** The migrations a release carries (server/db/migrations), in the order they run. */
export function migrationsIn(dir: string): string[] {
  const folder = join(dir, MIGRATIONS);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort();
}

/** What `to` would run on the database that `from` does not know. */
export function migrationsAdded(fromDir: string, toDir: string): string[] {
  const known = new Set(migrationsIn(fromDir));
  return migrationsIn(toDir).filter((name) => !known.has(name));
}

/**
 * Copies a git checkout's files as they are now (committed or not, untracked ones too; nothing
 * git ignores, so no node_modules, build or data) into `target`.
 */
export async function copyCheckout(source: string, target: string): Promise<number> {
  const listed = await runQuietly(
    'git',
    ['ls-files', '-z', '-c', '-o', '--exclude-standard'],
    source,
  ).catch((error: unknown) => {
    throw new Error(
      `${source} is not a git checkout (a release copies a checkout's files, git ls-files): ${String(error)}`,
    );
  });
  const files = [...new Set(listed.split('\0'))].filter(
    (name) => name !== '' && !PRODUCTS.has(name.split('/')[0] ?? ''),
  );
  mkdirSync(target, { recursive: true });
  let copied = 0;
  for (const file of files) {
    const from = join(source, file);
    // A file deleted but not yet committed is still listed: skip it.
    if (!existsSync(from) && !isSymlink(from)) continue;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(from, join(target, file), { verbatimSymlinks: true, preserveTimestamps: true });
    copied += 1;
  }
  return copied;
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

const sameFile = (a: string, b: string) =>
  existsSync(a) && existsSync(b) && readFileSync(a).equals(readFileSync(b));

/**
 * The release's node_modules: hard links of an installed tree with the same package-lock.json
 * (the live release's, else the source checkout's): nothing is copied twice, and npm replaces the
 * files it updates rather than writing into them, so a later install elsewhere leaves this one as
 * it is. With no such tree, `npm ci` in the release (it needs the registry, or npm's cache).
 */
async function installPackages(
  dir: string,
  candidates: string[],
  run: RunCommand,
  log: (line: string) => void,
): Promise<void> {
  const lock = join(dir, 'package-lock.json');
  const from = candidates.find(
    (candidate) =>
      existsSync(join(candidate, 'node_modules')) &&
      sameFile(lock, join(candidate, 'package-lock.json')),
  );
  if (from !== undefined) {
    await run('cp', ['-al', join(from, 'node_modules'), join(dir, 'node_modules')], dir);
    log(`   packages: hard links of ${join(from, 'node_modules')} (the same package-lock.json)`);
    return;
  }
  log('   packages: npm ci (package-lock.json changed) …');
  await run('npm', ['ci', '--no-audit', '--no-fund'], dir);
}

export interface MakeReleaseOptions {
  /** The checkout to release (its files as they are now). */
  source: string;
  run?: RunCommand;
  log?: (line: string) => void;
  now?: Date;
  /**
   * Take the source's own build (dist/, dist-server/) instead of building: for a first release of
   * a checkout just built (the tests), never for an upgrade.
   */
  adoptBuild?: boolean;
}

/**
 * Makes a new release from `source` beside the live one, which goes on serving: copies the files,
 * links or installs the packages, puts the live release's dist/ in place (so the build keeps its
 * assets for pages still open, scripts/previous-assets.ts) and builds. Returns its id; a release
 * whose build failed is removed, and the live one is untouched.
 */
export async function makeRelease(root: string, options: MakeReleaseOptions): Promise<string> {
  const run = options.run ?? runInTerminal;
  const log = options.log ?? console.log;
  const id = newReleaseId(root, options.now ?? new Date());
  const dir = releaseDir(root, id);
  const live = currentId(root) === null ? null : liveDir(root);
  try {
    const files = await copyCheckout(options.source, dir);
    log(`   files: ${files} from ${options.source}`);
    await installPackages(dir, [...(live ? [live] : []), options.source], run, log);
    if (options.adoptBuild) {
      for (const folder of ['dist', 'dist-server']) {
        await run('cp', ['-a', join(options.source, folder), join(dir, folder)], dir);
      }
      log('   build: the checkout’s own');
    } else {
      if (live && existsSync(join(live, 'dist')))
        await run('cp', ['-a', join(live, 'dist'), join(dir, 'dist')], dir);
      log(`   build: npm run build in ${dir} …`);
      await run('npm', ['run', 'build'], dir);
    }
    return id;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Makes `id` the live release: a new symlink renamed over `current`, so there is always one. */
export function switchTo(root: string, id: string): void {
  if (!existsSync(releaseDir(root, id))) throw new Error(`no release ${id} in ${root}`);
  const link = currentLink(root);
  const next = `${link}.next-${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(join('releases', id), next);
  renameSync(next, link);
}

/**
 * Adds to each release's dist/assets/ the hashed files of the other it lacks (hashed names never
 * clash): while the processes are restarted one at a time, a page from either release asks any
 * process for its files, and each answers them.
 */
export function shareAssets(a: string, b: string): number {
  let added = 0;
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    const source = join(from, 'dist', 'assets');
    const target = join(to, 'dist', 'assets');
    if (!existsSync(source) || !existsSync(target)) continue;
    const have = new Set(readdirSync(target));
    for (const name of readdirSync(source)) {
      if (have.has(name)) continue;
      cpSync(join(source, name), join(target, name), { preserveTimestamps: true });
      added += 1;
    }
  }
  return added;
}

/** Removes all but the newest `keep` releases (never the live one); returns the ids removed. */
export function pruneReleases(root: string, keep: number): string[] {
  const current = currentId(root);
  const ids = releaseIds(root);
  const kept = new Set([...ids.slice(-Math.max(1, keep)), ...(current ? [current] : [])]);
  const removed = ids.filter((id) => !kept.has(id));
  for (const id of removed) rmSync(releaseDir(root, id), { recursive: true, force: true });
  return removed;
}

/** LINCHPIN_KEEP_RELEASES, checked. */
export function keepReleases(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LINCHPIN_KEEP_RELEASES?.trim();
  if (!raw) return DEFAULT_KEEP_RELEASES;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 2)
    throw new Error(`LINCHPIN_KEEP_RELEASES must be a whole number of 2 or more (got "${raw}")`);
  return value;
}
