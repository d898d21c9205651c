import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { puzzleNumber, puzzleSchema, toSummary, type PuzzleSummary } from '../core/puzzle';

const INDEX_ID = 'virtual:puzzle-index';
const RESOLVED_INDEX_ID = `\0${INDEX_ID}`;

/** Reads the catalogue's summaries (no solutions) from `dir`, in puzzle-number order. */
export function readSummaries(dir: string): PuzzleSummary[] {
  const summaries: PuzzleSummary[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const parsed = puzzleSchema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (parsed.success) summaries.push(toSummary(parsed.data));
  }
  return summaries.sort((a, b) => (puzzleNumber(a.id) ?? 0) - (puzzleNumber(b.id) ?? 0));
}

/**
 * `virtual:puzzle-index` exports the summary of every puzzle (id, date, title, author,
 * difficulty) so the home page and archive never load solutions; each full puzzle stays its own
 * lazily loaded chunk.
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
      return `export const summaries = ${JSON.stringify(readSummaries(dir))};`;
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(dir)) return;
      const module = server.moduleGraph.getModuleById(RESOLVED_INDEX_ID);
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}
