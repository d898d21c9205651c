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
 * What "Sort the words into 4 groups of 3 words each" adds: each group holding more or fewer than
 * three words, by the groups' sizes ("Group 1 has 4 words.").
 */
export function groupSizeProblems(groups: readonly (readonly unknown[])[]): string[] {
  return groups.flatMap((words, index) =>
    words.length === 3
      ? []
      : [`Group ${index + 1} has ${words.length} ${words.length === 1 ? 'word' : 'words'}.`],
  );
}
