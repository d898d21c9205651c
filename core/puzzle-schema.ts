import * as z from 'zod/mini';
import { DIFFICULTIES } from './difficulties';

/** The shape of one catalogue file; rules that span fields live in puzzle-check.ts. */
export const puzzleSchema = z.object({
  id: z.string(),
  date: z.string(),
  author: z.nullable(z.string()),
  title: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  specialWord: z.string(),
  words: z.array(z.string()),
  categories: z.array(z.object({ name: z.string(), words: z.array(z.string()) })),
});

/** A puzzle file's type, inferred from the schema (core/puzzle.ts names it Puzzle). */
export type PuzzleFile = z.infer<typeof puzzleSchema>;
