import { describe, expect, it } from 'vitest';
import type { PuzzleSummary } from '../../../core/puzzle';
import { matchesSearch, monthAnchor, monthOfAnchor, monthsOf } from './archive-months';

const summary = (id: string, date: string, title: string, author: string | null = null) =>
  ({ id, date, title, author, difficulty: 'normal' }) as PuzzleSummary;

describe('the archive by month', () => {
  it('groups puzzles by month, newest month and newest puzzle first', () => {
    const months = monthsOf([
      summary('a', '2025-04-07', 'Bounce Back'),
      summary('b', '2025-05-02', 'Second'),
      summary('c', '2025-04-29', 'Bright Idea'),
    ]);
    expect(months.map((m) => [m.key, m.label, m.short, m.puzzles.map((p) => p.id)])).toEqual([
      ['2025-05', 'May 2025', 'May', ['b']],
      ['2025-04', 'April 2025', 'Apr', ['c', 'a']],
    ]);
  });

  it('links to a month by its anchor, and reads only a month from one', () => {
    expect(monthAnchor('2025-04')).toBe('month-2025-04');
    expect(monthOfAnchor('month-2025-04')).toBe('2025-04');
    expect(monthOfAnchor('month-2025')).toBeNull();
    expect(monthOfAnchor('')).toBeNull();
  });

  it('searches titles and authors, every word typed, in any case', () => {
    const puzzle = summary('a', '2025-04-09', 'Step in Time', 'Kenji L.');
    expect(matchesSearch(puzzle, 'step')).toBe(true);
    expect(matchesSearch(puzzle, 'TIME kenji')).toBe(true);
    expect(matchesSearch(puzzle, 'time maya')).toBe(false);
    expect(matchesSearch(puzzle, '  ')).toBe(true);
  });
});
