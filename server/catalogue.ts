import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { type CountablePuzzle } from '../core/crowd-schema';

const indexSchema = z.array(z.object({ id: z.string(), date: z.string() }));

/**
 * The ids and dates of the built site's puzzles (dist/puzzles/index.json, what players can open),
 * read once on first use. No built site: no puzzle, so no result can be counted.
 */
export function builtCatalogue(distDir: string): () => readonly CountablePuzzle[] {
  let puzzles: readonly CountablePuzzle[] | null = null;
  return () => {
    if (puzzles === null) {
      try {
        const text = readFileSync(join(distDir, 'puzzles', 'index.json'), 'utf8');
        puzzles = indexSchema.parse(JSON.parse(text)).map(({ id, date }) => ({ id, date }));
      } catch {
        puzzles = [];
      }
    }
    return puzzles;
  };
}
