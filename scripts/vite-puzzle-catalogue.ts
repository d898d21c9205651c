import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { checkPuzzle } from '../core/puzzle-check';
import { puzzleNumber, toSummary, type PuzzleSummary } from '../core/puzzle';
import { puzzleSchema } from '../core/puzzle-schema';

const INDEX_ID = 'virtual:puzzle-index';
const RESOLVED_INDEX_ID = `\0${INDEX_ID}`;

interface CatalogueEntry {
  summary: PuzzleSummary;
  path: string;
}

/**
 * The puzzles of `dir` that pass every check, in puzzle-number order. A broken file is left out
 * of the build (and reported by `npm run puzzles:check`), so the browser never meets one.
 */
export function readCatalogue(dir: string): CatalogueEntry[] {
  const entries: CatalogueEntry[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const path = join(dir, file);
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      continue;
    }
    const parsed = puzzleSchema.safeParse(data);
    if (!parsed.success || checkPuzzle(data, file).length > 0) continue;
    entries.push({ summary: toSummary(parsed.data), path });
  }
  return entries.sort(
    (a, b) => (puzzleNumber(a.summary.id) ?? 0) - (puzzleNumber(b.summary.id) ?? 0),
  );
}

function catalogueModule(dir: string, root: string): string {
  const entries = readCatalogue(dir);
  // Root-relative ids ("/puzzles/puzzle_1.json") resolve the same in dev, tests and builds.
  const loaders = entries
    .map(({ summary, path }) => {
      const id = `/${relative(root, path).split(sep).join('/')}`;
      return `  ${JSON.stringify(summary.id)}: () => import(${JSON.stringify(id)}),`;
    })
    .join('\n');
  return [
    `export const summaries = ${JSON.stringify(entries.map((entry) => entry.summary))};`,
    `export const loaders = {\n${loaders}\n};`,
  ].join('\n');
}

/**
 * `virtual:puzzle-index` exports the summary of every puzzle (id, date, title, author,
 * difficulty), so the home page and archive never load solutions, and a loader per puzzle: each
 * full puzzle is its own lazily loaded chunk.
 */
export function puzzleCatalogue(dir = resolve('puzzles')): Plugin {
  let root = process.cwd();
  return {
    name: 'linchpin-puzzle-catalogue',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === INDEX_ID ? RESOLVED_INDEX_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_INDEX_ID) return null;
      return catalogueModule(dir, root);
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(dir)) return;
      const module = server.moduleGraph.getModuleById(RESOLVED_INDEX_ID);
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}
