import type { Puzzle } from './puzzle';
import { checkPuzzle, PUZZLE_SHAPE, type Violation } from './puzzle-check';
import {
  CATEGORY_NUMBERS,
  OWN_WORD_NUMBERS,
  type CategoryNumber,
  type DraftField,
  type OwnWordNumber,
  type PuzzleDraft,
} from './puzzle-draft';

/**
 * A puzzle a player makes (/create) and shares by link (/play#…): the special word, a title, an
 * optional name, and four categories of a name and two more words each. It is checked by the
 * catalogue's own rules (core/puzzle-check.ts `checkPuzzle`, the check `npm run puzzles:check`
 * runs), without the catalogue's id and date, and each problem is worded for the field it is about.
 */

/** The longest each field may be: the catalogue's limits. */
export function maxLengthOf(field: DraftField): number {
  if (field === 'title') return PUZZLE_SHAPE.maxTitleLength;
  if (field === 'author') return PUZZLE_SHAPE.maxAuthorLength;
  if (field.endsWith('_name')) return PUZZLE_SHAPE.maxCategoryNameLength;
  return PUZZLE_SHAPE.maxWordLength;
}

/** The id a player's puzzle plays under: never a catalogue id, so it is never recorded as one. */
export const CUSTOM_ID_PREFIX = 'custom';

/** The puzzle a draft makes: words trimmed, the special word first in every category. */
export function draftToPuzzle(draft: PuzzleDraft, at: { id: string; date: string }): Puzzle {
  const text = (field: DraftField) => draft[field].trim();
  const special = text('specialWord');
  const categories = CATEGORY_NUMBERS.map((n) => ({
    name: text(`category${n}_name`),
    words: [special, ...OWN_WORD_NUMBERS.map((m) => text(`category${n}_word${m}`))],
  }));
  return {
    id: at.id,
    date: at.date,
    title: text('title'),
    author: text('author') || null,
    difficulty: 'normal',
    specialWord: special,
    words: [special, ...categories.flatMap((category) => category.words.slice(1))],
    categories,
  };
}

/** The builder field a catalogue field path points at (see draftToPuzzle's order). */
function fieldOf(violation: Violation): DraftField {
  const { field } = violation;
  if (field === 'author') return 'author';
  if (field === 'specialWord') return 'specialWord';
  const word = /^words\[(\d+)\]$/.exec(field);
  if (word) return wordField(Number(word[1]));
  const category = /^categories\[(\d)\](?:\.words\[(\d)\])?/.exec(field);
  if (category) {
    const n = (Number(category[1]) + 1) as CategoryNumber;
    const index = category[2] === undefined ? null : Number(category[2]);
    // A name that spells out one of its words is the name's to change.
    if (index === null || index === 0 || violation.rule === 'namesWord') return `category${n}_name`;
    return `category${n}_word${index as OwnWordNumber}`;
  }
  return 'title';
}

/** words[0] is the special word; then two words a category, in order. */
function wordField(index: number): DraftField {
  if (index === 0) return 'specialWord';
  const n = (Math.floor((index - 1) / 2) + 1) as CategoryNumber;
  const m = (((index - 1) % 2) + 1) as OwnWordNumber;
  return `category${n}_word${m}`;
}

/** What a field is, inside a sentence ("word 2 of category 3"). */
function fieldName(field: DraftField): string {
  const category = /^category(\d)_(name|word(\d))$/.exec(field);
  if (category) {
    return category[2] === 'name'
      ? `the name of category ${category[1]}`
      : `word ${category[3]} of category ${category[1]}`;
  }
  return field === 'title' ? 'the title' : field === 'author' ? 'your name' : 'the special word';
}

function emptyMessage(field: DraftField): string {
  if (field === 'title') return 'Please give your puzzle a title.';
  if (field === 'specialWord') return 'Please enter the special word.';
  const category = /^category(\d)_(name|word(\d))$/.exec(field);
  if (category?.[2] === 'name') return `Please name category ${category[1]}.`;
  return `Please enter ${fieldName(field)}.`;
}

/** One violation, in words for the person typing. */
function messageOf(violation: Violation, field: DraftField, puzzle: Puzzle): string {
  switch (violation.rule) {
    case 'empty':
      return emptyMessage(field);
    case 'tooLong':
      return `Please keep ${fieldName(field)} to ${maxLengthOf(field)} characters or fewer.`;
    case 'markup':
      return `Please remove the < and > signs and any invisible characters from ${fieldName(field)}.`;
    case 'repeat':
      return violation.repeats === 0
        ? 'This is the special word, which already joins every category: use another word here.'
        : `"${puzzle.words[violation.repeats ?? 0] ?? ''}" is already used: all nine words must be different.`;
    case 'twoHomes':
      return `"${violation.word ?? ''}" is used more than once: all nine words must be different.`;
    case 'nameRepeat':
      return 'Another category already has this name.';
    case 'namesWord':
      return `This name gives away "${violation.word ?? ''}": name the category without its words.`;
    default:
      return `Please check ${fieldName(field)}: every word but the special word belongs to exactly one category.`;
  }
}

export type DraftProblems = Partial<Record<DraftField, string>>;

/**
 * The draft's problems, one message a field (the first rule it breaks), by the catalogue's check.
 * Empty fields are problems too: the builder shows those only once the field was left or a
 * button was pressed.
 */
export function checkDraft(draft: PuzzleDraft): DraftProblems {
  const puzzle = draftToPuzzle(draft, { id: CUSTOM_ID_PREFIX, date: '' });
  const problems: DraftProblems = {};
  const violations = checkPuzzle(puzzle, 'draft', { catalogue: false });
  // A rule's own message first; a field's other violations follow from the same mistake.
  const ordered = [
    ...violations.filter((violation) => violation.rule),
    ...violations.filter((violation) => !violation.rule),
  ];
  for (const violation of ordered) {
    const field = fieldOf(violation);
    problems[field] ??= messageOf(violation, field, puzzle);
  }
  return problems;
}

export const hasProblems = (problems: DraftProblems): boolean =>
  Object.values(problems).some((message) => message !== undefined);
