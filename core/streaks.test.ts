import { describe, expect, it } from 'vitest';
import { currentStreakOn, streakAfterLoss, streakAfterWin } from './streaks';

const stats = (currentStreak: number, maxStreak: number, lastPlayedDate: string | null) => ({
  currentStreak,
  maxStreak,
  lastPlayedDate,
});

describe('streakAfterWin', () => {
  it('starts at 1 with no earlier day', () => {
    expect(streakAfterWin(null, '2026-11-22')).toEqual(stats(1, 1, '2026-11-22'));
    expect(streakAfterWin(stats(0, 0, null), '2026-11-22')).toEqual(stats(1, 1, '2026-11-22'));
  });

  it('grows by one the day after the last win', () => {
    expect(streakAfterWin(stats(3, 5, '2026-11-21'), '2026-11-22')).toEqual(
      stats(4, 5, '2026-11-22'),
    );
  });

  it('grows across the end of a month, of February and of a year', () => {
    expect(streakAfterWin(stats(2, 2, '2026-11-30'), '2026-12-01').currentStreak).toBe(3);
    expect(streakAfterWin(stats(2, 2, '2027-02-28'), '2027-03-01').currentStreak).toBe(3);
    expect(streakAfterWin(stats(2, 2, '2028-02-28'), '2028-02-29').currentStreak).toBe(3);
    expect(streakAfterWin(stats(2, 2, '2026-12-31'), '2027-01-01')).toEqual(
      stats(3, 3, '2027-01-01'),
    );
  });

  it('starts again at 1 after a gap, keeping the longest', () => {
    expect(streakAfterWin(stats(6, 6, '2026-11-20'), '2026-11-22')).toEqual(
      stats(1, 6, '2026-11-22'),
    );
    // A leap day missed is a gap too.
    expect(streakAfterWin(stats(2, 2, '2028-02-28'), '2028-03-01').currentStreak).toBe(1);
  });

  it('stays the same on the same day', () => {
    expect(streakAfterWin(stats(4, 7, '2026-11-22'), '2026-11-22')).toEqual(
      stats(4, 7, '2026-11-22'),
    );
  });

  it('raises the longest streak when the current one passes it', () => {
    expect(streakAfterWin(stats(5, 5, '2026-11-21'), '2026-11-22').maxStreak).toBe(6);
  });
});

describe('streakAfterLoss', () => {
  it('resets the current streak to 0 and keeps the longest', () => {
    expect(streakAfterLoss(stats(4, 9, '2026-11-21'), '2026-11-22')).toEqual(
      stats(0, 9, '2026-11-22'),
    );
    expect(streakAfterLoss(null, '2026-11-22')).toEqual(stats(0, 0, '2026-11-22'));
  });
});

describe('currentStreakOn', () => {
  it('counts a streak last extended today or yesterday', () => {
    expect(currentStreakOn(stats(3, 3, '2026-11-22'), '2026-11-22')).toBe(3);
    expect(currentStreakOn(stats(3, 3, '2026-12-31'), '2027-01-01')).toBe(3);
  });

  it('shows 0 once a day has been missed, before any game records it', () => {
    expect(currentStreakOn(stats(3, 3, '2026-11-20'), '2026-11-22')).toBe(0);
    expect(currentStreakOn(null, '2026-11-22')).toBe(0);
  });
});
