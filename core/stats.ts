import { MAX_TRIES } from './game/difficulty';
import { currentStreakOn, type DailyStats } from './streaks';

/** One finished game, win or loss, as kept for statistics (docs/product-decisions.md). */
export interface FinishedGame {
  /** The UTC day it was played. */
  date: string;
  /** The puzzle's id. */
  id: string;
  /** Tries used. */
  attempts: number;
  won: boolean;
  /** It was the day's daily puzzle (recorded since games move between devices; absent before). */
  daily?: boolean;
}

export interface DistributionBar {
  /** Try number, 1..MAX_TRIES. */
  tries: number;
  /** Games won with that many tries. */
  count: number;
  /** The latest game was won with this many tries. */
  latest: boolean;
}

export interface Statistics {
  gamesPlayed: number;
  gamesWon: number;
  /** round(100 · won / played); 0 before any game. */
  winPercentage: number;
  currentStreak: number;
  maxStreak: number;
  /** One bar per try number, 1 to the largest try limit (8). */
  guessDistribution: DistributionBar[];
}

/**
 * The statistics view (docs/spec.md §3) with docs/product-decisions.md's fix: played counts every finished game, won
 * counts wins, and the distribution counts wins by try number. `history` is oldest first.
 */
export function statistics(
  history: readonly FinishedGame[],
  daily: DailyStats | null,
  today: string,
): Statistics {
  const wins = history.filter((game) => game.won);
  const latest = history.at(-1);
  const gamesPlayed = history.length;
  return {
    gamesPlayed,
    gamesWon: wins.length,
    winPercentage: gamesPlayed === 0 ? 0 : Math.round((100 * wins.length) / gamesPlayed),
    currentStreak: currentStreakOn(daily, today),
    maxStreak: daily?.maxStreak ?? 0,
    guessDistribution: Array.from({ length: MAX_TRIES }, (_, i) => ({
      tries: i + 1,
      count: wins.filter((game) => game.attempts === i + 1).length,
      latest: latest?.won === true && latest.attempts === i + 1,
    })),
  };
}
