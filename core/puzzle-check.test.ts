import { describe, expect, it } from 'vitest';
import type { Puzzle } from './puzzle';
import { checkCatalogue, checkPuzzle, formatPath, type Violation } from './puzzle-check';

/** "Key" opens a lock, explains a map, sits on a piano and names a piece's home note. */
function keyPuzzle(): Puzzle {
  return {
    id: 'puzzle_12',
    date: '2025-05-01',
    author: 'Check Fixture',
    title: 'Turn the Key',
    difficulty: 'hard',
    specialWord: 'Key',
    words: ['Legend', 'Bolt', 'Key', 'Pedal', 'Chord', 'Compass', 'Latch', 'Hammer', 'Tempo'],
    categories: [
      { name: 'On a map', words: ['Key', 'Legend', 'Compass'] },
      { name: 'In a lock', words: ['Key', 'Bolt', 'Latch'] },
      { name: 'Inside a piano', words: ['Key', 'Pedal', 'Hammer'] },
      { name: 'Music theory', words: ['Key', 'Chord', 'Tempo'] },
    ],
  };
}

/** Renames a word everywhere it appears, so only the rule under test breaks. */
function renameWord(puzzle: Puzzle, from: string, to: string): Puzzle {
  const swap = (word: string) => (word === from ? to : word);
  return {
    ...puzzle,
    specialWord: swap(puzzle.specialWord),
    words: puzzle.words.map(swap),
    categories: puzzle.categories.map((c) => ({ ...c, words: c.words.map(swap) })),
  };
}

function check(data: unknown): Omit<Violation, 'file'>[] {
  return checkPuzzle(data, 'puzzle_12.json').map(({ field, message }) => ({ field, message }));
}

function fields(data: unknown): string[] {
  return check(data).map((v) => v.field);
}

