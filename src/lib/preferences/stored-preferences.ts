import { isDifficulty } from '../../../core/game/difficulty';
import type { CookieKey } from '../../../core/stored-items';
import { readCookie, writeCookie, type Parse } from '../player-data/storage';
import type { Preferences } from './preferences-model';

const flag: Parse<boolean> = (text) => (text === 'true' ? true : text === 'false' ? false : null);

/**
 * Each preference's cookie and the one check its stored text must pass. These one-word values are
 * read on every page load, so their check is a plain list of allowed values (a schema library
 * would not fit the first visit's code budget).
 */
const STORED: { [K in keyof Preferences]: [CookieKey, Parse<Preferences[K]>] } = {
  difficulty: ['difficulty', (text) => (isDifficulty(text) ? text : null)],
  gameMode: ['gameMode', (text) => (text === 'legacy' || text === 'dragAndDrop' ? text : null)],
  palette: ['colorMode', (text) => (text === 'default' || text === 'colorBlind' ? text : null)],
  darkMode: ['darkMode', flag],
  seenHowToPlay: ['seenHowToPlay', flag],
  seenNote: ['seenNote', flag],
};

const keys = Object.keys(STORED) as (keyof Preferences)[];

/** The stored preferences that pass their check (none without consent). */
export function storedPreferences(): Partial<Preferences> {
  const found: Partial<Record<keyof Preferences, unknown>> = {};
  for (const key of keys) {
    const [cookie, parse] = STORED[key];
    const value = readCookie<unknown>(cookie, parse);
    if (value !== null) found[key] = value;
  }
  return found as Partial<Preferences>;
}

/** Stores preferences (only with consent); dark mode "system" deletes its cookie. */
export function storePreferences(change: Partial<Preferences>): void {
  for (const key of keys) {
    if (!(key in change)) continue;
    const value = change[key];
    writeCookie(STORED[key][0], value === null || value === undefined ? null : String(value));
  }
}
