import type * as z from 'zod/mini';
import { isIsoDate } from './dates';
import { CATEGORY_COUNT, WORDS_PER_CATEGORY } from './game/engine';
import { PUZZLE_ID_PATTERN } from './puzzle';
import { normaliseWord } from './words';
import { puzzleSchema } from './puzzle-schema';

/** One broken rule in one catalogue file. `field` is a path such as `categories[2].words`. */
export interface Violation {
  file: string;
  field: string;
  message: string;
  /** Which rule it breaks, for a reader that words it its own way (the puzzle builder). */
  rule?: PuzzleRule;
  /** The words[] index a repeated word repeats (rule 'repeat'). */
  repeats?: number;
  /** The word the rule is about (rules 'twoHomes' and 'namesWord'). */
  word?: string;
}

/** The rules a person typing a puzzle can break; other violations are about a file's shape. */
export type PuzzleRule =
  'empty' | 'tooLong' | 'repeat' | 'twoHomes' | 'nameRepeat' | 'namesWord' | 'markup';

/** The shape every puzzle shares (docs/spec.md §9). */
export const PUZZLE_SHAPE = {
  /** The special word plus two more per category. */
  words: 1 + CATEGORY_COUNT * (WORDS_PER_CATEGORY - 1),
  categories: CATEGORY_COUNT,
  wordsPerCategory: WORDS_PER_CATEGORY,
  /** The longest word a tile has to show. */
  maxWordLength: 24,
  maxTitleLength: 40,
  maxAuthorLength: 40,
  maxCategoryNameLength: 40,
} as const;

/**
 * Characters no puzzle text may hold: angle brackets (markup has no place in a word, and a shared
 * puzzle link must never carry any) and invisible control characters.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[<>\u0000-\u001f\u007f-\u009f]/;

/** Field name used when the whole file, not one field, is wrong. */
export const ROOT_FIELD = '(root)';

type Report = (
  field: string,
  message: string,
  rule?: PuzzleRule,
  extra?: Pick<Violation, 'repeats' | 'word'>,
) => void;

interface LooseCategory {
  name: string | undefined;
  words: string[] | undefined;
}

/** The fields of a puzzle that have the right type; the schema reports the others. */
interface LoosePuzzle {
  id: string | undefined;
  date: string | undefined;
  author: string | null | undefined;
  title: string | undefined;
  specialWord: string | undefined;
  words: string[] | undefined;
  categories: LooseCategory[] | undefined;
}

/**
 * Every rule a single catalogue file must follow; all violations, not just the first. A puzzle
 * made by a player (the builder, a shared link) has no catalogue id or date: `{ catalogue: false }`
 * skips those two rules and keeps every other.
 */
export function checkPuzzle(
  data: unknown,
  file: string,
  { catalogue = true }: { catalogue?: boolean } = {},
): Violation[] {
  const violations: Violation[] = [];
  const report: Report = (field, message, rule, extra) =>
    violations.push({ file, field, message, ...(rule ? { rule } : {}), ...extra });

  checkShape(data, report);
  const puzzle = loosen(data);
  if (puzzle === null) return violations;

  if (catalogue) {
    checkId(puzzle.id, report);
    checkDate(puzzle.date, report);
  }
  checkTexts(puzzle, report);
  if (puzzle.words) checkWords(puzzle.words, report);
  if (puzzle.categories) checkCategories(puzzle.categories, puzzle.words, report);
  if (puzzle.words && puzzle.categories) {
    checkSpecialWord(puzzle.specialWord, puzzle.words, puzzle.categories, report);
    checkMembership(puzzle.specialWord, puzzle.words, puzzle.categories, report);
  }
  return violations;
}

