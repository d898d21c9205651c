import * as z from 'zod/mini';

/** Shape of one catalogue file, `puzzles/<id>.json`. Rules that span fields live in puzzle-check.ts. */
export const difficultySchema = z.enum(['easy', 'normal', 'hard']);
export type Difficulty = z.infer<typeof difficultySchema>;

export const categorySchema = z.object({
  name: z.string(),
  words: z.array(z.string()),
});

export const puzzleSchema = z.object({
  id: z.string(),
  date: z.string(),
  author: z.nullable(z.string()),
  title: z.string(),
  difficulty: difficultySchema,
  specialWord: z.string(),
  words: z.array(z.string()),
  categories: z.array(categorySchema),
});

export type PuzzleCategory = z.infer<typeof categorySchema>;
export type Puzzle = z.infer<typeof puzzleSchema>;

/** What the browser knows about every puzzle without loading its solution. */
export interface PuzzleSummary {
  id: string;
  date: string;
  title: string;
  author: string | null;
  difficulty: Difficulty;
}

export const PUZZLE_ID_PATTERN = /^puzzle_([1-9][0-9]*)$/;

/** The number in `puzzle_<n>`, or null when the id does not follow the pattern. */
export function puzzleNumber(id: string): number | null {
  const match = PUZZLE_ID_PATTERN.exec(id);
  return match?.[1] ? Number(match[1]) : null;
}

export function toSummary(puzzle: Puzzle): PuzzleSummary {
  const { id, date, title, author, difficulty } = puzzle;
  return { id, date, title, author, difficulty };
}
