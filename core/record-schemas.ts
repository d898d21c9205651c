import { isIsoDate } from './dates';
import { MAX_TRIES } from './game/difficulty';
import { PUZZLE_ID_PATTERN } from './puzzle';
import { DIFFICULTIES } from './difficulties';
import { CATEGORY_COUNT } from './game/engine';
import { DRAFT_FIELDS, type PuzzleDraft } from './puzzle-draft';

/**
 * The shape of every stored value. A value that does not match is treated as absent: a missing,
 * malformed or hand-edited record never breaks a page (docs/product-decisions.md).
 *
 * These are small typed schemas rather than zod/mini: core/puzzle.ts imports zod, so the bundler
 * keeps any zod code the browser uses in the first visit's shared chunk, even when only a lazy
 * module uses it (measured: +6.5 KB gzip, past the 85 KB budget). See docs/decisions.md.
 */

/** Checks an unknown value: the value (a clean copy for objects), or undefined when it fails. */
export type Schema<T> = (value: unknown) => T | undefined;
export type Infer<S> = S extends Schema<infer T> ? T : never;

export const string =
  (test: (text: string) => boolean = () => true): Schema<string> =>
  (value) =>
    typeof value === 'string' && test(value) ? value : undefined;

/** A whole number from `min` to `max`. */
export const int =
  (min: number, max = Number.MAX_SAFE_INTEGER): Schema<number> =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max
      ? (value as number)
      : undefined;

export const boolean: Schema<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);

export const literal =
  <const T extends string | number | boolean>(expected: T): Schema<T> =>
  (value) =>
    value === expected ? expected : undefined;

export const oneOf =
  <const T extends string>(...allowed: T[]): Schema<T> =>
  (value) =>
    allowed.find((item) => item === value);

export const nullable =
  <T>(schema: Schema<T>): Schema<T | null> =>
  (value) =>
    value === null ? null : schema(value);

/** A plain object with exactly these fields checked; other fields are dropped. */
export const object =
  <S extends Record<string, Schema<unknown>>>(shape: S): Schema<{ [K in keyof S]: Infer<S[K]> }> =>
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const out: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(shape)) {
      const field = schema((value as Record<string, unknown>)[key]);
      if (field === undefined) return undefined;
      out[key] = field;
    }
    return out as { [K in keyof S]: Infer<S[K]> };
  };

/** A list keeps its good entries: one bad entry does not cost the player the rest. */
export const list =
  <T>(entry: Schema<T>): Schema<T[]> =>
  (value) =>
    Array.isArray(value)
      ? value.map(entry).filter((item): item is T => item !== undefined)
      : undefined;

/** A field that may be missing: then it takes `fallback` (records written before it existed). */
export const withDefault =
  <T>(schema: Schema<T>, fallback: T): Schema<T> =>
  (value) =>
    value === undefined ? fallback : schema(value);

/** A list whose every entry must pass (unlike `list`, one bad entry fails the whole). */
export const tuple =
  <T>(entry: Schema<T>, length?: { min: number; max: number }): Schema<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return undefined;
    if (length && (value.length < length.min || value.length > length.max)) return undefined;
    const out = value.map(entry);
    return out.every((item) => item !== undefined) ? out : undefined;
  };

/** A schema with a further rule across fields. */
export const refine =
  <T>(schema: Schema<T>, rule: (value: T) => boolean): Schema<T> =>
  (value) => {
    const parsed = schema(value);
    return parsed !== undefined && rule(parsed) ? parsed : undefined;
  };

/** JSON text to a value; undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isoDate = string(isIsoDate);
const puzzleId = string((id) => PUZZLE_ID_PATTERN.test(id));
const tries = int(1, MAX_TRIES);
const score = int(0, MAX_TRIES);

const circle = int(0, CATEGORY_COUNT - 1);
const tilePosition = int(0, 8);
/** Loose enough for any puzzle; restoreGame checks a record against its puzzle. */
const savedGame = object({
  puzzleId,
  playedOn: isoDate,
  daily: boolean,
  difficulty: oneOf(...DIFFICULTIES),
  words: tuple(string(), { min: 9, max: 9 }),
  colorOrder: tuple(circle, { min: CATEGORY_COUNT, max: CATEGORY_COUNT }),
  groups: tuple(tuple(circle, { min: 0, max: CATEGORY_COUNT }), { min: 9, max: 9 }),
  activeCategory: nullable(circle),
  submissions: tuple(
    tuple(tuple(tilePosition, { min: 3, max: 3 }), { min: CATEGORY_COUNT, max: CATEGORY_COUNT }),
    { min: 0, max: MAX_TRIES },
  ),
});

const finishedGame = object({ date: isoDate, id: puzzleId, attempts: tries, won: boolean });

export const SCHEMAS = {
  randomDaily: object({ puzzleId, date: isoDate, isRandom: literal(true) }),
  usedRandom: list(puzzleId),
  // `won` came later: a record without it is from a win.
  daily: object({
    completed: literal(true),
    won: withDefault(boolean, true),
    date: isoDate,
    score,
    attempts: tries,
  }),
  completion: object({
    completed: literal(true),
    won: withDefault(boolean, true),
    date: isoDate,
    puzzleId,
    score,
    attempts: tries,
  }),
  stats: refine(
    object({ currentStreak: int(0), maxStreak: int(0), lastPlayedDate: nullable(isoDate) }),
    (stats) => stats.maxStreak >= stats.currentStreak,
  ),
  // `daily` came later, and is written only when true.
  history: list((value: unknown) => {
    const game = finishedGame(value);
    if (!game) return undefined;
    return (value as { daily?: unknown }).daily === true ? { ...game, daily: true as const } : game;
  }),
  /** Games in progress: a bad record is dropped, the others kept. */
  games: list(savedGame),
  /** A puzzle being made: every field a string (the builder checks the words themselves). */
  draft: object(
    Object.fromEntries(DRAFT_FIELDS.map((field) => [field, string((text) => text.length <= 200)])),
  ) as Schema<PuzzleDraft>,
  /** A localStorage record with the UTC day it expires (365 days after its last write). */
  envelope: object({ expires: isoDate, value: (value: unknown) => value }),
};
