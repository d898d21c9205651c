import { addDays } from '../dates';
import type { Difficulty } from '../difficulties';
import { STORED_ITEMS } from '../stored-items';

/**
 * A game the player has started, as it is kept between visits: enough to lay the same board out
 * again. What follows from it (feedback, tries left, won or lost) is not kept but worked out again
 * by replaying the submissions through the engine, so a stored record can never claim a result
 * the moves do not give.
 */
export interface SavedGame {
  puzzleId: string;
  /** The UTC day of the player's last move: pruning goes by it. */
  playedOn: string;
  /** It was the daily puzzle on `playedOn`: the record ends with that UTC day. */
  daily: boolean;
  difficulty: Difficulty;
  /** The words in tile order. */
  words: string[];
  /** Palette colour of each circle. */
  colorOrder: number[];
  /** The groups of each tile, by tile position (sorted circle numbers; [] for none). */
  groups: number[][];
  /** The chosen circle, or null. */
  activeCategory: number | null;
  /** Each submission: the tile positions of each circle's group. */
  submissions: number[][][];
}

/** How many games are kept: the last 30 days of play or the last 20 games, whichever is fewer. */
export const SAVED_GAME_LIMITS = {
  days: STORED_ITEMS.games.days,
  games: STORED_ITEMS.games.maxEntries,
} as const;

/**
 * The records still kept on `today`: a daily's record ends with its UTC day; the rest are kept for
 * the last 30 days of play, at most the 20 most recently played. Oldest go first.
 */
export function pruneGames<G extends Pick<SavedGame, 'playedOn' | 'daily'>>(
  games: readonly G[],
  today: string,
  /** At most this many (the limit; a merge counts what it leaves out first). */
  count: number = SAVED_GAME_LIMITS.games,
): G[] {
  const oldest = addDays(today, 1 - SAVED_GAME_LIMITS.days);
  const kept = games.filter((game) =>
    game.daily ? game.playedOn === today : game.playedOn >= oldest && game.playedOn <= today,
  );
  // Most recently played last; the sort is stable, so a day's games keep their order.
  kept.sort((a, b) => (a.playedOn < b.playedOn ? -1 : a.playedOn > b.playedOn ? 1 : 0));
  return kept.slice(-count);
}

/** The list with this game's record put last (it was played most recently), then pruned. */
export function keepGame(games: readonly SavedGame[], game: SavedGame, today: string): SavedGame[] {
  return pruneGames([...games.filter((g) => g.puzzleId !== game.puzzleId), game], today);
}

/** The list without any record of this puzzle. */
export function dropGame(games: readonly SavedGame[], puzzleId: string): readonly SavedGame[] {
  // The same list when there is nothing to drop, so nothing is written again.
  return games.some((g) => g.puzzleId === puzzleId)
    ? games.filter((g) => g.puzzleId !== puzzleId)
    : games;
}

/** The kept record of a puzzle on `today`, if any. */
export function savedGameOf(
  games: readonly SavedGame[],
  puzzleId: string,
  today: string,
): SavedGame | null {
  return pruneGames(games, today).find((game) => game.puzzleId === puzzleId) ?? null;
}