/** checkPuzzle on every entry, then the rules that span files: names, unique ids and dates. */
export function checkCatalogue(entries: { file: string; data: unknown }[]): Violation[] {
  const violations: Violation[] = [];
  const fileById = new Map<string, string>();
  const fileByDate = new Map<string, string>();

  for (const { file, data } of entries) {
    violations.push(...checkPuzzle(data, file));
    const puzzle = loosen(data);
    const id = puzzle?.id;
    const date = puzzle?.date;

    if (id !== undefined) {
      const expected = `${id}.json`;
      if (baseName(file) !== expected) {
        violations.push({
          file,
          field: 'id',
          message: `file name must be ${expected} to match the id "${id}"`,
        });
      }
      const first = fileById.get(id);
      if (first === undefined) fileById.set(id, file);
      else violations.push({ file, field: 'id', message: `"${id}" is already the id of ${first}` });
    }
    if (date !== undefined) {
      const first = fileByDate.get(date);
      if (first === undefined) fileByDate.set(date, file);
      else
        violations.push({
          file,
          field: 'date',
          message: `${date} is already the date of ${first}`,
        });
    }
  }
  return violations;
}

/** A zod path as a reader writes it: `categories[2].words`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? ROOT_FIELD : out;
}

function checkShape(data: unknown, report: Report): void {
  const result = puzzleSchema.safeParse(data, { reportInput: true });
  if (result.success) return;
  for (const issue of result.error.issues) {
    report(formatPath(issue.path), describeIssue(issue));
  }
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const last = issue.path[issue.path.length - 1];
  switch (issue.code) {
    case 'invalid_type': {
      const expected = last === 'author' ? 'a string or null' : withArticle(issue.expected);
      return issue.input === undefined
        ? `is missing (expected ${expected})`
        : `must be ${expected}, not ${describeValue(issue.input)}`;
    }
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}, not ${describeValue(issue.input)}`;
    default:
      return issue.message;
  }
}

function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return typeof value;
}

function checkId(id: string | undefined, report: Report): void {
  if (id !== undefined && !PUZZLE_ID_PATTERN.test(id)) {
    report('id', `must be puzzle_N with N a whole number from 1 and no leading zero, not "${id}"`);
  }
}

function checkDate(date: string | undefined, report: Report): void {
  if (date !== undefined && !isIsoDate(date)) {
    report('date', `must be a real date written YYYY-MM-DD, not "${date}"`);
  }
}

function checkTexts(puzzle: LoosePuzzle, report: Report): void {
  if (puzzle.title !== undefined) {
    if (puzzle.title.trim() === '') report('title', 'must not be empty', 'empty');
    else checkText('title', puzzle.title, PUZZLE_SHAPE.maxTitleLength, report);
  }
  if (typeof puzzle.author === 'string') {
    if (puzzle.author.trim() === '') {
      report('author', 'must be a name, or null when there is none; not an empty string', 'empty');
    } else checkText('author', puzzle.author, PUZZLE_SHAPE.maxAuthorLength, report);
  }
}

/** A text's length and characters. */
function checkText(field: string, text: string, max: number, report: Report): void {
  if (text.length > max) {
    report(field, `is ${text.length} characters long; the limit is ${max}`, 'tooLong');
  }
  if (FORBIDDEN.test(text)) {
    report(field, 'must not hold < or > or invisible control characters', 'markup');
  }
}

function checkWords(words: string[], report: Report): void {
  if (words.length !== PUZZLE_SHAPE.words) {
    report('words', `must hold exactly ${PUZZLE_SHAPE.words} words, not ${words.length}`);
  }
  const firstIndex = new Map<string, number>();
  words.forEach((word, index) => {
    const field = `words[${index}]`;
    const key = normalise(word);
    if (key === '') {
      report(field, 'must not be empty', 'empty');
      return;
    }
    if (word !== word.trim()) report(field, `has spaces at the start or end: "${word}"`);
    checkText(field, word, PUZZLE_SHAPE.maxWordLength, report);
    const first = firstIndex.get(key);
    if (first === undefined) firstIndex.set(key, index);
    else
      report(field, `"${word}" repeats words[${first}] ("${words[first] ?? ''}")`, 'repeat', {
        repeats: first,
      });
  });
}

