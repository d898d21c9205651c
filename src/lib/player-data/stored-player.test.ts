import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_PLAYER, recordGame } from '../../../core/records';
import { todayUtc } from '../clock';
import { saveConsent } from './storage';
import { loadStoredPlayer, readStoredPlayer } from './stored-player';

const TODAY = todayUtc();
const setCookie = (name: string, value: string) => {
  document.cookie = `linchpin_${name}=${encodeURIComponent(value)}; path=/`;
};

beforeEach(() => saveConsent('accepted'));

const win = {
  puzzleId: 'puzzle_14',
  puzzleDate: TODAY,
  won: true,
  attempts: 2,
  score: 5,
  isDaily: true,
};

describe('the stored player', () => {
  it('reads back what a finished game stored', () => {
    const store = loadStoredPlayer(TODAY);
    store.save(recordGame(store.data, win, TODAY));
    const again = readStoredPlayer(TODAY);
    expect(again.daily).toEqual({ completed: true, won: true, date: TODAY, score: 5, attempts: 2 });
    expect(again.completions[TODAY]?.puzzleId).toBe('puzzle_14');
    // The daily mark stays: a move to another device works the streak out from it.
    expect(again.history).toEqual([
      { date: TODAY, id: 'puzzle_14', attempts: 2, won: true, daily: true },
    ]);
    expect(again.stats?.currentStreak).toBe(1);
    expect(localStorage.getItem(`linchpin_puzzleCompleted_${TODAY}`)).not.toBeNull();
    expect(document.cookie).toContain('linchpin_daily_puzzle=');
    expect(document.cookie).toContain('linchpin_daily_stats=');
  });

  it('starts empty when nothing is stored', () => {
    expect(readStoredPlayer(TODAY)).toEqual(EMPTY_PLAYER);
  });

  it.each([
    ['random_daily_puzzle', '{"puzzleId":"../etc","date":"2026-11-22","isRandom":true}'],
    ['used_random_puzzles', '"puzzle_1"'],
    ['daily_puzzle', '{"completed":true,"date":"yesterday","score":1,"attempts":1}'],
    ['daily_stats', '{"currentStreak":"lots","maxStreak":2,"lastPlayedDate":null}'],
    ['daily_stats', 'not json at all'],
  ])('treats a malformed %s cookie as absent', (name, value) => {
    setCookie(name, value);
    expect(readStoredPlayer(TODAY)).toEqual(EMPTY_PLAYER);
  });

  it.each([
    ['completedPuzzles', 'not json'],
    ['completedPuzzles', JSON.stringify({ expires: '2099-01-01', value: 'nope' })],
    ['completedPuzzles', JSON.stringify({ expires: '2000-01-01', value: [] })],
    [`puzzleCompleted_${TODAY}`, JSON.stringify({ expires: '2099-01-01', value: { a: 1 } })],
    [
      'puzzleCompleted_2025-04-07',
      JSON.stringify({
        expires: '2099-01-01',
        value: { completed: true, date: '2025-04-08', puzzleId: 'puzzle_3', score: 1, attempts: 2 },
      }),
    ],
  ])('treats a malformed or expired %s record as absent', (name, value) => {
    localStorage.setItem(`linchpin_${name}`, value);
    expect(readStoredPlayer(TODAY)).toEqual(EMPTY_PLAYER);
  });

  it('drops a bad completion record from storage and keeps the good ones', () => {
    const good = {
      completed: true,
      date: '2025-04-07',
      puzzleId: 'puzzle_1',
      score: 5,
      attempts: 3,
    };
    localStorage.setItem(
      'linchpin_puzzleCompleted_2025-04-07',
      JSON.stringify({ expires: '2099-01-01', value: good }),
    );
    localStorage.setItem('linchpin_puzzleCompleted_2025-04-10', '{broken');
    // Written before `won` existed: a record of a win.
    expect(readStoredPlayer(TODAY).completions).toEqual({ '2025-04-07': { ...good, won: true } });
    expect(localStorage.getItem('linchpin_puzzleCompleted_2025-04-10')).toBeNull();
  });

  it('keeps the games in progress, and drops a tampered or expired games record', () => {
    const store = loadStoredPlayer(TODAY);
    const game = {
      puzzleId: 'puzzle_3',
      playedOn: TODAY,
      daily: false,
      difficulty: 'normal' as const,
      words: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'],
      colorOrder: [2, 0, 3, 1],
      groups: [[0], [], [], [], [], [], [], [], [1, 2]],
      activeCategory: 0,
      submissions: [],
    };
    store.save({ ...store.data, games: [game] });
    expect(readStoredPlayer(TODAY).games).toEqual([game]);
    store.save({ ...store.data, games: [] });
    expect(localStorage.getItem('linchpin_games')).toBeNull();

    localStorage.setItem('linchpin_games', JSON.stringify({ expires: '2099-01-01', value: 'x' }));
    expect(readStoredPlayer(TODAY).games).toEqual([]);
    const old = { ...game, playedOn: '2020-01-01' };
    localStorage.setItem('linchpin_games', JSON.stringify({ expires: '2099-01-01', value: [old] }));
    expect(readStoredPlayer(TODAY).games).toEqual([]);
  });

  it('keeps only the good ids of a partly hand-edited used list', () => {
    setCookie('used_random_puzzles', '["puzzle_2","<script>",3,"puzzle_9"]');
    expect(readStoredPlayer(TODAY).usedRandom).toEqual(['puzzle_2', 'puzzle_9']);
  });
});
