import { pruneGames } from '../../../core/game/saved-games';
import { STORED_ITEMS } from '../../../core/stored-items';
import { parseJson, SCHEMAS, type Schema } from '../../../core/record-schemas';
import { fromRecord, toRecord } from './stored-record';
import type { PlayerData, PlayerStore } from '../../../core/records';

import { todayUtc } from '../clock';
import { reminderDataChanged } from '../reminders/reminder-gate';
import { readCookie, readRecord, recordNames, writeCookie, writeRecord } from './storage';

/**
 * A result for the groups of friends kept from an earlier visit goes with the stored data's
 * loading: like it, only with consent, so its door (src/lib/friends/friends-gate.ts) stays out of
 * the first load's code.
 */
export { sendWaitingFriendResults } from '../friends/friends-gate';
/** The daily reminder's check at start-up goes the same way (src/lib/reminders/reminder-gate.ts). */
export { checkReminderAtStart } from '../reminders/reminder-gate';

/**
 * The player's data kept in cookies and localStorage (only with consent, see storage.ts). Loaded
 * lazily: a first visit without consent never fetches it.
 */
const COMPLETION_PREFIX = STORED_ITEMS.completion.name.replace('<date>', '');
const HISTORY_RECORD = STORED_ITEMS.history.name;
/** Games in progress (and today's finished daily), see core/game/saved-games.ts. */
const GAMES_RECORD = STORED_ITEMS.games.name;
/** A cookie holds 4 KB: the used random list keeps its latest ids (about 18 bytes each). */
export const MAX_USED_IDS = 150;

const fromJson =
  <T>(schema: Schema<T>) =>
  (text: string) =>
    schema(parseJson(text));

export function readStoredPlayer(today: string): PlayerData {
  const completions: PlayerData['completions'] = {};
  for (const name of recordNames()) {
    if (!name.startsWith(COMPLETION_PREFIX)) continue;
    const date = name.slice(COMPLETION_PREFIX.length);
    const record = readRecord(name, fromRecord(SCHEMAS.completion, today));
    if (record?.date === date) completions[date] = record;
    // Expired, malformed or filed under the wrong date: gone.
    else writeRecord(name, null);
  }
  return {
    randomDaily: readCookie('randomDaily', fromJson(SCHEMAS.randomDaily)),
    usedRandom: readCookie('usedRandom', fromJson(SCHEMAS.usedRandom)) ?? [],
    daily: readCookie('dailyPuzzle', fromJson(SCHEMAS.daily)),
    stats: readCookie('dailyStats', fromJson(SCHEMAS.stats)),
    completions,
    history: readRecord(HISTORY_RECORD, fromRecord(SCHEMAS.history, today)) ?? [],
    games: pruneGames(readRecord(GAMES_RECORD, fromRecord(SCHEMAS.games, today)) ?? [], today),
  };
}

/** Writes what changed between two snapshots; false when the storage refused any of it (full). */
export function writeChanges(before: PlayerData, after: PlayerData): boolean {
  let kept = true;
  const cookie = <K extends keyof PlayerData>(
    field: K,
    key: Parameters<typeof writeCookie>[0],
    text: (value: NonNullable<PlayerData[K]>) => string = JSON.stringify,
  ) => {
    const value = after[field];
    if (value !== before[field]) writeCookie(key, value === null ? null : text(value));
  };
  cookie('randomDaily', 'randomDaily');
  cookie('usedRandom', 'usedRandom', (ids) => JSON.stringify(ids.slice(-MAX_USED_IDS)));
  cookie('daily', 'dailyPuzzle');
  cookie('stats', 'dailyStats');
  const dates = new Set([...Object.keys(before.completions), ...Object.keys(after.completions)]);
  for (const date of dates) {
    const value = after.completions[date];
    if (value !== before.completions[date]) {
      kept &&= writeRecord(
        COMPLETION_PREFIX + date,
        value ? toRecord(value, STORED_ITEMS.completion.days) : null,
      );
    }
  }
  if (after.history !== before.history)
    kept &&= writeRecord(HISTORY_RECORD, toRecord(after.history, STORED_ITEMS.history.days));
  if (after.games !== before.games) {
    kept &&= writeRecord(
      GAMES_RECORD,
      after.games.length > 0 ? toRecord(after.games, STORED_ITEMS.games.days) : null,
    );
  }
  return kept;
}

export function loadStoredPlayer(today: string): PlayerStore {
  let data = readStoredPlayer(today);
  return {
    get data() {
      return data;
    },
    save(next) {
      const kept = writeChanges(data, next);
      reminderDataChanged(data, next, todayUtc());
      data = next;
      return kept;
    },
  };
}
