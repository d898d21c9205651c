/**
 * The fields of a puzzle a player makes (/create): a title, an optional name, the special word,
 * and four categories of a name and the two words each has besides the special word. Only names
 * and types here (no checking code), so the stored-record schemas can name the fields without
 * loading the catalogue's check; core/custom-puzzle.ts checks a draft and turns it into a puzzle.
 */

export const CATEGORY_NUMBERS = [1, 2, 3, 4] as const;
export type CategoryNumber = (typeof CATEGORY_NUMBERS)[number];
/** The two words a category has besides the special word. */
export const OWN_WORD_NUMBERS = [1, 2] as const;
export type OwnWordNumber = (typeof OWN_WORD_NUMBERS)[number];

export type DraftField =
  | 'title'
  | 'author'
  | 'specialWord'
  | `category${CategoryNumber}_name`
  | `category${CategoryNumber}_word${OwnWordNumber}`;

/** What the builder's fields hold, as typed. */
export type PuzzleDraft = Readonly<Record<DraftField, string>>;

/** Every field in the order the builder shows them (and a puzzle link lists them). */
export const DRAFT_FIELDS: readonly DraftField[] = [
  'title',
  'author',
  'specialWord',
  ...CATEGORY_NUMBERS.flatMap((n) => [
    `category${n}_name` as const,
    ...OWN_WORD_NUMBERS.map((m) => `category${n}_word${m}` as const),
  ]),
];

export const EMPTY_DRAFT: PuzzleDraft = Object.fromEntries(
  DRAFT_FIELDS.map((field) => [field, '']),
) as Record<DraftField, string>;

export const isBlankDraft = (draft: PuzzleDraft): boolean =>
  DRAFT_FIELDS.every((field) => draft[field].trim() === '');
