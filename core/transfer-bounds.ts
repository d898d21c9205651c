import { daysBetween, isIsoDate } from './dates';
import { SAVED_GAME_LIMITS } from './game/saved-games';
import { puzzleNumber, type PuzzleSummary } from './puzzle';

/**
 * What a link or backup file may hold (docs/decisions.md "Moving games between devices"): one rule
 * for each bound, which the writer (core/transfer.ts `encodeTransfer`, and `transferOf`, which
 * leaves behind what falls outside) and the reader (`decodeTransfer`) share. A link outside any of
 * them is "damaged" and changes nothing.
 */
export interface TransferBounds {
  /** The reading (or writing) device's UTC day: no link is made after it. */
  today: string;
  /** The date of the catalogue's first puzzle: no game, record or link is older. */
  firstPuzzle: string;
  /** The highest puzzle number of the catalogue's puzzles out by today. */
  lastPuzzle: number;
}

export const TRANSFER_LIMITS = {
  /**
   * Finished games in one link: more than 27 years of daily play. A device with more sends its
   * latest. (A game is a puzzle on a UTC day, so a link never holds the same game twice.)
   */
  finishedGames: 10_000,
  /** Games in progress: as many as a device keeps (core/game/saved-games.ts). */
  inProgress: SAVED_GAME_LIMITS.games,
} as const;

/** The bounds a catalogue gives on `today` (its puzzles out by then). */
export function boundsOf(puzzles: readonly PuzzleSummary[], today: string): TransferBounds {
  let firstPuzzle = today;
  let lastPuzzle = 0;
  for (const puzzle of puzzles) {
    if (puzzle.date > today) continue;
    if (puzzle.date < firstPuzzle) firstPuzzle = puzzle.date;
    lastPuzzle = Math.max(lastPuzzle, puzzleNumber(puzzle.id) ?? 0);
  }
  return { today, firstPuzzle, lastPuzzle };
}

/** A date from the first puzzle to `last` (the day the link was made). */
export const dateWithin = (date: string, bounds: TransferBounds, last: string): boolean =>
  isIsoDate(date) && date >= bounds.firstPuzzle && date <= last;

/** A catalogue puzzle's id, numbered within the catalogue. */
export function puzzleWithin(id: string, bounds: TransferBounds): boolean {
  const n = puzzleNumber(id);
  return n !== null && n <= bounds.lastPuzzle;
}

/** The most days a streak can hold up to `last`: every day since the first puzzle. */
export const longestStreakBy = (last: string, bounds: TransferBounds): number =>
  Math.max(0, daysBetween(bounds.firstPuzzle, last) + 1);

export const countWithin = (count: number, limit: number): boolean =>
  Number.isSafeInteger(count) && count >= 0 && count <= limit;
