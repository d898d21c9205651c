import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface GameActivity {
  /** A game is under way: at least one try made and not over. Difficulty is locked then. */
  gameActive: boolean;
  setGameActive: (active: boolean) => void;
}

const GameActivityContext = createContext<GameActivity>({
  gameActive: false,
  setGameActive: () => {},
});

export function GameActivityProvider({ children }: { children: ReactNode }) {
  const [gameActive, setGameActive] = useState(false);
  const value = useMemo(() => ({ gameActive, setGameActive }), [gameActive]);
  return <GameActivityContext.Provider value={value}>{children}</GameActivityContext.Provider>;
}

export function useGameActivity(): GameActivity {
  return useContext(GameActivityContext);
}
