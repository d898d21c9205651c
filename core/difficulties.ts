/** The difficulty a puzzle is marked with (docs/spec.md §1); players choose only easy or normal. */
export const DIFFICULTIES = ['easy', 'normal', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
