import { DIFFICULTIES } from './difficulties';
import type { PuzzleFile } from './puzzle-schema';

/*
 * One catalogue puzzle, `puzzles/<id>.json`, and the small helpers the browser needs on its first
 * load. The schema that checks a file is in puzzle-schema.ts, so that code (and zod) loads only
 * where a puzzle file is read; the type comes from it (a type-only import costs no code). Rules
 * that span fields live in puzzle-check.ts.
 */

/** One puzzle file, as its schema defines it: the one source of the shape. */
export type Puzzle = PuzzleFile;
export type PuzzleCategory = Puzzle['categories'][number];

/** What the browser knows about every puzzle without loading its solution. */
export type PuzzleSummary = Pick<Puzzle, 'id' | 'date' | 'title' | 'author' | 'difficulty'>;

export const PUZZLE_ID_PATTERN = /^puzzle_([1-9][0-9]*)$/;

/** The number in `puzzle_<n>`, or null when the id does not follow the pattern. */
export function puzzleNumber(id: string): number | null {
  const match = PUZZLE_ID_PATTERN.exec(id);
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * The name of the catalogue file that holds a puzzle dated `date`, without `.json`: the month
 * (`2027-03`). The browser reads puzzles a month at a time, so a visit's service worker keeps the
 * whole catalogue as about one file a month instead of one per puzzle.
 */
export function catalogueFileOf(date: string): string {
  return date.slice(0, 7);
}

export function toSummary(puzzle: Puzzle): PuzzleSummary {
  const { id, date, title, author, difficulty } = puzzle;
  return { id, date, title, author, difficulty };
}

const isStringList = (value: unknown, length: number): value is string[] =>
  Array.isArray(value) && value.length === length && value.every((w) => typeof w === 'string');

/**
 * A light check of a puzzle file read at run time (the full check ran at build time): enough
 * structure that the game can rely on it, without the schema library on the player's device.
 */
export function isPuzzleShaped(data: unknown): data is Puzzle {
  if (typeof data !== 'object' || data === null) return false;
  const p = data as Partial<Record<keyof Puzzle, unknown>>;
  return (
    typeof p.id === 'string' &&
    typeof p.date === 'string' &&
    typeof p.title === 'string' &&
    (p.author === null || typeof p.author === 'string') &&
    (DIFFICULTIES as readonly unknown[]).includes(p.difficulty) &&
    typeof p.specialWord === 'string' &&
    isStringList(p.words, 9) &&
    Array.isArray(p.categories) &&
    p.categories.length === 4 &&
    p.categories.every(
      (c: unknown) =>
        typeof c === 'object' &&
        c !== null &&
        typeof (c as { name?: unknown }).name === 'string' &&
        isStringList((c as { words?: unknown }).words, 3),
    )
  );
}
