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
 * The one place that sees the kept game arrive: `read` runs as soon as the player's data is here
 * (at once on a later page, right after hydration on a first load), and again only when the board
 * opens anew for `board` (its difficulty: a new difficulty is a new game, and it opens on what the
 * player has left by then, as a reload would: a daily finished a moment ago stays finished). Never
 * on the board's own moves, which change the data with every move kept. Null until then, and when
 * nothing is kept. The board takes what this returns through its `kept` prop (`useGame`).
 */
export function useKeptGame(
  loaded: boolean,
  read: () => KeptGame | null,
  board: string,
): KeptGame | null {
  const [kept, setKept] = useState(() => ({ board, game: loaded ? read() : undefined }));
  if (loaded && (kept.game === undefined || kept.board !== board)) setKept({ board, game: read() });
  return kept.game ?? null;
}