describe('checkPuzzle', () => {
  it('accepts a well-formed puzzle', () => {
    expect(checkPuzzle(keyPuzzle(), 'puzzle_12.json')).toEqual([]);
  });

  it('labels every violation with the file it came from', () => {
    const violations = checkPuzzle({ ...keyPuzzle(), title: '' }, 'puzzle_12.json');
    expect(violations).toEqual([
      { file: 'puzzle_12.json', field: 'title', message: 'must not be empty', rule: 'empty' },
    ]);
  });

  describe('shape', () => {
    it('rejects a file that is not an object', () => {
      expect(check(null)).toEqual([{ field: '(root)', message: 'must be an object, not null' }]);
      expect(check([keyPuzzle()])).toEqual([
        { field: '(root)', message: 'must be an object, not an array' },
      ]);
    });

    it('names a missing field', () => {
      const { title: _title, ...untitled } = keyPuzzle();
      expect(check(untitled)).toEqual([
        { field: 'title', message: 'is missing (expected a string)' },
      ]);
    });

    it('gives the path of a wrong type deep inside the categories', () => {
      const puzzle = keyPuzzle();
      const broken = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) => (i === 2 ? { ...c, words: 'Key' } : c)),
      };
      expect(check(broken)).toContainEqual({
        field: 'categories[2].words',
        message: 'must be an array, not "Key"',
      });
    });

    it('gives the index of a word that is not a string', () => {
      const puzzle = keyPuzzle();
      expect(check({ ...puzzle, words: [...puzzle.words.slice(0, 8), 7] })).toContainEqual({
        field: 'words[8]',
        message: 'must be a string, not number 7',
      });
    });

    it('accepts only easy, normal or hard as the difficulty', () => {
      expect(check({ ...keyPuzzle(), difficulty: 'medium' })).toEqual([
        { field: 'difficulty', message: 'must be one of easy, normal, hard, not "medium"' },
      ]);
      for (const difficulty of ['easy', 'normal', 'hard']) {
        expect(check({ ...keyPuzzle(), difficulty })).toEqual([]);
      }
    });

    it('accepts a string or null as the author, nothing else', () => {
      expect(check({ ...keyPuzzle(), author: null })).toEqual([]);
      expect(check({ ...keyPuzzle(), author: 42 })).toEqual([
        { field: 'author', message: 'must be a string or null, not number 42' },
      ]);
    });

    it('still checks the other rules when the shape is wrong', () => {
      expect(fields({ ...keyPuzzle(), author: 42, date: '2025-02-30', title: ' ' })).toEqual([
        'author',
        'date',
        'title',
      ]);
    });
  });

  describe('id', () => {
    it.each(['puzzle_1', 'puzzle_9', 'puzzle_10', 'puzzle_114'])('accepts %s', (id) => {
      expect(check({ ...keyPuzzle(), id })).toEqual([]);
    });

    it.each(['puzzle_0', 'puzzle_01', 'Puzzle_1', 'puzzle-1', 'puzzle_', 'puzzle_1a', 'puzzle_-3'])(
      'rejects %s',
      (id) => {
        expect(check({ ...keyPuzzle(), id })).toEqual([
          {
            field: 'id',
            message: `must be puzzle_N with N a whole number from 1 and no leading zero, not "${id}"`,
          },
        ]);
      },
    );
  });

  describe('date', () => {
    it.each(['2025-04-07', '2024-02-29', '2025-12-31'])('accepts %s', (date) => {
      expect(check({ ...keyPuzzle(), date })).toEqual([]);
    });

    it.each([
      '2025-02-30',
      '2023-02-29',
      '2025-13-01',
      '2025-04-31',
      '2025-4-7',
      '07/04/2025',
      '2025-04-07T00:00:00Z',
      '',
    ])('rejects %s', (date) => {
      expect(check({ ...keyPuzzle(), date })).toEqual([
        { field: 'date', message: `must be a real date written YYYY-MM-DD, not "${date}"` },
      ]);
    });
  });

  describe('words', () => {
    it('needs exactly nine words', () => {
      const puzzle = keyPuzzle();
      const tenth = { ...puzzle, words: [...puzzle.words, 'Spare'] };
      expect(check(tenth)).toContainEqual({
        field: 'words',
        message: 'must hold exactly 9 words, not 10',
      });
      const eighth = { ...puzzle, words: puzzle.words.filter((w) => w !== 'Tempo') };
      expect(check(eighth)).toContainEqual({
        field: 'words',
        message: 'must hold exactly 9 words, not 8',
      });
    });

    it('rejects empty and blank words', () => {
      expect(check(renameWord(keyPuzzle(), 'Bolt', ''))).toContainEqual({
        field: 'words[1]',
        message: 'must not be empty',
      });
      expect(check(renameWord(keyPuzzle(), 'Bolt', '   '))).toContainEqual({
        field: 'words[1]',
        message: 'must not be empty',
      });
    });

    it('rejects spaces at the start or end of a word', () => {
      expect(check(renameWord(keyPuzzle(), 'Bolt', 'Bolt '))).toEqual([
        { field: 'words[1]', message: 'has spaces at the start or end: "Bolt "' },
      ]);
      expect(check(renameWord(keyPuzzle(), 'Bolt', ' Bolt'))).toHaveLength(1);
    });

    it('allows spaces inside a word', () => {
      expect(check(renameWord(keyPuzzle(), 'Bolt', 'Dead bolt'))).toEqual([]);
    });

    it('rejects a word that repeats another, ignoring case and outer spaces', () => {
      const puzzle = keyPuzzle();
      const repeated = { ...puzzle, words: puzzle.words.map((w) => (w === 'Tempo' ? 'bolt ' : w)) };
      expect(check(repeated)).toContainEqual({
        field: 'words[8]',
        message: '"bolt " repeats words[1] ("Bolt")',
      });
    });

    it('allows 24 characters and rejects 25', () => {
      expect(check(renameWord(keyPuzzle(), 'Bolt', 'x'.repeat(24)))).toEqual([]);
      expect(check(renameWord(keyPuzzle(), 'Bolt', 'x'.repeat(25)))).toEqual([
        { field: 'words[1]', message: 'is 25 characters long; the limit is 24' },
      ]);
    });
  });

  describe('categories', () => {
    it('needs exactly four categories', () => {
      const puzzle = keyPuzzle();
      const three = { ...puzzle, categories: puzzle.categories.slice(0, 3) };
      expect(check(three)).toContainEqual({
        field: 'categories',
        message: 'must hold exactly 4 categories, not 3',
      });
      const five = { ...puzzle, categories: [...puzzle.categories, puzzle.categories[0]] };
      expect(check(five)).toContainEqual({
        field: 'categories',
        message: 'must hold exactly 4 categories, not 5',
      });
    });

    it('needs a name for every category', () => {
      const puzzle = keyPuzzle();
      const unnamed = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) => (i === 1 ? { ...c, name: ' ' } : c)),
      };
      expect(check(unnamed)).toEqual([
        { field: 'categories[1].name', message: 'must not be empty' },
      ]);
    });

    it('needs distinct category names, ignoring case', () => {
      const puzzle = keyPuzzle();
      const twins = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) => (i === 3 ? { ...c, name: 'on a MAP' } : c)),
      };
      expect(check(twins)).toEqual([
        {
          field: 'categories[3].name',
          message: '"on a MAP" repeats the name of categories[0]',
        },
      ]);
    });

    it('refuses a category name that spells out one of its own words', () => {
      const puzzle = keyPuzzle();
      const giveaway = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) => (i === 1 ? { ...c, name: 'Bolt it shut' } : c)),
      };
      expect(check(giveaway)).toEqual([
        {
          field: 'categories[1].words[1]',
          message: '"Bolt" is spelled out in its category\'s name "Bolt it shut"',
        },
      ]);
      const inside = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) => (i === 1 ? { ...c, name: 'Thunderbolts' } : c)),
      };
      expect(check(inside)).toEqual([]);
    });

    it('needs exactly three words in each category', () => {
      const puzzle = keyPuzzle();
      const four = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) =>
          i === 0 ? { ...c, words: [...c.words, 'Tempo'] } : c,
        ),
      };
      expect(check(four)).toContainEqual({
        field: 'categories[0].words',
        message: 'must hold exactly 3 words, not 4',
      });
    });

    it('rejects a word listed twice in one category', () => {
      const puzzle = keyPuzzle();
      const doubled = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) =>
          i === 1 ? { ...c, words: ['Key', 'Bolt', 'Bolt'] } : c,
        ),
      };
      expect(check(doubled)).toContainEqual({
        field: 'categories[1].words[2]',
        message: '"Bolt" appears twice in this category',
      });
    });

    it('rejects a category word that is not one of the puzzle words', () => {
      const puzzle = keyPuzzle();
      const stray = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) =>
          i === 1 ? { ...c, words: ['Key', 'Bolt', 'Hinge'] } : c,
        ),
      };
      expect(check(stray)).toContainEqual({
        field: 'categories[1].words[2]',
        message: '"Hinge" is not among the puzzle\'s words',
      });
    });

    it('points at the intended word when only the case differs', () => {
      const puzzle = keyPuzzle();
      const lower = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) =>
          i === 1 ? { ...c, words: ['Key', 'bolt', 'Latch'] } : c,
        ),
      };
      expect(check(lower)).toContainEqual({
        field: 'categories[1].words[1]',
        message: '"bolt" is not among the puzzle\'s words (did you mean "Bolt"?)',
      });
    });
  });

  describe('special word', () => {
    it('rejects a special word that is not among the puzzle words', () => {
      expect(check({ ...keyPuzzle(), specialWord: 'Lock' })).toContainEqual({
        field: 'specialWord',
        message: '"Lock" is not among the puzzle\'s words',
      });
    });

    it('rejects an empty special word', () => {
      expect(check({ ...keyPuzzle(), specialWord: '' })).toContainEqual({
        field: 'specialWord',
        message: 'must not be empty',
      });
    });

    it('needs the special word in every category', () => {
      const puzzle = keyPuzzle();
      const missing = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) =>
          i === 2 ? { ...c, words: ['Pedal', 'Hammer', 'Tempo'] } : c,
        ),
      };
      expect(check(missing)).toContainEqual({
        field: 'categories[2].words',
        message: 'must include the special word "Key" (it belongs to all 4 categories)',
      });
    });
  });

  describe('every other word in exactly one category', () => {
    it('rejects a word that no category holds', () => {
      const puzzle = keyPuzzle();
      const homeless = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) =>
          i === 3 ? { ...c, words: ['Key', 'Chord', 'Chord'] } : c,
        ),
      };
      expect(check(homeless)).toContainEqual({
        field: 'words[8]',
        message:
          '"Tempo" is in no category; every word but the special word belongs to exactly one',
      });
    });

    it('rejects a word that two categories hold', () => {
      const puzzle = keyPuzzle();
      const shared = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) =>
          i === 3 ? { ...c, words: ['Key', 'Chord', 'Hammer'] } : c,
        ),
      };
      expect(check(shared)).toContainEqual({
        field: 'words[7]',
        message:
          '"Hammer" is in 2 categories (categories[2], categories[3]); every word but the special word belongs to exactly one',
      });
    });
  });

  describe('author and title', () => {
    it('rejects an empty author string (null means no author)', () => {
      expect(check({ ...keyPuzzle(), author: '' })).toEqual([
        {
          field: 'author',
          message: 'must be a name, or null when there is none; not an empty string',
        },
      ]);
    });

    it('rejects an empty or blank title', () => {
      expect(check({ ...keyPuzzle(), title: '' })).toEqual([
        { field: 'title', message: 'must not be empty' },
      ]);
      expect(check({ ...keyPuzzle(), title: '  ' })).toEqual([
        { field: 'title', message: 'must not be empty' },
      ]);
    });

    it('limits titles and authors to 40 characters', () => {
      expect(check({ ...keyPuzzle(), title: 'T'.repeat(40), author: 'A'.repeat(40) })).toEqual([]);
      expect(check({ ...keyPuzzle(), title: 'T'.repeat(41), author: 'A'.repeat(41) })).toEqual([
        { field: 'title', message: 'is 41 characters long; the limit is 40' },
        { field: 'author', message: 'is 41 characters long; the limit is 40' },
      ]);
    });
  });

  describe('text that is not plain words', () => {
    it('refuses < and > and control characters in every text', () => {
      const puzzle = renameWord(keyPuzzle(), 'Bolt', 'Bo<b>lt');
      const violations = checkPuzzle(
        {
          ...puzzle,
          title: 'Turn\u0000 the Key',
          author: '<script>',
          categories: puzzle.categories.map((c, i) => (i === 3 ? { ...c, name: 'Music>' } : c)),
        },
        'puzzle_12.json',
      ).filter((violation) => violation.rule === 'markup');
      expect(violations.map((violation) => violation.field)).toEqual([
        'title',
        'author',
        'words[1]',
        'categories[3].name',
      ]);
    });

    it('limits category names to 40 characters', () => {
      const puzzle = keyPuzzle();
      const long = {
        ...puzzle,
        categories: puzzle.categories.map((c, i) => (i === 1 ? { ...c, name: 'N'.repeat(41) } : c)),
      };
      expect(check(long)).toEqual([
        { field: 'categories[1].name', message: 'is 41 characters long; the limit is 40' },
      ]);
    });
  });

  it('checks a player’s puzzle by every rule but the catalogue’s id and date', () => {
    const made = { ...keyPuzzle(), id: 'custom-x', date: '' };
    expect(checkPuzzle(made, 'made', { catalogue: false })).toEqual([]);
    expect(fields(made)).toEqual(['id', 'date']);
    expect(
      checkPuzzle({ ...made, title: '' }, 'made', { catalogue: false }).map((v) => v.field),
    ).toEqual(['title']);
  });

  it('reports every broken rule, not just the first', () => {
    const puzzle = keyPuzzle();
    const messy = {
      ...puzzle,
      id: 'puzzle_012',
      date: '2025-02-30',
      title: '',
      specialWord: 'Lock',
      categories: puzzle.categories.map((c, i) => (i === 0 ? { ...c, name: '' } : c)),
    };
    expect(fields(messy)).toEqual(
      expect.arrayContaining(['id', 'date', 'title', 'specialWord', 'categories[0].name']),
    );
  });
});

