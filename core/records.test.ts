import { describe, expect, it } from 'vitest';
import {
  completionOf,
  dailyCompletionOn,
  EMPTY_PLAYER,
  forgetCompletion,
  recordGame,
  type GameResult,
  type PlayerData,
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
      won: true,
      date: TODAY,
      puzzleId: 'puzzle_14',
      score: 4,
      attempts: 3,
    });
    expect(data.daily).toEqual({ completed: true, won: true, date: TODAY, score: 4, attempts: 3 });
    expect(data.history).toEqual([
      { date: TODAY, id: 'puzzle_14', attempts: 3, won: true, daily: true },
    ]);
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

  it('records a loss as lost (not solved), and a lost daily puzzle ends the streak', () => {
    const before = {
      ...EMPTY_PLAYER,
      stats: { currentStreak: 5, maxStreak: 5, lastPlayedDate: '2026-11-21' },
    };
    const data = recordGame(before, result({ won: false, attempts: 6, score: 0 }), TODAY);
    expect(data.completions[TODAY]).toMatchObject({ won: false, puzzleId: 'puzzle_14' });
    expect(data.daily).toMatchObject({ won: false, date: TODAY, attempts: 6 });
    expect(data.history).toEqual([
      { date: TODAY, id: 'puzzle_14', attempts: 6, won: false, daily: true },
    ]);
    expect(data.stats).toEqual({ currentStreak: 0, maxStreak: 5, lastPlayedDate: TODAY });
  });

  it('does not change the data it was given', () => {
    const before = structuredClone(EMPTY_PLAYER);
    recordGame(before, result(), TODAY);
    expect(before).toEqual(EMPTY_PLAYER);
  });
});

describe('one result per puzzle per day', () => {
  it('a lost daily is recorded lost for the day, and a second result that day changes nothing', () => {
    const lost = recordGame(EMPTY_PLAYER, result({ won: false, attempts: 6, score: 0 }), TODAY);
    expect(dailyCompletionOn(lost, TODAY)).toMatchObject({ won: false, attempts: 6 });
    expect(completionOf(lost, { id: 'puzzle_14', date: TODAY })).toMatchObject({ won: false });
    const again = recordGame(lost, result(), TODAY);
    expect(again).toBe(lost);
    expect(again.history).toEqual([
      { date: TODAY, id: 'puzzle_14', attempts: 6, won: false, daily: true },
    ]);
  });

  it('an archive puzzle played twice in a day counts once; a later win still marks it solved', () => {
    const archive = { puzzleId: 'puzzle_2', puzzleDate: '2025-04-10', isDaily: false };
    const lost = recordGame(EMPTY_PLAYER, result({ ...archive, won: false }), TODAY);
    const won = recordGame(lost, result({ ...archive, won: true }), TODAY);
    expect(won.history).toHaveLength(1);
    expect(completionOf(won, { id: 'puzzle_2', date: '2025-04-10' })).toMatchObject({ won: true });
  });

  it('a loss never overwrites a win of the same puzzle', () => {
    const archive = { puzzleId: 'puzzle_2', puzzleDate: '2025-04-10', isDaily: false };
    const won = recordGame(EMPTY_PLAYER, result({ ...archive, won: true }), '2026-11-01');
    const after = recordGame(won, result({ ...archive, won: false }), TODAY);
    expect(completionOf(after, { id: 'puzzle_2', date: '2025-04-10' })).toMatchObject({
      won: true,
    });
    expect(after.history).toHaveLength(2);
  });
});

describe('forgetCompletion (Retry)', () => {
  const archive = { puzzleId: 'puzzle_2', puzzleDate: '2025-04-10', isDaily: false };
  it('forgets the result and the kept game, and keeps history and streak', () => {
    const won = recordGame(EMPTY_PLAYER, result(archive), TODAY);
    const withGame = {
      ...won,
      games: [{ puzzleId: 'puzzle_2' } as PlayerData['games'][number]],
    };
    const data = forgetCompletion(withGame, { id: 'puzzle_2', date: '2025-04-10' });
    expect(completionOf(data, { id: 'puzzle_2', date: '2025-04-10' })).toBeNull();
    expect(data.games).toEqual([]);
    expect(data.history).toHaveLength(1);
  });

  it('keeps today’s daily result when an archive puzzle is retried', () => {
    const won = recordGame(EMPTY_PLAYER, result(), TODAY);
    const data = forgetCompletion(won, { id: 'puzzle_2', date: '2025-04-10' });
    expect(dailyCompletionOn(data, TODAY)).not.toBeNull();
    expect(data.stats?.currentStreak).toBe(1);
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
