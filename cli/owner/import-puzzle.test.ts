import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/game/random';
import { puzzleSchema } from '../../core/puzzle-schema';
import { checkPuzzle } from '../../core/puzzle-check';
import {
  formatPuzzleJson,
  nextPuzzleDate,
  nextPuzzleNumber,
  puzzleFromSubmission,
  violationsOf,
  type CatalogueEntry,
} from './import-puzzle';
import { SUBMISSION } from './test-fixtures';

const CATALOGUE_DIR = join(import.meta.dirname, '..', '..', 'puzzles');

const entry = (file: string, date: string): CatalogueEntry => ({
  file,
  data: { id: file.replace('.json', ''), date },
});

describe('placing the next puzzle', () => {
  it('numbers it one past the highest, gaps left alone', () => {
    expect(
      nextPuzzleNumber([
        entry('puzzle_3.json', '2026-01-01'),
        entry('puzzle_114.json', '2026-01-02'),
      ]),
    ).toBe(115);
    expect(nextPuzzleNumber([])).toBe(1);
  });

  it('dates it the day after the last scheduled puzzle, whatever the file order', () => {
    const entries = [entry('puzzle_2.json', '2026-12-10'), entry('puzzle_3.json', '2026-12-08')];
    expect(nextPuzzleDate(entries, '2026-11-22')).toBe('2026-12-11');
  });

  it('dates it tomorrow when the schedule has already run out', () => {
    expect(nextPuzzleDate([entry('puzzle_1.json', '2025-10-30')], '2026-11-22')).toBe('2026-11-23');
    expect(nextPuzzleDate([entry('puzzle_1.json', '2026-11-22')], '2026-11-22')).toBe('2026-11-23');
  });
});

describe('puzzleFromSubmission', () => {
  it('credits the author, uses the first word as the special word when blank, and shuffles the words', () => {
    const puzzle = puzzleFromSubmission(SUBMISSION, {
      number: 33,
      date: '2026-12-11',
      random: seededRandom(7),
    });
    expect(puzzle).toMatchObject({
      id: 'puzzle_33',
      date: '2026-12-11',
      author: 'Grace Hopper',
      title: 'Under the Hood',
      difficulty: 'normal',
      specialWord: 'Bonnet',
    });
    expect(puzzle.categories[1]).toEqual({ name: 'Hats', words: ['Bonnet', 'Beret', 'Fedora'] });
    expect([...puzzle.words].sort()).toEqual(
      [
        'Bonnet',
        'Wheel',
        'Boot',
        'Beret',
        'Fedora',
        'Bib',
        'Onesie',
        'Foxglove',
        'Harebell',
      ].sort(),
    );
    // Not in group order: the first three tiles are not one category.
    expect(puzzle.words.slice(0, 3)).not.toEqual(['Bonnet', 'Wheel', 'Boot']);
    expect(checkPuzzle(puzzle, 'puzzle_33.json')).toEqual([]);
  });

  it('uses the special word given', () => {
    const puzzle = puzzleFromSubmission(
      { ...SUBMISSION, specialWord: 'Bonnet', category1_word1: 'Wheel', category1_word2: 'Bonnet' },
      { number: 1, date: '2026-12-11', random: seededRandom(1) },
    );
    expect(puzzle.specialWord).toBe('Bonnet');
  });
});

describe('formatPuzzleJson', () => {
  it('lays out every catalogue file exactly as it is on disk', () => {
    const files = readdirSync(CATALOGUE_DIR).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(CATALOGUE_DIR, file), 'utf8');
      expect(formatPuzzleJson(puzzleSchema.parse(JSON.parse(text))), file).toBe(text);
    }
  });
});

describe('violationsOf', () => {
  it('blames the new puzzle only for what it breaks', () => {
    const existing: CatalogueEntry[] = [{ file: 'puzzle_1.json', data: { id: 'puzzle_1' } }]; // broken already
    const good = puzzleFromSubmission(SUBMISSION, {
      number: 2,
      date: '2026-12-11',
      random: seededRandom(2),
    });
    expect(violationsOf(existing, { file: 'puzzle_2.json', data: good })).toEqual([]);
  });
});