describe('checkCatalogue', () => {
  function entry(overrides: Partial<Puzzle>, file?: string): { file: string; data: unknown } {
    const data = { ...keyPuzzle(), ...overrides };
    return { file: file ?? `${data.id}.json`, data };
  }

  it('accepts distinct, well-formed puzzles', () => {
    expect(
      checkCatalogue([
        entry({ id: 'puzzle_1', date: '2025-04-07' }),
        entry({ id: 'puzzle_2', date: '2025-04-10' }),
        entry({ id: 'puzzle_3', date: '2025-04-08' }),
      ]),
    ).toEqual([]);
  });

  it('includes each puzzle own violations under its file name', () => {
    expect(
      checkCatalogue([entry({ id: 'puzzle_1' }), entry({ id: 'puzzle_2', date: '2025-13-01' })]),
    ).toEqual([
      {
        file: 'puzzle_2.json',
        field: 'date',
        message: 'must be a real date written YYYY-MM-DD, not "2025-13-01"',
      },
    ]);
  });

  it('needs the file name to be the id', () => {
    expect(checkCatalogue([entry({ id: 'puzzle_5' }, 'puzzle_6.json')])).toEqual([
      {
        file: 'puzzle_6.json',
        field: 'id',
        message: 'file name must be puzzle_5.json to match the id "puzzle_5"',
      },
    ]);
  });

  it('compares the file name without its folder', () => {
    expect(checkCatalogue([entry({ id: 'puzzle_5' }, 'puzzles/puzzle_5.json')])).toEqual([]);
  });

  it('rejects two puzzles with the same id', () => {
    const violations = checkCatalogue([
      entry({ id: 'puzzle_4', date: '2025-05-01' }, 'puzzle_4.json'),
      entry({ id: 'puzzle_4', date: '2025-05-02' }, 'copy/puzzle_4.json'),
    ]);
    expect(violations).toEqual([
      {
        file: 'copy/puzzle_4.json',
        field: 'id',
        message: '"puzzle_4" is already the id of puzzle_4.json',
      },
    ]);
  });

  it('rejects two puzzles on the same date', () => {
    const violations = checkCatalogue([
      entry({ id: 'puzzle_1', date: '2025-06-01' }),
      entry({ id: 'puzzle_2', date: '2025-06-02' }),
      entry({ id: 'puzzle_3', date: '2025-06-01' }),
    ]);
    expect(violations).toEqual([
      {
        file: 'puzzle_3.json',
        field: 'date',
        message: '2025-06-01 is already the date of puzzle_1.json',
      },
    ]);
  });
});

describe('formatPath', () => {
  it('writes paths the way a reader would', () => {
    expect(formatPath(['categories', 2, 'words'])).toBe('categories[2].words');
    expect(formatPath(['words', 0])).toBe('words[0]');
    expect(formatPath([])).toBe('(root)');
  });
});
