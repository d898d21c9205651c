import { daysBetween } from './dates';
import type { Random } from './game/random';
import { puzzleNumber, type PuzzleSummary } from './puzzle';

/** Reference date of the puzzle number used when no puzzle carries today's date. */
export const PUZZLE_NUMBER_EPOCH = '2024-04-07';

/** The random puzzle chosen for a day that has no puzzle of its own (cached for that day). */
export interface RandomDailyRecord {
  puzzleId: string;
  date: string;
  isRandom: true;
}

export type DailySource = 'cache' | 'date' | 'number' | 'random' | 'first';

export interface DailyChoice {
  puzzleId: string | null;
  source: DailySource | null;
  /** What the random-daily cache should hold afterwards (null: clear it). */
  cache: RandomDailyRecord | null;
  /** The used random puzzle list afterwards. */
  usedIds: string[];
}

/**
 * The one release rule: a puzzle is out (playable, listed, revealed, countable) from the start of
 * its UTC day, and not before (docs/product-decisions.md: a future id is "not found").
 */
export function isReleased(puzzle: { readonly date: string }, today: string): boolean {
  return puzzle.date <= today;
}

/** Puzzles that may be played on `today`: dated today or earlier. */
export function playablePuzzles<T extends { readonly date: string }>(
  puzzles: readonly T[],
  today: string,
): T[] {
  return puzzles.filter((puzzle) => isReleased(puzzle, today));
}

export interface RandomPick {
  puzzleId: string | null;
  usedIds: string[];
  /** True when every older puzzle had been used and the list started over. */
  reset: boolean;
}

/**
 * A random puzzle dated before today that is not in the used list; the pick joins the list. When
 * every older puzzle has been used, the list starts over. With no older puzzle, none.
 */
export function pickRandomOlder(
  puzzles: readonly PuzzleSummary[],
  today: string,
  usedIds: readonly string[],
  random: Random,
): RandomPick {
  const older = puzzles.filter((puzzle) => puzzle.date < today);
  if (older.length === 0) return { puzzleId: null, usedIds: [...usedIds], reset: false };
  const used = new Set(usedIds);
  let candidates = older.filter((puzzle) => !used.has(puzzle.id));
  let base = [...usedIds];
  let reset = false;
  if (candidates.length === 0) {
    candidates = older;
    base = [];
    reset = true;
  }
  const pick = candidates[Math.floor(random() * candidates.length)] ?? candidates[0];
  const puzzleId = pick?.id ?? null;
  return { puzzleId, usedIds: puzzleId ? [...base, puzzleId] : base, reset };
}

function byNumber(a: PuzzleSummary, b: PuzzleSummary): number {
  return (puzzleNumber(a.id) ?? Infinity) - (puzzleNumber(b.id) ?? Infinity);
}

/** Today's puzzle, in docs/spec.md §4's order. Only puzzles dated today or earlier are ever chosen. */
export function chooseDailyPuzzle(
  puzzles: readonly PuzzleSummary[],
  today: string,
  cache: RandomDailyRecord | null,
  usedIds: readonly string[],
  random: Random,
): DailyChoice {
  const playable = playablePuzzles(puzzles, today);
  const keep = { usedIds: [...usedIds] };
  if (cache && cache.date === today && playable.some((p) => p.id === cache.puzzleId)) {
    return { puzzleId: cache.puzzleId, source: 'cache', cache, ...keep };
  }
  const exact = playable.find((puzzle) => puzzle.date === today);
  if (exact) return { puzzleId: exact.id, source: 'date', cache: null, ...keep };
  const number = daysBetween(PUZZLE_NUMBER_EPOCH, today) + 1;
  const numbered = playable.find((puzzle) => puzzleNumber(puzzle.id) === number);
  if (numbered) return { puzzleId: numbered.id, source: 'number', cache: null, ...keep };
  const random_ = pickRandomOlder(playable, today, usedIds, random);
  if (random_.puzzleId) {
    return {
      puzzleId: random_.puzzleId,
      source: 'random',
      cache: { puzzleId: random_.puzzleId, date: today, isRandom: true },
      usedIds: random_.usedIds,
    };
  }
  const first = [...playable].sort(byNumber)[0];
  return { puzzleId: first?.id ?? null, source: first ? 'first' : null, cache: null, ...keep };
}
