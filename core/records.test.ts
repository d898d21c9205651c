import { describe, expect, it } from 'vitest';
import {
  completionOf,
  dailyCompletionOn,
  EMPTY_PLAYER,
  forgetCompletion,
  recordGame,
  type GameResult,
} from './records';

const TODAY = '2026-11-22';
const result = (change: Partial<GameResult> = {}): GameResult => ({
  puzzleId: 'puzzle_14',
  puzzleDate: TODAY,
  won: true,
  attempts: 3,
  score: 4,
  isDaily: true,
  ...change,
});

describe('recordGame', () => {
  it('records a daily win: completion, daily completion, history and streak', () => {
    const data = recordGame(EMPTY_PLAYER, result(), TODAY);
    expect(data.completions[TODAY]).toEqual({
      completed: true,
      date: TODAY,
      puzzleId: 'puzzle_14',
      score: 4,
      attempts: 3,
    });
    expect(data.daily).toEqual({ completed: true, date: TODAY, score: 4, attempts: 3 });
    expect(data.history).toEqual([{ date: TODAY, id: 'puzzle_14', attempts: 3, won: true }]);
    expect(data.stats).toEqual({ currentStreak: 1, maxStreak: 1, lastPlayedDate: TODAY });
  });

  it('records an archive win without touching the daily record or the streak', () => {
    const archive = result({ puzzleId: 'puzzle_2', puzzleDate: '2025-04-10', isDaily: false });
    const data = recordGame(EMPTY_PLAYER, archive, TODAY);
    expect(completionOf(data, { id: 'puzzle_2', date: '2025-04-10' })).not.toBeNull();
    expect(data.daily).toBeNull();
    expect(data.stats).toBeNull();
    expect(data.history).toHaveLength(1);
  });

  it('records a loss for statistics only, and a lost daily puzzle ends the streak', () => {
    const before = {
      ...EMPTY_PLAYER,
      stats: { currentStreak: 5, maxStreak: 5, lastPlayedDate: '2026-11-21' },
    };
    const data = recordGame(before, result({ won: false, attempts: 6, score: 0 }), TODAY);
    expect(data.completions).toEqual({});
    expect(data.daily).toBeNull();
    expect(data.history).toEqual([{ date: TODAY, id: 'puzzle_14', attempts: 6, won: false }]);
    expect(data.stats).toEqual({ currentStreak: 0, maxStreak: 5, lastPlayedDate: TODAY });
  });

  it('does not change the data it was given', () => {
    const before = structuredClone(EMPTY_PLAYER);
    recordGame(before, result(), TODAY);
    expect(before).toEqual(EMPTY_PLAYER);
  });
});

describe('forgetCompletion (Retry)', () => {
  it('forgets the solved record and keeps history and streak', () => {
    const won = recordGame(EMPTY_PLAYER, result(), TODAY);
    const data = forgetCompletion(won, TODAY, true);
    expect(completionOf(data, { id: 'puzzle_14', date: TODAY })).toBeNull();
    expect(dailyCompletionOn(data, TODAY)).toBeNull();
    expect(data.history).toHaveLength(1);
    expect(data.stats?.currentStreak).toBe(1);
  });

  it('keeps today’s daily completion when an archive puzzle is retried', () => {
    const won = recordGame(EMPTY_PLAYER, result(), TODAY);
    expect(dailyCompletionOn(forgetCompletion(won, '2025-04-10', false), TODAY)).not.toBeNull();
  });
});

describe('completionOf and dailyCompletionOn', () => {
  it('needs the puzzle id to match the record filed under its date', () => {
    const data = recordGame(EMPTY_PLAYER, result(), TODAY);
    expect(completionOf(data, { id: 'puzzle_99', date: TODAY })).toBeNull();
  });

  it('ignores a daily completion from another day', () => {
    const data = recordGame(EMPTY_PLAYER, result(), '2026-11-21');
    expect(dailyCompletionOn(data, TODAY)).toBeNull();
  });
});
