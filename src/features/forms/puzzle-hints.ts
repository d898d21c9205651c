import type { PuzzleSubmissionField } from '../../../core/forms';
import { FORM_STRINGS } from './form-strings';
import { normaliseWord } from '../../../core/words';
import { CATEGORY_NUMBERS, type CategoryNumber } from '../../../core/puzzle-draft';

/**
 * Gentle hints while a puzzle is typed (never a block): a category without the special word, and a
 * word used more than once. Words compare trimmed and case-insensitively.
 */
const WORD_NUMBERS = [1, 2, 3] as const;

type Values = Readonly<Partial<Record<PuzzleSubmissionField, string>>>;

const normal = (word: string | undefined) => normaliseWord(word ?? '');

export function categoryWords(values: Values, n: CategoryNumber): string[] {
  return WORD_NUMBERS.map((m) => (values[`category${n}_word${m}`] ?? '').trim());
}

/** The special word as typed, or word 1 of category 1 when it is left blank. */
export function specialWordOf(values: Values): string {
  return (values.specialWord ?? '').trim() || (values.category1_word1 ?? '').trim();
}

export function puzzleHints(values: Values): Record<CategoryNumber, string[]> {
  const special = specialWordOf(values);
  const key = normal(special);
  const hints: Record<CategoryNumber, string[]> = { 1: [], 2: [], 3: [], 4: [] };

  // Where each word (other than the special one) appears: category numbers, one per use.
  const uses = new Map<string, { word: string; categories: CategoryNumber[] }>();
  for (const n of CATEGORY_NUMBERS) {
    for (const word of categoryWords(values, n)) {
      const wordKey = normal(word);
      if (wordKey === '') continue;
      if (wordKey === key) continue;
      const entry = uses.get(wordKey) ?? { word, categories: [] };
      entry.categories.push(n);
      uses.set(wordKey, entry);
    }
  }

  for (const n of CATEGORY_NUMBERS) {
    const words = categoryWords(values, n).map(normal);
    const filled = words.filter((word) => word !== '').length;
    // Only once the category is complete: half-typed groups are not nagged.
    if (key !== '' && filled === words.length && !words.includes(key)) {
      hints[n].push(FORM_STRINGS.hintMissingSpecial(n, special));
    }
    const specialTwice = words.filter((word) => word === key).length > 1;
    if (key !== '' && specialTwice) hints[n].push(FORM_STRINGS.hintSpecialTwice(special));
  }
  for (const { word, categories } of uses.values()) {
    if (categories.length < 2) continue;
    for (const n of new Set(categories)) hints[n].push(FORM_STRINGS.hintRepeat(word));
  }
  return hints;
}
