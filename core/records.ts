import type { RandomDailyRecord } from './daily';
import type { FinishedGame } from './stats';
import { streakAfterLoss, streakAfterWin, type DailyStats } from './streaks';

/** SPEC §3 "Daily completion record": today's daily puzzle was won. Kept for one day. */
export interface DailyCompletion {
  completed: true;
  date: string;
  score: number;
  attempts: number;
}

/** SPEC §3 "Per-puzzle completion record", keyed by the puzzle's date; drives the Solved badge. */
export interface PuzzleCompletion {
  completed: true;
  /** The puzzle's date. */
  date: string;
  puzzleId: string;
  score: number;
  attempts: number;
}

/** Everything the product remembers about a player (in memory, or stored with consent). */
export interface PlayerData {
  randomDaily: RandomDailyRecord | null;
  usedRandom: string[];
  daily: DailyCompletion | null;
  stats: DailyStats | null;
  /** Per-puzzle completions by puzzle date. */
  completions: Partial<Record<string, PuzzleCompletion>>;
  /** Every finished game, oldest first. */
  history: FinishedGame[];
}

/** Where the player's data lives: memory for this visit, or storage with consent. */
export interface PlayerStore {
  readonly data: PlayerData;
  /** Replaces the data, storing what changed when the player has accepted cookies. */
  save: (next: PlayerData) => void;
}

export const EMPTY_PLAYER: PlayerData = {
  randomDaily: null,
  usedRandom: [],
  daily: null,
  stats: null,
  completions: {},
  history: [],
};

/** A game that just ended (never a shown solution or a restored win). */
export interface GameResult {
  puzzleId: string;
  puzzleDate: string;
  won: boolean;
  /** Tries used. */
  attempts: number;
  /** Lives left when it ended: the try limit less the wrong tries. */
  score: number;
  /** Today's daily puzzle, which counts for the streak. */
  isDaily: boolean;
}

/**
 * What a finished game records (SPEC §4, DECISIONS.md). Every game joins the history. A win also
 * records the puzzle's completion and, for the daily puzzle, the daily completion. The daily
 * puzzle moves the streak: a win extends it, a loss ends it.
 */
export function recordGame(data: PlayerData, game: GameResult, today: string): PlayerData {
  const next: PlayerData = {
    ...data,
    history: [
      ...data.history,
      { date: today, id: game.puzzleId, attempts: game.attempts, won: game.won },
    ],
  };
  if (game.won) {
    const { score, attempts } = game;
    next.completions = {
      ...data.completions,
      [game.puzzleDate]: {
        completed: true,
        date: game.puzzleDate,
        puzzleId: game.puzzleId,
        score,
        attempts,
      },
    };
    if (game.isDaily) next.daily = { completed: true, date: today, score, attempts };
  }
  if (game.isDaily) {
    next.stats = game.won ? streakAfterWin(data.stats, today) : streakAfterLoss(data.stats, today);
  }
  return next;
}

/**
 * Retry (SPEC §4): forgets that a puzzle was solved, and today's daily completion when it is
 * today's daily puzzle. The history and the streak stay.
 */
export function forgetCompletion(
  data: PlayerData,
  puzzleDate: string,
  isDaily: boolean,
): PlayerData {
  const completions = { ...data.completions };
  delete completions[puzzleDate];
  return { ...data, completions, daily: isDaily ? null : data.daily };
}

/** The solved record of a puzzle, if any (its date and id must both match). */
export function completionOf(
  data: PlayerData,
  puzzle: { id: string; date: string },
): PuzzleCompletion | null {
  const record = data.completions[puzzle.date];
  return record?.puzzleId === puzzle.id ? record : null;
}

/** Today's daily completion, when one is recorded for today. */
export function dailyCompletionOn(data: PlayerData, today: string): DailyCompletion | null {
  return data.daily?.completed && data.daily.date === today ? data.daily : null;
}
