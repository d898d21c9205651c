/** Visible text of /play#…, a puzzle a player made, opened from its link. */
export const CUSTOM_GAME_STRINGS = {
  openingPuzzle: 'Opening the puzzle…',
  damagedLink: 'This puzzle link is damaged.',
  damagedLinkText:
    'Part of it may be missing or changed, so the puzzle cannot be opened. Ask for the link again, or make a puzzle of your own.',
  makeYourOwn: 'Make your own puzzle',
} as const;
