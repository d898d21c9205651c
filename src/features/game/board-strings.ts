/** The board's own words beyond the shell's (src/strings.ts): with the game's code, not the first load. */
export const BOARD_STRINGS = {
  wordsLabel: 'Words',
  groupsLabel: 'Groups',
  triesLabel: 'Your tries',
  aboutModes: 'About the modes',
  noFeedbackHard: 'No feedback in Hard mode: trust your instincts.',
  modeLabel: (difficulty: string) => `${difficulty} Mode`,
  tryCounter: (x: number, y: number) => `Try ${x} of ${y}`,
  clearAll: 'Clear All',
  submit: 'Submit',
  share: 'Share',
  backToHome: 'Back to Home',
  archive: 'Archive',
  category: (n: number) => `Category ${n}`,
  solutionTitle: 'Puzzle Solution',
  specialSentence: (word: string) => `The special word "${word}" belongs to all four categories.`,
  wonTitle: 'Solved!',
  wonText: (tries: number) =>
    `You found all four groups in ${tries} ${tries === 1 ? 'try' : 'tries'}.`,
  lostTitle: 'Out of tries',
  lostText: 'Here is how the words fit together. A new puzzle arrives at midnight UTC.',
  comingSoon: 'Coming Soon',
  dragDropText:
    'Drag and Drop mode is on its way. Until then, play in Legacy Mode: pick a colour, then tap words.',
  switchToLegacy: 'Switch to Legacy Mode',
  // One text for every unknown id: the server renders this page once for them all (core/routes.ts).
  puzzleNotFound:
    'There is no puzzle at this address. It may not be out yet, or the link may be mistyped.',
  /** When the device's storage is full (src/lib/player-data/storage.ts `writeRecord`). */
  notKept:
    "This game is finished, but it was not kept: this browser's storage for the site is full. It will not count in your statistics.",
  /** Beside a circle's count when its group holds more than three words ("4/3 over"). */
  groupOver: 'over',
};
