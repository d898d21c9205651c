import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface GameActivity {
  /** A game is under way: at least one try made and not over. Difficulty is locked then. */
  gameActive: boolean;
  setGameActive: (active: boolean) => void;
  /**
   * The board's order of the palette's colours (shuffled at setup, docs/spec.md §4), while a board
   * is open: the Settings preview shows the colours in the board's order.
   */
  colorOrder: readonly number[] | null;
  setColorOrder: (order: readonly number[] | null) => void;
}

const GameActivityContext = createContext<GameActivity>({
  gameActive: false,
  setGameActive: () => {},
  colorOrder: null,
  setColorOrder: () => {},
});

export function GameActivityProvider({ children }: { children: ReactNode }) {
  const [gameActive, setGameActive] = useState(false);
  const [colorOrder, setColorOrder] = useState<readonly number[] | null>(null);
  const value = useMemo(
    () => ({ gameActive, setGameActive, colorOrder, setColorOrder }),
    [gameActive, colorOrder],
  );
  return <GameActivityContext.Provider value={value}>{children}</GameActivityContext.Provider>;
}

export function useGameActivity(): GameActivity {
  return useContext(GameActivityContext);
}
