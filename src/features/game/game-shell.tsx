import type { ReactNode } from 'react';
import { GameHeader } from './game-header';

/** The game's pages: the game header and the main landmark. */
export function GameShell({ children }: { children: ReactNode }) {
  return (
    <div className="game-shell">
      <GameHeader />
      <main id="main" className="game-main">
        {children}
      </main>
    </div>
  );
}
