import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_FILE,
  checkCatalogueContent,
  checkSchedule,
  type Schedule,
} from './catalogue-rules';
import type { Puzzle } from './puzzle';

/** A valid puzzle whose words are made unique by `tag`, so puzzles share nothing unless told to. */
function puzzle(
  n: number,
  date: string,
  special = `Pin${n}`,
  shared: string[] = [],
): { file: string; data: Puzzle } {
  const own = Array.from({ length: 8 }, (_, i) => shared[i] ?? `W${n}x${i}`);
  const words = [special, ...own];
  return {
    file: `puzzle_${n}.json`,
    data: {
      id: `puzzle_${n}`,
      date,
      author: null,
      title: `Title ${n}`,
      difficulty: 'normal',
      specialWord: special,
      words,
      categories: [0, 1, 2, 3].map((c) => ({
        name: `Group ${c}`,
        words: [special, own[c * 2] ?? '', own[c * 2 + 1] ?? ''],
      })),
    },
  };
}

describe('checkCatalogueContent', () => {
  it('accepts ids without gaps, distinct special words and little overlap', () => {
    expect(
      checkCatalogueContent([
        puzzle(1, '2026-01-01'),
        puzzle(2, '2026-01-02'),
        puzzle(3, '2026-01-03'),
      ]),
    ).toEqual([]);
  });

  it('names every missing id', () => {
    const violations = checkCatalogueContent([puzzle(1, '2026-01-01'), puzzle(4, '2026-01-04')]);
    expect(violations).toEqual([
      {
        file: CATALOGUE_FILE,
        field: 'id',
        message:
          'ids must run from puzzle_1 to puzzle_4 without a gap; missing: puzzle_2, puzzle_3',
      },
    ]);
  });

  it('refuses a special word used twice, whatever its case', () => {
    const violations = checkCatalogueContent([
      puzzle(1, '2026-01-01', 'Bat'),
      puzzle(2, '2026-01-02', 'bat'),
    ]);
    expect(violations).toEqual([
      {
        file: 'puzzle_2.json',
        field: 'specialWord',
        message: '"bat" is already the special word of puzzle_1.json',
      },
    ]);
  });

  it('refuses a title used twice, whatever its case', () => {
    const second = puzzle(2, '2026-01-02');
    (second.data as { title: string }).title = 'title 1';
    expect(checkCatalogueContent([puzzle(1, '2026-01-01'), second])).toEqual([
      {
        file: 'puzzle_2.json',
        field: 'title',
        message: '"title 1" is already the title of puzzle_1.json',
      },
    ]);
  });

  it('allows three shared words between two puzzles but not four', () => {
    const three = ['Apple', 'Pear', 'Plum'];
    expect(
      checkCatalogueContent([
        puzzle(1, '2026-01-01', 'A', three),
        puzzle(2, '2026-01-02', 'B', three),
      ]),
    ).toEqual([]);
    const four = [...three, 'Fig'];
    const violations = checkCatalogueContent([
      puzzle(1, '2026-01-01', 'A', four),
      puzzle(2, '2026-01-02', 'B', four),
    ]);
    expect(violations).toEqual([
      {
        file: 'puzzle_2.json',
        field: 'words',
        message:
          'shares 4 words with puzzle_1.json (Apple, Pear, Plum, Fig); at most 3 may be shared',
      },
    ]);
  });

  it('leaves malformed files to the per-file check', () => {
    expect(
      checkCatalogueContent([
        puzzle(1, '2026-01-01'),
        { file: 'puzzle_2.json', data: { id: 'puzzle_2' } },
      ]),
    ).toEqual([]);
  });
});

describe('checkSchedule', () => {
  const schedule: Schedule = {
    daily: { from: '2026-12-30', to: '2027-01-02' },
    history: { from: '2025-04-07', to: '2025-04-30', atLeast: 2 },
  };

  it('accepts a catalogue covering every daily date, across the year end, with enough history', () => {
    const entries = [
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2025-04-07',
      '2025-04-30',
    ].map((d, i) => puzzle(i + 1, d));
    expect(checkSchedule(entries, schedule)).toEqual([]);
  });

  it('lists the daily dates without a puzzle and counts the history', () => {
    const entries = [
      puzzle(1, '2026-12-30'),
      puzzle(2, '2027-01-02'),
      puzzle(3, '2025-04-08'),
      puzzle(4, '2025-05-01'),
    ];
    expect(checkSchedule(entries, schedule)).toEqual([
      {
        file: CATALOGUE_FILE,
        field: 'date',
        message:
          'every date from 2026-12-30 through 2027-01-02 needs a puzzle; 2 have none: 2026-12-31, 2027-01-01',
      },
      {
        file: CATALOGUE_FILE,
        field: 'date',
        message: '1 puzzles are dated 2025-04-07 through 2025-04-30; the archive needs at least 2',
      },
    ]);
  });
});
