import * as z from 'zod/mini';
import { DIFFICULTIES, type Puzzle } from './puzzle';

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

// The schema and the Puzzle type describe the same file: this stops compiling if they drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const SCHEMA_MATCHES_TYPE: Same<z.infer<typeof puzzleSchema>, Puzzle> = true;
