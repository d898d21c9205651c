import { daysBetween } from './dates';

/** The daily streak (docs/spec.md §3 "Daily stats"); dates are UTC days, YYYY-MM-DD. */
export interface DailyStats {
  currentStreak: number;
  maxStreak: number;
  lastPlayedDate: string | null;
}

/**
 * After today's daily puzzle was won (docs/spec.md §4): with no earlier day the streak is 1; a day after
 * the last it grows by one; on the same day it stays; after a gap it starts again at 1. The
 * longest streak is kept.
 */
export function streakAfterWin(stats: DailyStats | null, today: string): DailyStats {
  const gap = stats?.lastPlayedDate ? daysBetween(stats.lastPlayedDate, today) : null;
  const previous = stats?.currentStreak ?? 0;
  const currentStreak = gap === 0 ? previous : gap === 1 ? previous + 1 : 1;
  return {
    currentStreak,
    maxStreak: Math.max(stats?.maxStreak ?? 0, currentStreak),
    lastPlayedDate: today,
  };
}

/** A lost daily puzzle ends the current streak (docs/product-decisions.md); the longest is kept. */
export function streakAfterLoss(stats: DailyStats | null, today: string): DailyStats {
  return { currentStreak: 0, maxStreak: stats?.maxStreak ?? 0, lastPlayedDate: today };
}

/**
 * The current streak as it stands on `today`: it lives while the last daily win was today or
 * yesterday. A streak not extended yesterday is over, even before the next game records it.
 */
export function currentStreakOn(stats: DailyStats | null, today: string): number {
  if (!stats?.lastPlayedDate) return 0;
  const gap = daysBetween(stats.lastPlayedDate, today);
  return gap === 0 || gap === 1 ? stats.currentStreak : 0;
}
