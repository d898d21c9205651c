import { describe, expect, it } from 'vitest';
import { formatList, formatTable } from './format';
import { formatPuzzleStats, type PuzzleStats } from './puzzle-stats';

describe('formatTable, the one table of the owner’s tool', () => {
  it('makes each column as wide as its widest cell, two spaces apart, with no space at a line’s end', () => {
    expect(
      formatTable(
        ['ID', 'NAME', 'NOTE'],
        [
          ['7', 'Ada', 'first'],
          ['12', 'Grace Hopper', ''],
        ],
      ),
    ).toEqual(['ID  NAME          NOTE', '7   Ada           first', '12  Grace Hopper']);
  });

  it('is the header alone when there are no rows', () => {
    expect(formatTable(['DATE', 'PUZZLE'], [])).toEqual(['DATE  PUZZLE']);
  });
});

describe('the tables the owner reads', () => {
  it('lists messages in that table, each cell on one line and cut to its width', () => {
    const text = formatList(
      'messages',
      [
        {
          id: 2,
          createdAt: '2026-11-22T08:01:30.000Z',
          handledAt: null,
          fields: { name: 'Ada', email: 'ada@example.com', message: 'Two\nlines' },
        },
        {
          id: 1,
          createdAt: '2026-11-21T17:45:00.000Z',
          handledAt: '2026-11-22T09:00:00.000Z',
          fields: {
            name: 'Grace',
            email: 'grace@example.com',
            message: 'A message far longer than the forty characters its column shows',
          },
        },
      ],
      false,
    );
    expect(text).toBe(
      [
        'ID  RECEIVED              STATUS   NAME   EMAIL              MESSAGE',
        '2   2026-11-22 08:01 UTC  new      Ada    ada@example.com    Two lines',
        '1   2026-11-21 17:45 UTC  handled  Grace  grace@example.com  A message far longer than the forty cha…',
        '',
        '2 messages',
      ].join('\n'),
    );
  });

  it('prints the puzzles’ crowd figures in that table, then the labels’ check', () => {
    const stats: PuzzleStats[] = [
      {
        id: 'puzzle_1',
        date: '2025-04-01',
        title: 'First',
        difficulty: 'normal',
        players: 3,
        notCounted: 0,
        solveRate: { all: 67, easy: null, normal: 67 },
        averageTries: 2.5,
        distribution: [0, 1, 1, 0, 0, 0, 0, 0],
        foundLastMostOften: { category: 'Bells', count: 2, of: 2 },
        labelMismatch: null,
      },
      {
        id: 'puzzle_x',
        date: null,
        title: null,
        difficulty: null,
        players: 1,
        notCounted: 4,
        solveRate: { all: 0, easy: 0, normal: null },
        averageTries: null,
        distribution: [0, 0, 0, 0, 0, 0, 0, 0],
        foundLastMostOften: null,
        labelMismatch: null,
      },
    ];
    expect(formatPuzzleStats(stats)).toBe(
      [
        'DATE        PUZZLE    LABEL   PLAYERS  NOT COUNTED  SOLVED  EASY  NORMAL  AVG TRIES  FOUND LAST MOST OFTEN',
        '2025-04-01  puzzle_1  normal  3        0            67%     –     67%     2.5        Bells (2 of 2)',
        '?           puzzle_x  ?       1        4            0%      0%    –       –          –',
        '',
        'No label checked yet: a label is checked once its puzzle has 20 results.',
        'Not checked, fewer than 20 results: puzzle_1 (3 results), puzzle_x (1 result).',
      ].join('\n'),
    );
  });
});
