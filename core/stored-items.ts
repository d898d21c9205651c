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
  /**
   * How a stored value is checked when read (core/record-schemas.ts, a preference's parser, or
   * 'crowd': core/crowd-schema.ts, loaded only with the code that sends results; 'friends':
   * core/friends-schema.ts, loaded only with the groups of friends; 'reminders':
   * core/reminder-setting.ts, loaded only with the daily reminder).
   */
  schema: keyof typeof SCHEMAS | 'preference' | 'consent' | 'crowd' | 'friends' | 'reminders';
  /** At most this many entries are kept (a list record). */
  maxEntries?: number;
}

export const STORED_ITEMS = {
  consent: {
    name: 'cookie_consent',
    where: 'cookie',
    days: 365,
    schema: 'consent',
  },
  difficulty: {
    name: 'difficulty',
    where: 'cookie',
    days: 365,
    schema: 'preference',
  },
  colorMode: {
    name: 'color_mode',
    where: 'cookie',
    days: 365,
    schema: 'preference',
  },
  darkMode: {
    name: 'dark_mode',
    where: 'cookie',
    days: 365,
    schema: 'preference',
  },
  seenHowToPlay: {
    name: 'has_seen_how_to_play',
    where: 'cookie',
    days: 365,
    schema: 'preference',
  },
  seenNote: {
    name: 'has_seen_note',
    where: 'cookie',
    days: 365,
    schema: 'preference',
  },
  gameMode: {
    name: 'game_mode',
    where: 'cookie',
    days: 365,
    schema: 'preference',
  },
  dailyStats: {
    name: 'daily_stats',
    where: 'cookie',
    days: 365,
    schema: 'stats',
  },
  usedRandom: {
    name: 'used_random_puzzles',
    where: 'cookie',
    days: 365,
    schema: 'usedRandom',
  },
  dailyPuzzle: {
    name: 'daily_puzzle',
    where: 'cookie',
    days: 1,
    schema: 'daily',
  },
  randomDaily: {
    name: 'random_daily_puzzle',
    where: 'cookie',
    days: 1,
    schema: 'randomDaily',
  },
  completion: {
    name: 'puzzleCompleted_<date>',
    where: 'localStorage',
    days: 365,
    schema: 'completion',
  },
  history: {
    name: 'completedPuzzles',
    where: 'localStorage',
    days: 365,
    schema: 'history',
  },
  games: {
    name: 'games',
    where: 'localStorage',
    days: 30,
    schema: 'games',
    maxEntries: 20,
  },
  draft: {
    name: 'puzzle_draft',
    where: 'localStorage',
    days: 30,
    schema: 'draft',
  },
  crowdId: {
    name: 'crowd_id',
    where: 'localStorage',
    days: 365,
    schema: 'crowd',
  },
  crowdPending: {
    name: 'crowd_pending',
    where: 'localStorage',
    days: 30,
    schema: 'crowd',
    maxEntries: 20,
  },
  friendGroups: {
    name: 'friend_groups',
    where: 'localStorage',
    days: 365,
    schema: 'friends',
    maxEntries: 10,
  },
  friendResult: {
    name: 'friend_result',
    where: 'localStorage',
    days: 3,
    schema: 'friends',
  },
  friendViews: {
    name: 'friend_views',
    where: 'localStorage',
    days: 30,
    schema: 'friends',
    maxEntries: 10,
  },
  reminder: {
    name: 'reminder',
    where: 'localStorage',
    days: 365,
    schema: 'reminders',
  },
} as const satisfies Record<string, StoredItem>;

export type StoredItemKey = keyof typeof STORED_ITEMS;
export type CookieKey = {
  [K in StoredItemKey]: (typeof STORED_ITEMS)[K]['where'] extends 'cookie' ? K : never;
}[StoredItemKey];

/** The item's full name in the browser, e.g. `linchpin_daily_stats`. */
export const storedName = (key: StoredItemKey, date?: string): string =>
  STORAGE_PREFIX + STORED_ITEMS[key].name.replace('<date>', date ?? '<date>');
