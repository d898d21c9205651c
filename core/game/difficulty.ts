import type { Difficulty } from '../difficulties';

export interface DifficultySettings {
  label: string;
  /** The special word is placed on the centre tile, already in all four groups. */
  showSpecialWord: boolean;
  /** Feedback names how many words of each group are right (easy only). */
  showDetailedFeedback: boolean;
  /** Any feedback at all after a submission (none in hard). */
  showFeedback: boolean;
  /** The Y of "Try X of Y"; lives start here and drop by one per wrong submission. */
  maxTries: number;
}

export const DIFFICULTY_SETTINGS: Record<Difficulty, DifficultySettings> = {
  easy: {
    label: 'Easy',
    showSpecialWord: true,
    showDetailedFeedback: true,
    showFeedback: true,
    maxTries: 8,
  },
  normal: {
    label: 'Normal',
    showSpecialWord: false,
    showDetailedFeedback: false,
    showFeedback: true,
    maxTries: 6,
  },
  hard: {
    label: 'Hard',
    showSpecialWord: false,
    showDetailedFeedback: false,
    showFeedback: false,
    maxTries: 5,
  },
};

/** The largest try limit of any difficulty: the guess distribution has one bar per try up to it. */
export const MAX_TRIES = Math.max(...Object.values(DIFFICULTY_SETTINGS).map((s) => s.maxTries));

/** Difficulties a player may choose; hard exists only as a catalogue label. */
export const CHOOSABLE_DIFFICULTIES = ['easy', 'normal'] as const;
export const DEFAULT_DIFFICULTY: Difficulty = 'normal';

export function isDifficulty(value: unknown): value is Difficulty {
  return value === 'easy' || value === 'normal' || value === 'hard';
}
