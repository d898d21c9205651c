import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { checkPuzzle } from '../core/puzzle-check';
import { puzzleNumber, puzzleSchema, toSummary, type PuzzleSummary } from '../core/puzzle';

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

function catalogueModule(dir: string): string {
  const entries = readCatalogue(dir);
  const loaders = entries
    .map(
      ({ summary, path }) =>
        `  ${JSON.stringify(summary.id)}: () => import(${JSON.stringify(path)}),`,
    )
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
  return {
    name: 'linchpin-puzzle-catalogue',
    resolveId(id) {
      return id === INDEX_ID ? RESOLVED_INDEX_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_INDEX_ID) return null;
      this.addWatchFile(dir);
      return catalogueModule(dir);
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(dir)) return;
      const module = server.moduleGraph.getModuleById(RESOLVED_INDEX_ID);
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}
