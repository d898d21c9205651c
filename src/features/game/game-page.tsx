import { Suspense, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import type { PageMode } from '../../../core/game/engine';
import { ErrorScreen, NotFoundScreen } from '../../components/error-screen';
import { findPlayable, loadPuzzle, loadSummaries } from '../../lib/catalogue';
import { todayUtc } from '../../lib/clock';
import { dailyCompletionOn, type PlayerStore } from '../../../core/records';
import { dailyPuzzleId, forgetSolved, loadPlayer } from '../../lib/player-state';
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
  player,
  today,
}: {
  id: string;
  pageMode: PageMode;
  isDaily: boolean;
  player: PlayerStore;
  today: string;
}) {
  const puzzle = use(loadPuzzle(id));
  // Today's daily puzzle, already won: it opens finished, with the Share modal (SPEC §4).
  const [restored] = useState(() =>
    isDaily && pageMode === 'play' ? dailyCompletionOn(player.data, today) : null,
  );
  const date = puzzle?.date;
  useEffect(() => {
    // Retry: the puzzle is no longer solved, and the game starts from the first try.
    if (pageMode === 'retry' && date) void forgetSolved(date, isDaily);
  }, [pageMode, date, isDaily]);
  if (!puzzle) return <NotFoundScreen detail={`Puzzle "${id}" was not found.`} />;
  return (
    <GameBoard
      key={`${id}:${pageMode}`}
      puzzle={puzzle}
      pageMode={pageMode}
      isDaily={isDaily}
      today={today}
      restored={restored}
    />
  );
}

/** /game?puzzleId=<id>&mode=play|retry|solution; with no id, today's puzzle. */
export function GamePage() {
  const params = new URLSearchParams(useSearch());
  const requested = params.get('puzzleId');
  const pageMode = parsePageMode(params.get('mode'));
  const [today] = useState(todayUtc);
  const player = use(loadPlayer());
  const summaries = use(loadSummaries());
  const dailyId = useMemo(
    () => dailyPuzzleId(player, summaries, today),
    [player, summaries, today],
  );
  const id = requested ?? dailyId;
  if (!id) {
    return (
      <GameShell>
        <ErrorScreen status="404 Not Found" detail={STRINGS.noPuzzleToday} />
      </GameShell>
    );
  }
  if (!findPlayable(summaries, id, today)) {
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
        <PuzzleLoader
          id={id}
          pageMode={pageMode}
          isDaily={id === dailyId}
          player={player}
          today={today}
        />
      </Suspense>
    </GameShell>
  );
}
