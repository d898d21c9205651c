/** How to Play's own text (the rules themselves are in how-to-play-text.tsx). */
export const HOW_TO_PLAY_STRINGS = {
  title: 'How to Play',
  chooseDifficulty: 'Choose your difficulty',
} as const;
