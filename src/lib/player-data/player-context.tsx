import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { PuzzleSummary } from '../../../core/puzzle';
import { EMPTY_PLAYER, type PlayerStore } from '../../../core/records';
import { dailyPuzzleChoice, loadPlayer } from './player-state';

/**
 * The player's data for the pages. The server cannot see a browser's storage, so it renders as if
 * nothing were stored, and the browser's first render (hydration) does the same; right after it,
 * the stored data is read and the pages render with it. Later pages get it at once.
 */
const PlayerContext = createContext<{ store: PlayerStore; loaded: boolean } | null>(null);

const nothingStored: PlayerStore = { data: EMPTY_PLAYER, save: () => true };
let loadedOnce: PlayerStore | null = null;

export function PlayerProvider({ children }: { children: ReactNode }) {
  const [store, setStore] = useState<PlayerStore | null>(loadedOnce);
  useEffect(() => {
    let live = true;
    void loadPlayer().then((loaded) => {
      loadedOnce = loaded;
      // A transition: the pages render with the player's data in slices, not one long task.
      if (live) startTransition(() => setStore(loaded));
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <PlayerContext.Provider value={{ store: store ?? nothingStored, loaded: store !== null }}>
      {children}
    </PlayerContext.Provider>
  );
}

/** The player's store, and whether it has been read yet (false only until hydration is done). */
export function usePlayer(): { store: PlayerStore; loaded: boolean } {
  const value = useContext(PlayerContext);
  if (!value) throw new Error('usePlayer needs a PlayerProvider');
  return value;
}

/**
 * Today's puzzle id; the choice is remembered after the render that shows it. Here, beside the
 * player's store, so home and the game share it from the entry's code, not a chunk of its own.
 */
export function useDailyPuzzleId(
  player: PlayerStore,
  summaries: readonly PuzzleSummary[],
  today: string,
): string | null {
  const { puzzleId, remember } = useMemo(
    () => dailyPuzzleChoice(player.data, summaries, today),
    [player, summaries, today],
  );
  useEffect(() => {
    if (remember) player.save(remember);
  }, [player, remember]);
  return puzzleId;
}
