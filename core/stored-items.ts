import type { SCHEMAS } from './record-schemas';

/**
 * Everything Linchpin keeps in a player's browser, in one table: the storage module writes by it
 * (names, where, lifetimes), the privacy page lists it, and the tests check both against it.
 * Nothing is kept without consent "accepted" but the consent cookie itself (docs/product-decisions.md, copied
 * in docs/product-decisions.md).
 */
export const STORAGE_PREFIX = 'linchpin_';

export interface StoredItem {
  /** The name after the prefix; `<date>` stands for a puzzle's date. */
  name: string;
  where: 'cookie' | 'localStorage';
  /** Days it is kept after it was last written. */
  days: number;
  /** How a stored value is checked when read (core/record-schemas.ts, or a preference's parser). */
  schema: keyof typeof SCHEMAS | 'preference' | 'consent';
  /** What it holds and why, as the privacy page says it. */
  purpose: string;
  /** How the privacy page words the lifetime, when the days alone do not say it. */
  lifetime?: string;
  /** At most this many entries are kept (a list record). */
  maxEntries?: number;
}

export const STORED_ITEMS = {
  consent: {
    name: 'cookie_consent',
    where: 'cookie',
    days: 365,
    schema: 'consent',
    purpose: 'Your answer to the cookie question: "accepted" or "rejected".',
  },
  difficulty: {
    name: 'difficulty',
    where: 'cookie',
    days: 365,
    schema: 'preference',
    purpose: 'The difficulty you chose: Easy or Normal.',
  },
  colorMode: {
    name: 'color_mode',
    where: 'cookie',
    days: 365,
    schema: 'preference',
    purpose: 'The colour palette: default or colour-blind friendly.',
  },
  darkMode: {
    name: 'dark_mode',
    where: 'cookie',
    days: 365,
    schema: 'preference',
    purpose: 'Whether you chose the dark theme.',
  },
  seenHowToPlay: {
    name: 'has_seen_how_to_play',
    where: 'cookie',
    days: 365,
    schema: 'preference',
    purpose: 'That you have seen How to Play, so it is not shown again.',
  },
  seenNote: {
    name: 'has_seen_note',
    where: 'cookie',
    days: 365,
    schema: 'preference',
    purpose: "That you have read the author's note, so its dot stops pulsing.",
  },
  gameMode: {
    name: 'game_mode',
    where: 'cookie',
    days: 365,
    schema: 'preference',
    purpose: 'The game mode you chose.',
  },
  dailyStats: {
    name: 'daily_stats',
    where: 'cookie',
    days: 365,
    schema: 'stats',
    purpose: 'Your current and longest streak and the day you last played.',
  },
  usedRandom: {
    name: 'used_random_puzzles',
    where: 'cookie',
    days: 365,
    schema: 'usedRandom',
    purpose: 'Which random puzzles you have been given, so they do not repeat soon.',
  },
  dailyPuzzle: {
    name: 'daily_puzzle',
    where: 'cookie',
    days: 1,
    schema: 'daily',
    purpose: 'Whether you finished today’s puzzle and solved it, with your tries.',
  },
  randomDaily: {
    name: 'random_daily_puzzle',
    where: 'cookie',
    days: 1,
    schema: 'randomDaily',
    purpose: 'Which older puzzle stands in on a day without a new one.',
  },
  completion: {
    name: 'puzzleCompleted_<date>',
    where: 'localStorage',
    days: 365,
    schema: 'completion',
    purpose:
      'One per puzzle you finished: its date, its id, whether you solved it, your score and tries.',
  },
  history: {
    name: 'completedPuzzles',
    where: 'localStorage',
    days: 365,
    schema: 'history',
    purpose: 'Every finished game (date, puzzle and tries), for your statistics.',
  },
  games: {
    name: 'games',
    where: 'localStorage',
    days: 30,
    schema: 'games',
    purpose:
      'The games you have started and not finished (and today’s puzzle once finished): where each word sits, your groups and your tries, so you find the board as you left it.',
    maxEntries: 20,
    lifetime: 'The last 30 days of play, at most 20 games; today’s puzzle until midnight UTC',
  },
} as const satisfies Record<string, StoredItem>;

export type StoredItemKey = keyof typeof STORED_ITEMS;
export type CookieKey = {
  [K in StoredItemKey]: (typeof STORED_ITEMS)[K]['where'] extends 'cookie' ? K : never;
}[StoredItemKey];

/** The item's full name in the browser, e.g. `linchpin_daily_stats`. */
export const storedName = (key: StoredItemKey, date?: string): string =>
  STORAGE_PREFIX + STORED_ITEMS[key].name.replace('<date>', date ?? '<date>');

/** The privacy page's words for how long an item is kept. */
export function lifetimeText(item: StoredItem): string {
  if (item.lifetime) return item.lifetime;
  const days = item.days === 1 ? '1 day' : `${item.days} days`;
  return item.where === 'cookie' ? days : `${days} after it was last written`;
}
