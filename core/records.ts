import type { RandomDailyRecord } from './daily';
import { dropGame, type SavedGame } from './game/saved-games';
import type { FinishedGame } from './stats';
import { streakAfterLoss, streakAfterWin, type DailyStats } from './streaks';

/**
 * docs/spec.md §3 "Daily completion record": today's daily puzzle was finished, won or lost (a lost daily
 * stays lost for the day). Kept for one day.
 */
export interface DailyCompletion {
  completed: true;
  won: boolean;
  date: string;
  score: number;
  attempts: number;
}

/**
 * docs/spec.md §3 "Per-puzzle completion record", keyed by the puzzle's date: drives the archive's Solved
 * and Lost badges.
 */
export interface PuzzleCompletion {
  completed: true;
  won: boolean;
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
  /** Games started and not finished (and today's finished daily), least recently played first. */
  games: readonly SavedGame[];
}

/** Where the player's data lives: memory for this visit, or storage with consent. */
export interface PlayerStore {
  readonly data: PlayerData;
  /**
   * Replaces the data, storing what changed when the player has accepted cookies. False when the
   * browser's storage refused some of it (full): it is kept in memory for this visit only.
   */
  save: (next: PlayerData) => boolean;
}

export const EMPTY_PLAYER: PlayerData = {
  randomDaily: null,
  usedRandom: [],
  daily: null,
  stats: null,
  completions: {},
  history: [],
  games: [],
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
 * What a finished game records (docs/spec.md §4, docs/product-decisions.md). Every game joins the history, but only
 * once per puzzle per day: a reload or a second visit never adds a game played. A win records the
 * puzzle's completion; a loss records it lost unless it was already won. Today's daily puzzle,
 * once finished, is recorded for the day (won or lost) and moves the streak: a win extends it, a
 * loss ends it.
 */
export function recordGame(data: PlayerData, game: GameResult, today: string): PlayerData {
  const dailyDone = game.isDaily && dailyCompletionOn(data, today) !== null;
  const playedToday = data.history.some((g) => g.date === today && g.id === game.puzzleId);
  if (dailyDone) return data;
  const next: PlayerData = playedToday
    ? { ...data }
    : {
        ...data,
        history: [
          ...data.history,
          {
            date: today,
            id: game.puzzleId,
            attempts: game.attempts,
            won: game.won,
            ...(game.isDaily ? { daily: true as const } : {}),
          },
        ],
      };
  const { score, attempts, won } = game;
  const earlier = completionOf(data, { id: game.puzzleId, date: game.puzzleDate });
  if (won || !earlier?.won) {
    next.completions = {
      ...data.completions,
      [game.puzzleDate]: {
        completed: true,
        won,
        date: game.puzzleDate,
        puzzleId: game.puzzleId,
        score,
        attempts,
      },
    };
  }
  if (game.isDaily) {
    next.daily = { completed: true, won, date: today, score, attempts };
    next.stats = won ? streakAfterWin(data.stats, today) : streakAfterLoss(data.stats, today);
  }
  return next;
}

/**
 * Retry (docs/spec.md §4): forgets how a past puzzle ended, and any game of it in progress. The history
 * and the streak stay. Today's daily puzzle is never retried (it stays finished for the day).
 */
export function forgetCompletion(
  data: PlayerData,
  puzzle: { id: string; date: string },
): PlayerData {
  const completions = { ...data.completions };
  delete completions[puzzle.date];
  return { ...data, completions, games: dropGame(data.games, puzzle.id) };
}

/** How a puzzle ended, if it is recorded (its date and id must both match). */
export function completionOf(
  data: PlayerData,
  puzzle: { id: string; date: string },
): PuzzleCompletion | null {
  const record = data.completions[puzzle.date];
  return record?.puzzleId === puzzle.id ? record : null;
}

/** Today's daily result (won or lost), when one is recorded for today. */
export function dailyCompletionOn(data: PlayerData, today: string): DailyCompletion | null {
  return data.daily?.completed && data.daily.date === today ? data.daily : null;
}
