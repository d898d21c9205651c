import { ERROR_TITLE, GO_HOME } from '../core/error-texts';

/** Visible text of the app, in one place. Engine messages live in core/game/messages.ts. */
export const STRINGS = {
  appName: 'Linchpin',
  // Links to the pages, by the name the menu and the footer give them.
  linkHome: 'Home',
  linkAbout: 'About',
  linkSubmitPuzzle: 'Submit a Puzzle',
  linkCreate: 'Make a Puzzle',
  linkContact: 'Contact',
  linkArchive: 'Archive',
  linkTwodle: 'Twodle',
  linkTerms: 'Terms',
  linkPrivacy: 'Privacy',
  // The header's buttons and landmarks.
  menu: 'Menu',
  siteNav: 'Site',
  footerNav: 'Footer',
  howToPlay: 'How to Play',
  statistics: 'Statistics',
  authorsNote: "Author's note",
  close: 'Close',
  cookieSettings: 'Cookie settings',
  copyright: '© 2025–2026 Linchpin. Made with care for word lovers.',
  // Home.
  noteKicker: 'A note from the author',
  noteTeaser: 'Linchpin is back, and could use a hand. Read the note →',
  homeLinksLabel: 'Get started',
  homeHowToPlay: 'How to play',
  // The board.
  wordsLabel: 'Words',
  groupsLabel: 'Groups',
  triesLabel: 'Your tries',
  aboutModes: 'About the modes',
  noFeedbackHard: 'No feedback in Hard mode: trust your instincts.',
  homeLinkName: 'Linchpin home',
  tagline: 'Connect words, find patterns, solve puzzles.',
  strapline: 'The daily puzzle where one word holds four groups together.',
  playToday: "Play Today's Puzzle",
  randomPuzzle: 'Random Puzzle',
  newPuzzleIn: 'New puzzle in:',
  // One short line on today's card (it has a line of room, so nothing moves when it fills in).
  todaySolved: (tries: number) => `Solved in ${tries} ${tries === 1 ? 'try' : 'tries'}.`,
  todayLost: 'Not solved today.',
  todayUnderway: (x: number, y: number) => `In progress: try ${x} of ${y}.`,
  version: (v: string) => `Version ${v}`,
  puzzleNumber: (n: number) => `Puzzle #${n}`,
  by: (author: string) => `By ${author}`,
  modeLabel: (difficulty: string) => `${difficulty} Mode`,
  tryCounter: (x: number, y: number) => `Try ${x} of ${y}`,
  clearAll: 'Clear All',
  submit: 'Submit',
  share: 'Share',
  backToHome: 'Back to Home',
  archive: 'Archive',
  settings: 'Settings',
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
  errorTitle: ERROR_TITLE,
  goHome: GO_HOME,
  noPuzzleToday: 'There is no puzzle to play yet. Please come back soon.',
  // One text for every unknown id: the server renders this page once for them all (core/routes.ts).
  puzzleNotFound:
    'There is no puzzle at this address. It may not be out yet, or the link may be mistyped.',
  loading: 'Loading…',
  newHere: 'New here?',
  readRules: 'Read the rules first',
  cookieTitle: 'Cookies on Linchpin',
  cookieText:
    'Accept to keep your settings, game and statistics in this browser. Without consent nothing is stored, so a reload starts afresh.',
  cookiePrivacy: 'What is stored and why',
  cookieCurrent: (consent: string) => `Your current choice: ${consent}.`,
  cookieKeep: 'Keep my choice',
  archiveTitle: 'Puzzle Archive',
  archiveEmpty: 'No past puzzles found.',
  archiveSolved: 'Solved',
  archiveLost: 'Lost',
  archivePlay: 'Play',
  archiveRetry: 'Retry',
  archiveViewSolution: 'View Solution',
} as const;

/** The prompt shown when a new version of the app is installed and waiting (src/features/update). */
export const UPDATE_STRINGS = {
  ready: 'A new version of Linchpin is ready.',
  reload: 'Reload',
  dismiss: 'Dismiss',
} as const;
