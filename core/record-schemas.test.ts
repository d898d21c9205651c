import { describe, expect, it } from 'vitest';
import { parseJson, SCHEMAS } from './record-schemas';

describe('stored value schemas', () => {
  it('accepts well-formed records and drops unknown fields', () => {
    expect(
      SCHEMAS.daily({ completed: true, date: '2026-11-22', score: 3, attempts: 4, extra: 'x' }),
    ).toEqual({ completed: true, won: true, date: '2026-11-22', score: 3, attempts: 4 });
    expect(
      SCHEMAS.daily({ completed: true, won: false, date: '2026-11-22', score: 0, attempts: 6 }),
    ).toEqual({ completed: true, won: false, date: '2026-11-22', score: 0, attempts: 6 });
    expect(
      SCHEMAS.randomDaily({ puzzleId: 'puzzle_3', date: '2026-11-22', isRandom: true }),
    ).toEqual({ puzzleId: 'puzzle_3', date: '2026-11-22', isRandom: true });
  });

  it.each([
    ['not an object', 'hello'],
    ['an array', []],
    ['null', null],
    ['a wrong date', { completed: true, date: '2026-02-30', score: 3, attempts: 4 }],
    ['too many tries', { completed: true, date: '2026-11-22', score: 3, attempts: 99 }],
    ['a fractional score', { completed: true, date: '2026-11-22', score: 1.5, attempts: 4 }],
    ['completed false', { completed: false, date: '2026-11-22', score: 3, attempts: 4 }],
    [
      'won not a boolean',
      { completed: true, won: 'no', date: '2026-11-22', score: 3, attempts: 4 },
    ],
  ])('refuses a daily completion that is %s', (_, value) => {
    expect(SCHEMAS.daily(value)).toBeUndefined();
  });

  it('refuses stats whose longest streak is shorter than the current one', () => {
    expect(
      SCHEMAS.stats({ currentStreak: 5, maxStreak: 2, lastPlayedDate: '2026-11-22' }),
    ).toBeUndefined();
    expect(
      SCHEMAS.stats({ currentStreak: -1, maxStreak: 2, lastPlayedDate: null }),
    ).toBeUndefined();
  });

  it('keeps the good entries of a list and drops the bad ones', () => {
    expect(SCHEMAS.usedRandom(['puzzle_1', 'nope', 7, 'puzzle_22'])).toEqual([
      'puzzle_1',
      'puzzle_22',
    ]);
    expect(SCHEMAS.usedRandom('puzzle_1')).toBeUndefined();
  });

  it('reads JSON text, and treats broken JSON as absent', () => {
    expect(parseJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseJson('{"a":')).toBeUndefined();
  });
});