function checkCategories(
  categories: LooseCategory[],
  words: string[] | undefined,
  report: Report,
): void {
  if (categories.length !== PUZZLE_SHAPE.categories) {
    report(
      'categories',
      `must hold exactly ${PUZZLE_SHAPE.categories} categories, not ${categories.length}`,
    );
  }
  const nameIndex = new Map<string, number>();
  categories.forEach((category, index) => {
    const at = `categories[${index}]`;
    if (category.name !== undefined) {
      const key = normalise(category.name);
      const first = nameIndex.get(key);
      if (key === '') report(`${at}.name`, 'must not be empty', 'empty');
      else {
        checkText(`${at}.name`, category.name, PUZZLE_SHAPE.maxCategoryNameLength, report);
        if (first === undefined) nameIndex.set(key, index);
        else
          report(
            `${at}.name`,
            `"${category.name}" repeats the name of categories[${first}]`,
            'nameRepeat',
          );
      }
    }
    if (category.words === undefined) return;
    if (category.words.length !== PUZZLE_SHAPE.wordsPerCategory) {
      report(
        `${at}.words`,
        `must hold exactly ${PUZZLE_SHAPE.wordsPerCategory} words, not ${category.words.length}`,
      );
    }
    const seen = new Set<string>();
    category.words.forEach((word, wordIndex) => {
      const field = `${at}.words[${wordIndex}]`;
      if (seen.has(word)) report(field, `"${word}" appears twice in this category`);
      seen.add(word);
      if (words && !words.includes(word)) report(field, notAmongWords(word, words));
      if (category.name !== undefined && namesWord(category.name, word)) {
        report(
          field,
          `"${word}" is spelled out in its category's name "${category.name}"`,
          'namesWord',
          { word },
        );
      }
    });
  });
}

/** True when the name holds the word as a whole word (any case): a name must not give its answer away. */
function namesWord(name: string, word: string): boolean {
  const key = normalise(word);
  if (key === '') return false;
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(normalise(name));
}

function checkSpecialWord(
  specialWord: string | undefined,
  words: string[],
  categories: LooseCategory[],
  report: Report,
): void {
  if (specialWord === undefined) return;
  if (specialWord.trim() === '') {
    report('specialWord', 'must not be empty', 'empty');
    return;
  }
  if (!words.includes(specialWord)) report('specialWord', notAmongWords(specialWord, words));
  categories.forEach((category, index) => {
    if (category.words && !category.words.includes(specialWord)) {
      report(
        `categories[${index}].words`,
        `must include the special word "${specialWord}" (it belongs to all ${PUZZLE_SHAPE.categories} categories)`,
      );
    }
  });
}

/** Every word but the special one sits in exactly one category. */
function checkMembership(
  specialWord: string | undefined,
  words: string[],
  categories: LooseCategory[],
  report: Report,
): void {
  words.forEach((word, index) => {
    if (word === specialWord || word.trim() === '') return;
    const homes = categories.flatMap((category, categoryIndex) =>
      category.words?.includes(word) ? [`categories[${categoryIndex}]`] : [],
    );
    if (homes.length === 0) {
      report(
        `words[${index}]`,
        `"${word}" is in no category; every word but the special word belongs to exactly one`,
      );
    } else if (homes.length > 1) {
      report(
        `words[${index}]`,
        `"${word}" is in ${homes.length} categories (${homes.join(', ')}); every word but the special word belongs to exactly one`,
        'twoHomes',
        { word },
      );
    }
  });
}

function notAmongWords(word: string, words: string[]): string {
  const near = words.find((candidate) => normalise(candidate) === normalise(word));
  const hint = near === undefined ? '' : ` (did you mean "${near}"?)`;
  return `"${word}" is not among the puzzle's words${hint}`;
}

const normalise = normaliseWord;

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function loosen(data: unknown): LoosePuzzle | null {
  if (!isRecord(data)) return null;
  const author = data.author === null ? null : asString(data.author);
  return {
    id: asString(data.id),
    date: asString(data.date),
    author,
    title: asString(data.title),
    specialWord: asString(data.specialWord),
    words: asStrings(data.words),
    categories: asArray(data.categories)?.map((category) =>
      isRecord(category)
        ? { name: asString(category.name), words: asStrings(category.words) }
        : { name: undefined, words: undefined },
    ),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function asArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? (value as unknown[]) : undefined;
}

function asStrings(value: unknown): string[] | undefined {
  const items = asArray(value);
  return items?.every((item): item is string => typeof item === 'string') ? items : undefined;
}
