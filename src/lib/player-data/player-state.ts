import { chooseDailyPuzzle, pickRandomOlder } from '../../../core/daily';
import { seededRandom, seedOf } from '../../../core/game/random';
import {
  EMPTY_PLAYER,
  forgetCompletion,
  recordGame,
  type GameResult,
  type PlayerData,
  type PlayerStore,
} from '../../../core/records';
import type { PuzzleSummary } from '../../../core/puzzle';
import type { PageAddress } from '../../../core/routes';
import { random, todayUtc } from '../clock';
import { settled, settling, type Settled } from '../settled';
import { readConsent } from './storage';
import { sendWaitingResults } from '../crowd/crowd-gate';

let player: Settled<PlayerStore> | null = null;

function memoryStore(): PlayerStore {
  let data: PlayerData = EMPTY_PLAYER;
  return {
    get data() {
      return data;
    },
    save(next) {
      data = next;
      return true;
    },
  };
}

/**
 * The player's data. With consent "accepted" it is read from storage (the schemas load then);
 * otherwise it lives in memory for this visit, and the game plays just the same.
 */
export function loadPlayer(): Promise<PlayerStore> {
  if (!player) {
    if (readConsent() === 'accepted') {
      player = settling(
        import('./stored-player')
          .then((m) => {
            const store = m.loadStoredPlayer(todayUtc());
            // A result kept on an earlier visit (offline, or the server was down) goes now.
            sendWaitingResults();
            m.sendWaitingFriendResults();
            m.checkReminderAtStart(store.data);
            return store;
          })
          .catch((error: unknown) => {
            console.warn('Stored player data could not be loaded', error);
            return memoryStore();
          }),
      );
    } else {
      player = settled(memoryStore());
    }
  }
  return player;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.join() === b.join();

/**
 * Today's puzzle id, choosing a random older one for a day without its own, and what the player's
 * data must remember of that choice (null when nothing changes). Pure apart from the random pick:
 * render with the id, and save the data in an effect (`useDailyPuzzleId`), never during render.
 */
export function dailyPuzzleChoice(
  data: PlayerData,
  summaries: readonly PuzzleSummary[],
  today: string,
): { puzzleId: string | null; remember: PlayerData | null } {
  // Seeded by the day: the server's page and the browser's agree on the stand-in.
  const byDay = seededRandom(seedOf(today));
  const choice = chooseDailyPuzzle(summaries, today, data.randomDaily, data.usedRandom, byDay);
  const cache = choice.cache;
  const changed =
    cache?.puzzleId !== data.randomDaily?.puzzleId ||
    cache?.date !== data.randomDaily?.date ||
    !sameList(choice.usedIds, data.usedRandom);
  return {
    puzzleId: choice.puzzleId,
    remember: changed ? { ...data, randomDaily: cache, usedRandom: choice.usedIds } : null,
  };
}

/** The puzzle a /game address shows: the one it names, else the day's (server and browser alike). */
export function boardPuzzleId(
  address: PageAddress,
  data: PlayerData,
  summaries: readonly PuzzleSummary[],
  today: string,
): string | null {
  return address.puzzleId ?? dailyPuzzleChoice(data, summaries, today).puzzleId;
}

/** A random puzzle dated before today, not shown before until all have been. */
export function nextRandomPuzzleId(
  store: PlayerStore,
  summaries: readonly PuzzleSummary[],
  today: string,
): string | null {
  const pick = pickRandomOlder(summaries, today, store.data.usedRandom, random);
  store.save({ ...store.data, usedRandom: pick.usedIds });
  return pick.puzzleId;
}

/** Records a game that just ended; false when the device's storage is full and it was not kept. */
export async function saveGame(result: GameResult, today: string): Promise<boolean> {
  const store = await loadPlayer();
  return store.save(recordGame(store.data, result, today));
}

/** Retry: the puzzle's result and any game of it in progress are forgotten (its stats history stays). */
export async function forgetSolved(puzzle: { id: string; date: string }): Promise<void> {
  const store = await loadPlayer();
  store.save(forgetCompletion(store.data, puzzle));
}
