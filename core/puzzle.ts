/**
 * One catalogue puzzle, `puzzles/<id>.json`, and the small helpers the browser needs on its first
 * load. The schema that checks a file is in puzzle-schema.ts, so that code (and zod) loads only
 * where a puzzle file is read. Rules that span fields live in puzzle-check.ts.
 */
export const DIFFICULTIES = ['easy', 'normal', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export interface PuzzleCategory {
  name: string;
  words: string[];
}

export interface Puzzle {
  id: string;
  date: string;
  author: string | null;
  title: string;
  difficulty: Difficulty;
  specialWord: string;
  words: string[];
  categories: PuzzleCategory[];
}

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
