import { useState } from 'react';
import { dailyCompletionOn, type DailyCompletion, type PlayerData } from '../../../core/records';
import { savedGameOf, type SavedGame } from '../../../core/game/saved-games';

/** What the player left of a puzzle: the game kept of it, and (today's daily) the day's result. */
export interface KeptGame {
  saved: SavedGame | null;
  /** Today's daily puzzle is already finished: the board opens finished with those tries. */
  finished: DailyCompletion | null;
}

/** The kept game of a puzzle in the player's data on `today`; null when nothing of it is kept. */
export function keptGameOf(
  data: PlayerData,
  puzzle: { id: string; daily: boolean },
  today: string,
): KeptGame | null {
  const saved = savedGameOf(data.games, puzzle.id, today);
  const finished = puzzle.daily ? dailyCompletionOn(data, today) : null;
  return saved || finished ? { saved, finished } : null;
}

/**
 * The one place that sees the kept game arrive: `read` runs once, as soon as the player's data is
 * here (at once on a later page, right after hydration on a first load), and never again (the data
 * changes with every move the board keeps). Null until then, and when nothing is kept. The board
 * takes what this returns through its `kept` prop (`useGame`).
 */
export function useKeptGame(loaded: boolean, read: () => KeptGame | null): KeptGame | null {
  const [kept, setKept] = useState(() => (loaded ? read() : undefined));
  if (loaded && kept === undefined) setKept(read());
  return kept ?? null;
}
