import type { Difficulty } from '../difficulties';

/**
 * What each difficulty means, as the settings and How to Play say it. Apart from
 * DIFFICULTY_SETTINGS (core/game/difficulty.ts), which the first load's code reads: only the pages
 * that show these texts carry them.
 */
export const DIFFICULTY_DESCRIPTIONS: Record<Difficulty, string> = {
  easy: 'The special word is shown in the centre, already in all four groups. After each submission you see how many words of each group are right.',
  normal:
    'The special word is hidden: find the one word that belongs to all four groups. After each submission, coloured bars show how close each group is.',
  hard: 'The special word is hidden and no feedback is given until the game ends.',
};
