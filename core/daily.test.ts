import { describe, expect, it } from 'vitest';
import { chooseDailyPuzzle, pickRandomOlder, playablePuzzles } from './daily';
import { seededRandom } from './game/random';
import { summary } from './test/fixtures';

const TODAY = '2026-11-22';
const random = seededRandom(7);
const catalogue = [
  summary('puzzle_1', '2025-04-07'),
  summary('puzzle_2', '2025-04-10'),
  summary('puzzle_3', '2025-04-08'),
  summary('puzzle_4', TODAY),
  summary('puzzle_5', '2026-11-23'),
];

describe('chooseDailyPuzzle', () => {
  it('prefers a cached random pick made for today', () => {
    const cache = { puzzleId: 'puzzle_2', date: TODAY, isRandom: true as const };
    const choice = chooseDailyPuzzle(catalogue, TODAY, cache, [], random);
    expect(choice).toMatchObject({ puzzleId: 'puzzle_2', source: 'cache', cache });
  });

  it('ignores a cache from another day and takes the puzzle dated today, clearing the cache', () => {
    const stale = { puzzleId: 'puzzle_2', date: '2026-11-21', isRandom: true as const };
    const choice = chooseDailyPuzzle(catalogue, TODAY, stale, [], random);
    expect(choice).toMatchObject({ puzzleId: 'puzzle_4', source: 'date', cache: null });
  });

  it('ignores a cached id that is not in the catalogue', () => {
    const cache = { puzzleId: 'puzzle_99', date: TODAY, isRandom: true as const };
    expect(chooseDailyPuzzle(catalogue, TODAY, cache, [], random).puzzleId).toBe('puzzle_4');
  });

  it('falls back to the puzzle numbered by days since 2024-04-07, plus one', () => {
    // 2024-04-09 is 2 days after the reference date: puzzle 3, dated earlier.
    const early = [
      summary('puzzle_1', '2024-01-01'),
      summary('puzzle_2', '2024-01-03'),
      summary('puzzle_3', '2024-01-02'),
    ];
    const choice = chooseDailyPuzzle(early, '2024-04-09', null, [], random);
    expect(choice).toMatchObject({ puzzleId: 'puzzle_3', source: 'number', cache: null });
  });

  it('never chooses a puzzle dated after today, even by number', () => {
    const future = [summary('puzzle_1', '2024-04-07'), summary('puzzle_2', '2024-06-01')];
    const choice = chooseDailyPuzzle(future, '2024-04-08', null, [], random);
    expect(choice.puzzleId).not.toBe('puzzle_2');
  });

  it('otherwise picks a random older puzzle and caches it for the day', () => {
    const choice = chooseDailyPuzzle(catalogue, '2026-06-01', null, [], random);
    expect(choice.source).toBe('random');
    expect(['puzzle_1', 'puzzle_2', 'puzzle_3']).toContain(choice.puzzleId);
    expect(choice.cache).toEqual({ puzzleId: choice.puzzleId, date: '2026-06-01', isRandom: true });
    expect(choice.usedIds).toEqual([choice.puzzleId]);
  });

  it('falls back to the first puzzle when nothing older exists', () => {
    const only = [summary('puzzle_2', '2026-06-02'), summary('puzzle_1', '2026-06-01')];
    const choice = chooseDailyPuzzle(only, '2026-06-01', null, [], random);
    expect(choice).toMatchObject({ puzzleId: 'puzzle_1', source: 'date' });
    const none = chooseDailyPuzzle(
      [summary('puzzle_1', '2027-01-01')],
      '2026-06-01',
      null,
      [],
      random,
    );
    expect(none).toMatchObject({ puzzleId: null, source: null });
  });
});

describe('pickRandomOlder', () => {
  it('picks only puzzles dated before today that are not in the used list', () => {
    const pick = pickRandomOlder(catalogue, TODAY, ['puzzle_1', 'puzzle_2'], random);
    expect(pick).toEqual({
      puzzleId: 'puzzle_3',
      usedIds: ['puzzle_1', 'puzzle_2', 'puzzle_3'],
      reset: false,
    });
  });

  it('starts the used list over when every older puzzle has been used', () => {
    const pick = pickRandomOlder(catalogue, TODAY, ['puzzle_1', 'puzzle_2', 'puzzle_3'], random);
    expect(pick.reset).toBe(true);
    expect(pick.usedIds).toEqual([pick.puzzleId]);
    expect(['puzzle_1', 'puzzle_2', 'puzzle_3']).toContain(pick.puzzleId);
  });

  it('returns nothing when there is no older puzzle', () => {
    expect(pickRandomOlder([summary('puzzle_4', TODAY)], TODAY, [], random).puzzleId).toBeNull();
  });

  it('visits every older puzzle before repeating one', () => {
    let used: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const pick = pickRandomOlder(catalogue, TODAY, used, seededRandom(i));
      used = pick.usedIds;
      if (pick.puzzleId) seen.add(pick.puzzleId);
    }
    expect(seen.size).toBe(3);
  });
});

describe('playablePuzzles', () => {
  it('keeps puzzles dated today or earlier', () => {
    expect(playablePuzzles(catalogue, TODAY).map((p) => p.id)).toEqual([
      'puzzle_1',
      'puzzle_2',
      'puzzle_3',
      'puzzle_4',
    ]);
  });
});
