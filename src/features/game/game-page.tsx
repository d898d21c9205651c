import { Suspense, use, useMemo, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import type { PageMode } from '../../../core/game/engine';
import { ErrorScreen, NotFoundScreen } from '../../components/error-screen';
import { findPlayable, loadPuzzle } from '../../lib/catalogue';
import { todayUtc } from '../../lib/clock';
import { dailyPuzzleId } from '../../lib/player-state';
import { STRINGS } from '../../strings';
import { GameBoard } from './game-board';
import { GameHeader } from './game-header';
import './game.css';

function parsePageMode(value: string | null): PageMode {
  return value === 'retry' || value === 'solution' ? value : 'play';
}

function GameShell({ children }: { children: ReactNode }) {
  return (
    <div className="game-shell">
      <GameHeader />
      <main id="main" className="game-main">
        {children}
      </main>
    </div>
  );
}

function PuzzleLoader({
  id,
  pageMode,
  isDaily,
}: {
  id: string;
  pageMode: PageMode;
  isDaily: boolean;
}) {
  const puzzle = use(loadPuzzle(id));
  if (!puzzle) return <NotFoundScreen detail={`Puzzle "${id}" was not found.`} />;
  return (
    <GameBoard key={`${id}:${pageMode}`} puzzle={puzzle} pageMode={pageMode} isDaily={isDaily} />
  );
}

/** /game?puzzleId=<id>&mode=play|retry|solution; with no id, today's puzzle. */
export function GamePage() {
  const params = new URLSearchParams(useSearch());
  const requested = params.get('puzzleId');
  const pageMode = parsePageMode(params.get('mode'));
  const [today] = useState(todayUtc);
  const dailyId = useMemo(() => dailyPuzzleId(today), [today]);
  const id = requested ?? dailyId;
  if (!id) {
    return (
      <GameShell>
        <ErrorScreen status="404 Not Found" detail={STRINGS.noPuzzleToday} />
      </GameShell>
    );
  }
  if (!findPlayable(id, today)) {
    return (
      <GameShell>
        <NotFoundScreen detail={`Puzzle "${id}" was not found.`} />
      </GameShell>
    );
  }
  return (
    <GameShell>
      <Suspense
        fallback={
          <p className="page-loading" role="status">
            {STRINGS.loading}
          </p>
        }
      >
        <PuzzleLoader id={id} pageMode={pageMode} isDaily={id === dailyId} />
      </Suspense>
    </GameShell>
  );
}
