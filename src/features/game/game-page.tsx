import { Suspense, use, useEffect } from 'react';
import { BOARD_STRINGS } from './board-strings';
import { useLocation, useSearch } from 'wouter';
import type { PageMode } from '../../../core/game/engine';
import { ErrorScreen, NotFoundScreen } from '../../components/error-screen';
import { PageLoading } from '../../components/page-loading';
import { findPlayable, loadPuzzle, loadSummaries } from '../../lib/catalogue';
import type { PlayerStore } from '../../../core/records';
import { gameHref, pageAddress, ROUTES } from '../../../core/routes';
import { boardPuzzleId, forgetSolved } from '../../lib/player-data/player-state';
import { useToday } from '../../lib/page-context';
import { useDailyPuzzleId, usePlayer } from '../../lib/player-data/player-context';
import { usePreferences } from '../../lib/preferences/preferences';
import { STRINGS } from '../../strings';
import { GameBoard } from './game-board';
import { GameShell } from './game-shell';
import { keptGameOf, useKeptGame } from './use-kept-game';
import './game.css';

function PuzzleLoader({
  id,
  pageMode,
  isDaily,
  player,
  loaded,
  today,
}: {
  id: string;
  pageMode: PageMode;
  isDaily: boolean;
  player: PlayerStore;
  loaded: boolean;
  today: string;
}) {
  const puzzle = use(loadPuzzle(id));
  const [, navigate] = useLocation();
  // Retry turns into play without a new board.
  const boardMode = pageMode === 'retry' ? 'play' : pageMode;
  // What the player left, read as soon as the player's data is here and as each new board opens
  // (another mode, another difficulty: GameBoard's key). Only play opens on it: a board opened by
  // Retry starts afresh, and stays so once its address turns into play's.
  const { difficulty } = usePreferences();
  const kept = useKeptGame(
    loaded,
    () => (pageMode === 'play' ? keptGameOf(player.data, { id, daily: isDaily }, today) : null),
    `${boardMode}:${difficulty}`,
  );
  useEffect(() => {
    if (pageMode !== 'retry' || !puzzle) return;
    // Retry: the puzzle's result is forgotten and the game starts from the first try; the address
    // becomes a plain play address, so a reload keeps the new game instead of starting again.
    void forgetSolved(puzzle).then(() =>
      navigate(gameHref({ puzzleId: puzzle.id, mode: 'play' }), { replace: true }),
    );
  }, [pageMode, puzzle, navigate]);
  if (!puzzle) return <NotFoundScreen detail={BOARD_STRINGS.puzzleNotFound} />;
  return (
    <GameBoard
      key={`${id}:${boardMode}`}
      puzzle={puzzle}
      pageMode={pageMode}
      isDaily={isDaily}
      today={today}
      kept={kept}
    />
  );
}

/** /game?puzzleId=<id>&mode=play|retry|solution; with no id, today's puzzle. */
export function GamePage() {
  const address = pageAddress(ROUTES.game, useSearch());
  const askedMode = address.mode;
  const today = useToday();
  const { store: player, loaded } = usePlayer();
  const summaries = use(loadSummaries());
  const dailyId = useDailyPuzzleId(player, summaries, today);
  const id = boardPuzzleId(address, player.data, summaries, today);
  // Today's daily puzzle is played once a day: its Retry is plain play (it stays finished).
  const pageMode = id === dailyId && askedMode === 'retry' ? 'play' : askedMode;
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
        <NotFoundScreen detail={BOARD_STRINGS.puzzleNotFound} />
      </GameShell>
    );
  }
  return (
    <GameShell>
      <Suspense fallback={<PageLoading />}>
        <PuzzleLoader
          key={id}
          id={id}
          pageMode={pageMode}
          isDaily={id === dailyId}
          player={player}
          loaded={loaded}
          today={today}
        />
      </Suspense>
    </GameShell>
  );
}
