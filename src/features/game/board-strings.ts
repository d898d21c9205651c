/** The board's own words beyond the shell's (src/strings.ts): with the game's code, not the first load. */
export const BOARD_STRINGS = {
  /** Beside a circle's count when its group holds more than three words ("4/3 over"). */
  groupOver: 'over',
};
