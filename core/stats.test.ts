import { describe, expect, it } from 'vitest';
import { statistics, type FinishedGame } from './stats';

const game = (id: string, attempts: number, won: boolean, date = '2026-11-20'): FinishedGame => ({
  date,
  id,
  attempts,
  won,
});

describe('statistics', () => {
  it('is all zero before any game, with bars for tries 1 to 8', () => {
    const view = statistics([], null, '2026-11-22');
    expect(view).toMatchObject({
      gamesPlayed: 0,
      gamesWon: 0,
      winPercentage: 0,
      currentStreak: 0,
      maxStreak: 0,
    });
    expect(view.guessDistribution.map((bar) => bar.tries)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(view.guessDistribution.every((bar) => bar.count === 0 && !bar.latest)).toBe(true);
  });

  it('counts losses as played but not won, and rounds the win percentage', () => {
    const view = statistics(
      [game('puzzle_1', 2, true), game('puzzle_2', 6, false), game('puzzle_3', 3, true)],
      null,
      '2026-11-22',
    );
    expect(view.gamesPlayed).toBe(3);
    expect(view.gamesWon).toBe(2);
    expect(view.winPercentage).toBe(67);
  });

  it('counts wins by try number and marks the latest game’s bar', () => {
    const view = statistics(
      [game('puzzle_1', 2, true), game('puzzle_2', 2, true), game('puzzle_3', 4, true)],
      null,
      '2026-11-22',
    );
    const bar = (tries: number) => view.guessDistribution[tries - 1];
    expect(bar(2)).toEqual({ tries: 2, count: 2, latest: false });
    expect(bar(4)).toEqual({ tries: 4, count: 1, latest: true });
  });

  it('marks no bar when the latest game was lost', () => {
    const view = statistics(
      [game('puzzle_1', 2, true), game('puzzle_2', 6, false)],
      null,
      '2026-11-22',
    );
    expect(view.guessDistribution.some((bar) => bar.latest)).toBe(false);
  });

  it('takes streaks from the daily stats, ending a streak not extended yesterday', () => {
    const daily = { currentStreak: 4, maxStreak: 9, lastPlayedDate: '2026-11-21' };
    expect(statistics([], daily, '2026-11-22')).toMatchObject({ currentStreak: 4, maxStreak: 9 });
    expect(statistics([], daily, '2026-11-24')).toMatchObject({ currentStreak: 0, maxStreak: 9 });
  });
});
