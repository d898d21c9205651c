import { describe, expect, it } from 'vitest';
import {
  checkName,
  decodeGrid,
  encodeGrid,
  nextStreak,
  resultProblem,
  sortTable,
  streakOn,
  takesResultOf,
  weekStart,
  type TableRow,
} from './friends';

describe('names', () => {
  it('are trimmed, and refused empty, too long or with invisible characters, saying why', () => {
    expect(checkName('  Ann  ', 20, 'Your name')).toEqual({ ok: true, name: 'Ann' });
    expect(checkName(' ', 20, 'Your name')).toEqual({
      ok: false,
      message: 'Please enter your name.',
    });
    expect(checkName('x'.repeat(21), 20, 'Your name')).toMatchObject({ ok: false });
    for (const hidden of ['A\u200Bn', 'A\u202En', 'A\u0000n', 'A\nn', 'A\u3164n', 'A\u2028n'])
      expect(checkName(hidden, 20, 'Your name')).toMatchObject({ ok: false });
    // Letters of any script and emoji are names; markup is only characters.
    for (const name of ['Zoë', 'Юля', '李雷', '👩‍👩‍👧', '<img src=x>'])
      expect(checkName(name, 20, 'Your name')).toEqual({ ok: true, name });
  });
});

describe('results', () => {
  it('keeps the grid as digits and checks it against the tries and the outcome', () => {
    const grid = encodeGrid([
      ['close', 'far', 'none', 'correct'],
      ['correct', 'correct', 'correct', 'correct'],
    ]);
    expect(grid).toBe('12300000');
    expect(decodeGrid(grid)[0]).toEqual(['close', 'far', 'none', 'correct']);
    expect(resultProblem({ won: true, tries: 2, grid })).toBeNull();
    expect(resultProblem({ won: false, tries: 2, grid })).not.toBeNull();
    expect(resultProblem({ won: true, tries: 3, grid })).not.toBeNull();
  });

  it('is taken for today and up to two days late, never for a day before joining', () => {
    expect(takesResultOf('2026-11-25', '2026-11-25', '2026-11-25')).toBe(true);
    expect(takesResultOf('2026-11-23', '2026-11-25', '2026-11-20')).toBe(true);
    expect(takesResultOf('2026-11-22', '2026-11-25', '2026-11-20')).toBe(false);
    expect(takesResultOf('2026-11-24', '2026-11-25', '2026-11-25')).toBe(false);
    expect(takesResultOf('2026-11-26', '2026-11-25', '2026-11-25')).toBe(false);
  });
});

describe('weeks and streaks', () => {
  it('run Monday to Sunday', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
  });

  it('grow by a win a day after the last, restart after a gap, end on a loss', () => {
    let streak = { streak: 0, before: 0, day: null as string | null };
    streak = nextStreak(streak, '2026-11-23', true);
    streak = nextStreak(streak, '2026-11-24', true);
    expect(streak).toEqual({ streak: 2, before: 1, day: '2026-11-24' });
    expect(nextStreak(streak, '2026-11-24', false)).toBe(streak);
    expect(streakOn(streak, '2026-11-25', false)).toBe(2);
    expect(streakOn(streak, '2026-11-26', false)).toBe(0);
    expect(streakOn(streak, '2026-11-24', true)).toBe(1);
    expect(nextStreak(streak, '2026-11-26', true).streak).toBe(1);
    expect(nextStreak(streak, '2026-11-25', false).streak).toBe(0);
  });

  it('sort tables by wins, then fewer tries on average, then days played, then name', () => {
    const row = (name: string, played: number, wins: number, wonTries: number): TableRow => ({
      memberId: name,
      name,
      tally: { played, wins, wonTries },
      streak: 0,
    });
    const sorted = sortTable([
      row('Dan', 3, 0, 0),
      row('Cat', 3, 2, 6),
      row('Bea', 2, 2, 4),
      row('Al', 2, 2, 4),
      row('Eve', 5, 0, 0),
    ]);
    expect(sorted.map((r) => r.name)).toEqual(['Al', 'Bea', 'Cat', 'Eve', 'Dan']);
  });
});
