import { describe, expect, it } from 'vitest';
import { ringPuzzle, SOLUTION } from '../test/fixtures';
import { feedbackLevel, scoreGroups } from './score';

describe('scoreGroups', () => {
  it('marks every group fully correct for the solution, in any order', () => {
    const results = scoreGroups([...SOLUTION].reverse(), ringPuzzle.categories);
    expect(results.map((r) => r.isFullyCorrect)).toEqual([true, true, true, true]);
    expect(results.map((r) => r.name)).toEqual([
      'Round shapes',
      'Boxing',
      'Jewelry',
      'Bell sounds',
    ]);
  });

  it('counts the special word as fitting every category', () => {
    const [result] = scoreGroups([['Ring', 'Chime', 'Oval']], ringPuzzle.categories);
    expect(result?.correctCount).toBe(2);
    expect(result?.isFullyCorrect).toBe(false);
  });

  it('counts words of the best-fitting category for each group', () => {
    const results = scoreGroups(
      [
        ['Ring', 'Chime', 'Toll'],
        ['Ring', 'Necklace', 'Ropes'],
        ['Ring', 'Bracelet', 'Corner'],
        ['Oval', 'Loop', 'Chime'],
      ],
      ringPuzzle.categories,
    );
    expect(results.map((r) => r.correctCount)).toEqual([3, 2, 2, 2]);
    expect(results.map((r) => r.isFullyCorrect)).toEqual([true, false, false, false]);
  });

  it('gives 0 when no two words of a group share a category', () => {
    const [result] = scoreGroups(
      [
        ['Chime', 'Necklace', 'Ropes'],
        ['Ring', 'Chime', 'Toll'],
      ],
      ringPuzzle.categories,
    );
    expect(result?.correctCount).toBe(1);
  });

  it('is not fully correct with other than exactly three words', () => {
    const [four] = scoreGroups([['Ring', 'Chime', 'Toll', 'Oval']], ringPuzzle.categories);
    expect(four?.correctCount).toBe(3);
    expect(four?.isFullyCorrect).toBe(false);
  });

  it('matches groups one-to-one, so one correct group repeated four times does not win', () => {
    const group = ['Ring', 'Chime', 'Toll'];
    const results = scoreGroups([group, group, group, group], ringPuzzle.categories);
    expect(results.filter((r) => r.isFullyCorrect)).toHaveLength(1);
  });

  it('compares words trimmed and case-insensitively', () => {
    const [result] = scoreGroups([[' ring', 'CHIME', 'toll ']], ringPuzzle.categories);
    expect(result?.isFullyCorrect).toBe(true);
  });
});

describe('feedbackLevel', () => {
  it('maps 3, 2, 1, 0 to green, yellow, light yellow and red levels', () => {
    expect([3, 2, 1, 0].map(feedbackLevel)).toEqual(['correct', 'close', 'far', 'none']);
  });
});
