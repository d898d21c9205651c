import type { PuzzleCategory } from '../puzzle';
import { normaliseWord } from '../words';

export interface CategoryResult {
  /** The player's group (0-3, the colour circle). */
  categoryId: number;
  /** Words of this group that belong to the true category it was matched with (0-3). */
  correctCount: number;
  /** Exactly three words, all of one true category. */
  isFullyCorrect: boolean;
  /** Index of the true category this group was matched with (-1 when there is none). */
  trueCategory: number;
  /** Name of the matched true category (shown only once the game is over). */
  name: string;
}

export type FeedbackLevel = 'correct' | 'close' | 'far' | 'none';

/** docs/spec.md §4: 3 of 3 green, 2 of 3 yellow, 1 of 3 light yellow, 0 of 3 red. */
export function feedbackLevel(correctCount: number): FeedbackLevel {
  if (correctCount >= 3) return 'correct';
  if (correctCount === 2) return 'close';
  if (correctCount === 1) return 'far';
  return 'none';
}

const normalise = normaliseWord;

function overlap(group: readonly string[], category: PuzzleCategory): number {
  const truth = new Set(category.words.map(normalise));
  return group.filter((word) => truth.has(normalise(word))).length;
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((rest) =>
    Array.from({ length: n }, (_, i) => [...rest.slice(0, i), n - 1, ...rest.slice(i)]),
  );
}

/**
 * Scores the player's four groups (each a list of words) against the puzzle's true categories.
 *
 * Each group is matched with the true category it fits best (the special word fits all). The
 * matching is one-to-one, so four copies of one correct group cannot win: among the matchings with
 * the most correct words in total, the one with the most fully-correct groups is used. Whenever the
 * player's groups do not repeat words, this gives every group its own best fit, as docs/spec.md §4 asks.
 */
export function scoreGroups(
  groups: readonly (readonly string[])[],
  categories: readonly PuzzleCategory[],
): CategoryResult[] {
  const counts = groups.map((group) => categories.map((category) => overlap(group, category)));
  const size = Math.max(groups.length, categories.length);
  let best: number[] = [];
  let bestTotal = -1;
  let bestFull = -1;
  for (const perm of permutations(size)) {
    let total = 0;
    let full = 0;
    groups.forEach((group, g) => {
      const count = counts[g]?.[perm[g] ?? -1] ?? 0;
      total += count;
      if (count === 3 && group.length === 3) full += 1;
    });
    if (total > bestTotal || (total === bestTotal && full > bestFull)) {
      best = perm;
      bestTotal = total;
      bestFull = full;
    }
  }
  return groups.map((group, g) => {
    const matched = best[g] ?? -1;
    const correctCount = counts[g]?.[matched] ?? 0;
    return {
      categoryId: g,
      correctCount,
      isFullyCorrect: group.length === 3 && correctCount === 3,
      trueCategory: categories[matched] ? matched : -1,
      name: categories[matched]?.name ?? '',
    };
  });
}
