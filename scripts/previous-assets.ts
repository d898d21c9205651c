/**
 * Rolling deploys: a page of the previous build still loads its hashed assets from a server of the
 * new one. `npm run build` runs `stash` before Vite (which empties dist/) and `restore` after the
 * pages are rendered: the previous build's files in dist/assets/ that the new build no longer has
 * go back beside the new ones, with their .br and .gz. dist/.vite/asset-history.json remembers, for
 * each file, the last build it belonged to and when that build ran; a file is dropped once it has
 * been out of KEEP_BUILDS builds and KEEP_DAYS days (both). A CDN keeps a page until the next
 * midnight UTC at most, and an open tab may load a lazy chunk long after it was opened.
 *
 *   tsx scripts/previous-assets.ts stash|restore [distDir]
 *
 * The service worker's precache list is made by the build itself, so it lists only the new files.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

export const KEEP_BUILDS = 2;
export const KEEP_DAYS = 7;
const DAY_MS = 86_400_000;
const HISTORY_FILE = join('.vite', 'asset-history.json');
/** Siblings that travel with their file (scripts/compress-dist.ts writes them). */
const SIBLINGS = ['.br', '.gz'];

const historySchema = z.object({
  build: z.number().int().nonnegative(),
  files: z.record(
    z.string(),
    z.object({ build: z.number().int().nonnegative(), at: z.iso.datetime() }),
  ),
});
export type AssetHistory = z.infer<typeof historySchema>;

export const stashDirOf = (distDir: string) => `${distDir}-previous`;

function readHistory(file: string): AssetHistory {
  try {
    return historySchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { build: 0, files: {} };
  }
}

const isSibling = (name: string) => SIBLINGS.some((extension) => name.endsWith(extension));
const baseFiles = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => !isSibling(name)) : [];

/**
 * Moves dist/assets/ and the history aside before Vite empties dist/. A stash left by a build that
 * failed before `restore` is kept as it is: it holds the last build that finished.
 */
export function stashPreviousAssets(distDir: string): void {
  const stash = stashDirOf(distDir);
  if (existsSync(stash)) return;
  const assets = join(distDir, 'assets');
  if (!existsSync(assets)) return;
  mkdirSync(stash, { recursive: true });
  renameSync(assets, join(stash, 'assets'));
  const history = join(distDir, HISTORY_FILE);
  if (existsSync(history)) renameSync(history, join(stash, 'asset-history.json'));
}

/**
 * Puts back the stashed files the new build does not have and may still be asked for, and writes
 * the new history. Returns the names put back. Renaming keeps each file's time, so the compression
 * step leaves their .br and .gz as they are.
 */
export function restorePreviousAssets(distDir: string, now = new Date()): string[] {
  const stash = stashDirOf(distDir);
  const previous = readHistory(join(stash, 'asset-history.json'));
  const build = previous.build + 1;
  const assets = join(distDir, 'assets');
  const current = new Set(baseFiles(assets));
  const history: AssetHistory = { build, files: {} };
  for (const name of current) history.files[name] = { build, at: now.toISOString() };

  const kept: string[] = [];
  for (const name of baseFiles(join(stash, 'assets'))) {
    if (current.has(name)) continue;
    // A file from before the history existed counts as the previous build's.
    const entry = previous.files[name] ?? { build: previous.build, at: now.toISOString() };
    const buildsOut = build - entry.build;
    const daysOut = (now.getTime() - Date.parse(entry.at)) / DAY_MS;
    if (buildsOut > KEEP_BUILDS && daysOut > KEEP_DAYS) continue;
    mkdirSync(assets, { recursive: true });
    for (const file of [name, ...SIBLINGS.map((extension) => name + extension)]) {
      const from = join(stash, 'assets', file);
      if (existsSync(from)) renameSync(from, join(assets, file));
    }
    history.files[name] = entry;
    kept.push(name);
  }

  const historyFile = join(distDir, HISTORY_FILE);
  mkdirSync(dirname(historyFile), { recursive: true });
  writeFileSync(historyFile, `${JSON.stringify(history, null, 2)}\n`);
  rmSync(stash, { recursive: true, force: true });
  return kept.sort();
}

if (process.argv[1] === import.meta.filename) {
  const [command, dir] = process.argv.slice(2);
  const distDir = dir ?? join(import.meta.dirname, '..', 'dist');
  if (command === 'stash') {
    stashPreviousAssets(distDir);
  } else if (command === 'restore') {
    const kept = restorePreviousAssets(distDir);
    console.log(`Kept ${kept.length} files of earlier builds in dist/assets/ for rolling deploys.`);
  } else {
    console.error('Usage: tsx scripts/previous-assets.ts stash|restore [distDir]');
    process.exit(2);
  }
}
