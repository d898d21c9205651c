import { addDays, dateToMs } from './dates';
import { puzzleNumber, type Puzzle } from './puzzle';
import { puzzleSchema } from './puzzle-schema';
import { checkCatalogue, type Violation } from './puzzle-check';
import { normaliseWord } from './words';

/** Where a rule about the whole catalogue, not one file, reports. */
export const CATALOGUE_FILE = '(catalogue)';

/** Two puzzles may share at most this many words. */
export const MAX_SHARED_WORDS = 3;

/** The dates the catalogue must cover (docs/puzzle-authoring.md). */
export interface Schedule {
  /** Every date from `from` through `to` has exactly one puzzle. */
  daily: { from: string; to: string };
  /** At least `atLeast` puzzles are dated from `from` through `to`: the archive's history. */
  history: { from: string; to: string; atLeast: number };
}

export const CATALOGUE_SCHEDULE: Schedule = {
  daily: { from: '2026-11-01', to: '2028-02-29' },
  history: { from: '2025-04-07', to: '2025-10-30', atLeast: 100 },
};

interface Entry {
  file: string;
  puzzle: Puzzle;
}

const normalise = normaliseWord;

/** The entries whose shape is valid (checkPuzzle reports the others). */
export function parsedEntries(entries: readonly { file: string; data: unknown }[]): Entry[] {
  return entries.flatMap(({ file, data }) => {
    const parsed = puzzleSchema.safeParse(data);
    return parsed.success ? [{ file, puzzle: parsed.data }] : [];
  });
}

/** The id a file gives itself, even when the rest of it is broken (its own check says how). */
function idOf(data: unknown): string | null {
  const id: unknown =
    typeof data === 'object' && data !== null ? Reflect.get(data, 'id') : undefined;
  return typeof id === 'string' ? id : null;
}

/** Ids run puzzle_1 … puzzle_N with no gap (a broken file still holds its number). */
function checkIdSequence(entries: readonly { data: unknown }[]): Violation[] {
  const numbers = new Set(
    entries.map((e) => puzzleNumber(idOf(e.data) ?? '')).filter((n) => n !== null),
  );
  const highest = Math.max(0, ...numbers);
  const missing: number[] = [];
  for (let n = 1; n <= highest; n += 1) if (!numbers.has(n)) missing.push(n);
  if (missing.length === 0) return [];
  const list = missing.map((n) => `puzzle_${n}`).join(', ');
  return [
    {
      file: CATALOGUE_FILE,
      field: 'id',
      message: `ids must run from puzzle_1 to puzzle_${highest} without a gap; missing: ${list}`,
    },
  ];
}

/**
 * No two puzzles have the same value of `field` (compared as words are): the special word (each
 * puzzle's own linchpin) and the title (the archive would list two the same).
 */
function checkUnique(
  entries: readonly Entry[],
  field: 'specialWord' | 'title',
  what: string,
): Violation[] {
  const firstFile = new Map<string, string>();
  const violations: Violation[] = [];
  for (const { file, puzzle } of entries) {
    const key = normalise(puzzle[field]);
    const first = firstFile.get(key);
    if (first === undefined) firstFile.set(key, file);
    else
      violations.push({
        file,
        field,
        message: `"${puzzle[field]}" is already the ${what} of ${first}`,
      });
  }
  return violations;
}

/** No two puzzles share more than MAX_SHARED_WORDS words. */
function checkOverlap(entries: readonly Entry[]): Violation[] {
  const sets = entries.map((e) => new Set(e.puzzle.words.map(normalise)));
  const violations: Violation[] = [];
  entries.forEach((entry, i) => {
    for (let j = 0; j < i; j += 1) {
      const shared = entry.puzzle.words.filter((word) => sets[j]?.has(normalise(word)));
      if (shared.length > MAX_SHARED_WORDS) {
        violations.push({
          file: entry.file,
          field: 'words',
          message: `shares ${shared.length} words with ${entries[j]?.file ?? '?'} (${shared.join(', ')}); at most ${MAX_SHARED_WORDS} may be shared`,
        });
      }
    }
  });
  return violations;
}

/** The rules that span the catalogue's files, whatever its dates. */
export function checkCatalogueContent(
  entries: readonly { file: string; data: unknown }[],
): Violation[] {
  const parsed = parsedEntries(entries);
  return [
    ...checkIdSequence(entries),
    ...checkUnique(parsed, 'specialWord', 'special word'),
    ...checkUnique(parsed, 'title', 'title'),
    ...checkOverlap(parsed),
  ];
}

/** Every daily date has a puzzle, and the archive's history is long enough. */
export function checkSchedule(
  entries: readonly { file: string; data: unknown }[],
  schedule: Schedule = CATALOGUE_SCHEDULE,
): Violation[] {
  const dates = new Set(parsedEntries(entries).map((e) => e.puzzle.date));
  const violations: Violation[] = [];
  const { daily, history } = schedule;
  const missing: string[] = [];
  for (let date = daily.from; dateToMs(date) <= dateToMs(daily.to); date = addDays(date, 1)) {
    if (!dates.has(date)) missing.push(date);
  }
  if (missing.length > 0) {
    violations.push({
      file: CATALOGUE_FILE,
      field: 'date',
      message: `every date from ${daily.from} through ${daily.to} needs a puzzle; ${missing.length} have none: ${missing.join(', ')}`,
    });
  }
  const inHistory = [...dates].filter((date) => date >= history.from && date <= history.to).length;
  if (inHistory < history.atLeast) {
    violations.push({
      file: CATALOGUE_FILE,
      field: 'date',
      message: `${inHistory} puzzles are dated ${history.from} through ${history.to}; the archive needs at least ${history.atLeast}`,
    });
  }
  return violations;
}

export interface CatalogueCheckOptions {
  /** The rules that span files: ids without gaps, unique special words, word overlap. */
  content?: boolean;
  /** The dates the catalogue must cover (CATALOGUE_SCHEDULE). */
  schedule?: boolean;
}

/**
 * The one catalogue check: every file's own rules, ids and dates unique, and (unless turned off)
 * the rules across files and the schedule. `npm run puzzles:check`, the build and the owner's
 * import all call it, so what one accepts the others accept.
 */
export function checkCatalogueFiles(
  entries: readonly { file: string; data: unknown }[],
  options: CatalogueCheckOptions = { content: true, schedule: true },
): Violation[] {
  const order = new Map(entries.map((entry, index) => [entry.file, index]));
  return [
    ...checkCatalogue([...entries]),
    ...(options.content ? checkCatalogueContent(entries) : []),
    ...(options.schedule ? checkSchedule(entries) : []),
  ].sort((a, b) => (order.get(a.file) ?? -1) - (order.get(b.file) ?? -1));
}
