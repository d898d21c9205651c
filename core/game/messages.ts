/**
 * Every message the game engine can show a player, by its code. The engine's notices carry the
 * code; the UI shows the text and decides by the code, never by comparing text.
 */
export const MESSAGES = {
  incompleteGrouping: 'Sort the words into 4 groups of 3 words each',
  repeatedGrouping: 'You already tried this grouping. Change a word or two, then submit again.',
  chooseColourFirst: 'Pick a colour circle first, then tap the words that belong to that group.',
  specialWordLocked: 'In Easy mode the special word stays in all four groups.',
  difficultyLocked: 'Difficulty cannot be changed during an active game.',
} as const;

export type MessageCode = keyof typeof MESSAGES;

/**
 * What "Sort the words into 4 groups of 3 words each" adds: the groups holding more or fewer than
 * three words, by the groups' sizes, those of one size together ("Group 1 has 4 words.", "Groups 2,
 * 3 and 4 have 0 words.").
 */
export function groupSizeProblems(groups: readonly (readonly unknown[])[]): string[] {
  const bySize = new Map<number, number[]>();
  groups.forEach((words, index) => {
    if (words.length !== 3)
      bySize.set(words.length, [...(bySize.get(words.length) ?? []), index + 1]);
  });
  return [...bySize].map(([size, numbers]) => {
    const wordCount = `${size} ${size === 1 ? 'word' : 'words'}`;
    if (numbers.length === 1) return `Group ${numbers[0]} has ${wordCount}.`;
    const list = `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
    return `Groups ${list} have ${wordCount}.`;
  });
}
