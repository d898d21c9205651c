import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addDays, isIsoDate } from '../../core/dates';
import { shuffle, type Random } from '../../core/game/random';
import { type PuzzleSubmissionForm } from '../../core/forms';
import { type Puzzle } from '../../core/puzzle';
import { CATALOGUE_FILE, checkCatalogueFiles } from '../../core/catalogue-rules';
import type { Violation } from '../../core/puzzle-check';
import { readPuzzleFolder, type PuzzleFile } from '../puzzle-folder';

/** Turning a submitted puzzle into the next catalogue file, puzzles/puzzle_<n>.json. */
export type CatalogueEntry = PuzzleFile;

/** The catalogue's files as the check reads them (a file that is not JSON counts with no data). */
export function readCatalogue(dir: string): CatalogueEntry[] {
  return readPuzzleFolder(dir).files;
}

function field(data: unknown, name: string): unknown {
  if (typeof data !== 'object' || data === null) return undefined;
  const value: unknown = Reflect.get(data, name);
  return value;
}

/** One more than the highest puzzle number among the file names and ids. */
export function nextPuzzleNumber(entries: readonly CatalogueEntry[]): number {
  let highest = 0;
  for (const entry of entries) {
    for (const text of [entry.file.replace(/\.json$/, ''), field(entry.data, 'id')]) {
      const match = typeof text === 'string' ? /^puzzle_(\d+)$/.exec(text) : null;
      if (match?.[1]) highest = Math.max(highest, Number(match[1]));
    }
  }
  return highest + 1;
}

/**
 * The day after the last scheduled puzzle; never today or earlier (today's puzzle is already out),
 * so when the schedule has run out the new puzzle is tomorrow's.
 */
export function nextPuzzleDate(entries: readonly CatalogueEntry[], today: string): string {
  const dates = entries
    .map((entry) => field(entry.data, 'date'))
    .filter((date): date is string => typeof date === 'string' && isIsoDate(date))
    .sort();
  const last = dates[dates.length - 1];
  const afterLast = last === undefined ? addDays(today, 1) : addDays(last, 1);
  return afterLast > today ? afterLast : addDays(today, 1);
}

/**
 * The catalogue puzzle for a submission: the special word is the one given, or the first word of
 * category 1; the nine words are every distinct word, shuffled so the groups are not given away.
 */
export function puzzleFromSubmission(
  form: PuzzleSubmissionForm,
  placement: { number: number; date: string; random: Random },
): Puzzle {
  const categories = ([1, 2, 3, 4] as const).map((n) => ({
    name: form[`category${n}_name`],
    words: [form[`category${n}_word1`], form[`category${n}_word2`], form[`category${n}_word3`]],
  }));
  const specialWord = form.specialWord === '' ? form.category1_word1 : form.specialWord;
  const distinct = [...new Set([specialWord, ...categories.flatMap((category) => category.words)])];
  return {
    id: `puzzle_${placement.number}`,
    date: placement.date,
    author: form.author,
    title: form.title,
    difficulty: 'normal',
    specialWord,
    words: shuffle(distinct, placement.random),
    categories,
  };
}

function inlineArray(items: readonly string[]): string {
  return `[${items.map((item) => JSON.stringify(item)).join(', ')}]`;
}

/**
 * The puzzle laid out like the catalogue files: one key per line, the words and each category on
 * one line, 2-space indent, trailing newline.
 */
export function formatPuzzleJson(puzzle: Puzzle): string {
  const categories = puzzle.categories.map((category, index) => {
    const comma = index < puzzle.categories.length - 1 ? ',' : '';
    return `    { "name": ${JSON.stringify(category.name)}, "words": ${inlineArray(category.words)} }${comma}`;
  });
  const lines = [
    '{',
    `  "id": ${JSON.stringify(puzzle.id)},`,
    `  "date": ${JSON.stringify(puzzle.date)},`,
    `  "author": ${JSON.stringify(puzzle.author)},`,
    `  "title": ${JSON.stringify(puzzle.title)},`,
    `  "difficulty": ${JSON.stringify(puzzle.difficulty)},`,
    `  "specialWord": ${JSON.stringify(puzzle.specialWord)},`,
    `  "words": ${inlineArray(puzzle.words)},`,
    '  "categories": [',
    ...categories,
    '  ]',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

/** A rule about the whole catalogue is the same problem even when its message names one more id. */
const key = (violation: Violation) =>
  [
    violation.file,
    violation.field,
    violation.file === CATALOGUE_FILE ? '' : violation.message,
  ].join('\u0000');

/**
 * The catalogue check's complaints that adding `file` causes (problems already there are not its
 * fault): the same check as `npm run puzzles:check`, every rule across files included, so the
 * import never writes a puzzle the check then rejects. The schedule is left out: adding a puzzle
 * never leaves a date uncovered.
 */
export function violationsOf(
  existing: readonly CatalogueEntry[],
  added: CatalogueEntry,
): Violation[] {
  const check = (entries: readonly CatalogueEntry[]) =>
    checkCatalogueFiles(
      entries.filter((entry) => entry.data !== null),
      { content: true, schedule: false },
    );
  const before = new Set(check(existing).map(key));
  return check([...existing, added]).filter((violation) => !before.has(key(violation)));
}

/** Writes the file, refusing to replace one that exists. */
export async function writePuzzleFile(dir: string, puzzle: Puzzle): Promise<string> {
  const path = join(dir, `${puzzle.id}.json`);
  await writeFile(path, formatPuzzleJson(puzzle), { flag: 'wx' });
  return path;
}
