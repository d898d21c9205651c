import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { BOARD_STRINGS } from './board-strings';
import {
  currentTry,
  groupsOf,
  hasWon,
  isGameOver,
  livesLeft,
  maxTries,
  type PageMode,
} from '../../../core/game/engine';
import { groupSizeProblems, MESSAGES } from '../../../core/game/messages';
import { PALETTES } from '../../../core/game/palette';
import type { Puzzle } from '../../../core/puzzle';
import { openGame } from '../../../core/game/restore-game';
import { seededRandom, seedOf } from '../../../core/game/random';
import { keepGameStateSoon } from '../../lib/player-data/kept-games';
import { countResult } from '../../lib/crowd/crowd-gate';
import { crowdResultOf } from '../../../core/crowd';
import { friendResultOf } from '../../../core/friends';
import { shareWithFriends } from '../../lib/friends/friends-gate';
import { saveGame } from '../../lib/player-data/player-state';
import { usePageTitle } from '../../lib/use-page-title';
import { usePreferences } from '../../lib/preferences/preferences';
import { ColorSelectors } from './color-selectors';
import { GameEnd, GameResult } from './game-end';
import { PuzzleHeading } from './puzzle-heading';
import { TileGrid } from './tile-grid';
import { latestFeedbackText, TryFeedback } from './try-feedback';
import { useGame } from './use-game';
import type { KeptGame } from './use-kept-game';
import { useShare } from './use-share';

interface GameBoardProps {
  puzzle: Puzzle;
  pageMode: PageMode;
  isDaily: boolean;
  /** The UTC day the page opened on: the day a finished game counts for. */
  today: string;
  /**
   * What the player left of this puzzle (`useKeptGame`), or null. The board opens on it, and takes
   * in one handed in later without being drawn anew (`useGame`).
   */
  kept: KeptGame | null;
  /**
   * A player's puzzle opened from its link (/play#…): never kept or recorded (no stats, streak
   * or archive), and its Share text carries the link.
   */
  sharedLink?: string;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export function GameBoard(props: GameBoardProps) {
  const { difficulty, gameMode, update } = usePreferences();
  // A new difficulty starts a new game (it can only change while no game is under way).
  if (gameMode === 'dragAndDrop') {
    return (
      <section className="coming-soon">
        <h1>{BOARD_STRINGS.comingSoon}</h1>
        <p>{BOARD_STRINGS.dragDropText}</p>
        <button
          type="button"
          className="button primary"
          onClick={() => update({ gameMode: 'legacy' })}
        >
          {BOARD_STRINGS.switchToLegacy}
        </button>
      </section>
    );
  }
  return <Board key={difficulty} {...props} />;
}

function Board({ puzzle, pageMode, isDaily, today, kept, sharedLink }: GameBoardProps) {
  usePageTitle(puzzle.title);
  const { difficulty, palette } = usePreferences();
  // The board as it opened is not a move: a game that opens finished was recorded when it ended.
  const [state, dispatch, opened] = useGame(
    (left) =>
      openGame(puzzle, {
        difficulty,
        // A new board's layout follows from the puzzle and the difficulty, so the server's page and
        // the browser's board show the words in the same places.
        random: seededRandom(seedOf(`${puzzle.id}:${difficulty}`)),
        pageMode,
        saved: left?.saved ?? null,
        finishedDaily: left?.finished ? (left.finished.won ? 'won' : 'lost') : null,
      }),
    kept,
  );
  const openedOver = isGameOver(opened);
  // A finished daily known only from its record has no submissions to count.
  const finished = kept?.finished;
  const tries = state.attempts.length === 0 && finished ? finished.attempts : currentTry(state);
  const colors = useMemo(
    () => state.colorOrder.map((i) => PALETTES[palette].colors[i] ?? PALETTES[palette].colors[0]),
    [state.colorOrder, palette],
  );
  const toggleTile = useCallback(
    (position: number) => dispatch({ type: 'toggleTile', position }),
    [dispatch],
  );
  const chooseCategory = useCallback(
    (category: number) => dispatch({ type: 'chooseCategory', category }),
    [dispatch],
  );
  const over = isGameOver(state);
  const submitRef = useRef<HTMLButtonElement>(null);

  const { show: showShare, share } = useShare({ state, puzzle, tries, isDaily, sharedLink });

  const ended = over && state.status !== 'solution';
  // A finished game the device's storage refused (full): said here, where the game ended.
  const [notKept, setNotKept] = useState(false);
  // docs/spec.md §4: when the game ends, the Share modal opens, and the game is recorded. A game
  // that opens finished (a reload, or Play Today's Puzzle again) opens on its result instead: the
  // dialog comes only at the moment the game ends (docs/decisions.md).
  const onEnded = useEffectEvent(() => {
    if (openedOver) return;
    showShare();
    if (sharedLink) return;
    // Only with consent, and never holding up the game (docs/product-decisions.md).
    countResult(crowdResultOf(state));
    // Today's puzzle goes to the player's groups of friends (docs/decisions.md "Groups of friends").
    if (isDaily && pageMode === 'play') shareWithFriends(friendResultOf(state, today));
    void saveGame(
      {
        puzzleId: puzzle.id,
        puzzleDate: puzzle.date,
        won: hasWon(state),
        attempts: currentTry(state),
        score: livesLeft(state),
        isDaily,
      },
      today,
    ).then((kept) => setNotKept(!kept));
  });
  useEffect(() => {
    if (ended) onEnded();
  }, [ended]);

  // Every move is kept, so the player finds this board again (core/game/restore-game.ts).
  useEffect(() => {
    if (state === opened || pageMode === 'solution' || sharedLink) return;
    keepGameStateSoon(state, { today, daily: isDaily });
  }, [state, opened, pageMode, today, isDaily, sharedLink]);

  const notice = state.notice;
  // "Sort the words into 4 groups of 3 words each" names the groups that are short or over.
  const problems = notice?.code === 'incompleteGrouping' ? groupSizeProblems(groupsOf(state)) : [];
  useEffect(() => {
    if (notice?.code !== 'incompleteGrouping' || prefersReducedMotion()) return;
    submitRef.current?.animate?.(
      [
        { transform: 'translateX(0)' },
        { transform: 'translateX(-6px)' },
        { transform: 'translateX(6px)' },
        { transform: 'translateX(-4px)' },
        { transform: 'translateX(0)' },
      ],
      { duration: 500 },
    );
  }, [notice]);

  return (
    <div className={`board${over ? ' board-over' : ''}`}>
      {/* The first screen: everything a try needs, fitted to the window (game.css). */}
      <div className="board-screen">
        <PuzzleHeading
          puzzle={puzzle}
          difficulty={state.difficulty}
          showDate={!isDaily && !sharedLink}
        />
        <div className="tile-area">
          <TileGrid state={state} colors={colors} disabled={over} onToggle={toggleTile} />
          <p
            className={`notice${notice ? ` notice-${notice.kind}` : ''}`}
            role="status"
            aria-live="polite"
          >
            {notice ? <span>{MESSAGES[notice.code]}</span> : null}
            {problems.length > 0 ? '.' : null}
            {problems.map((problem) => (
              <span key={problem}> {problem}</span>
            ))}
          </p>
        </div>
        <ColorSelectors state={state} colors={colors} disabled={over} onChoose={chooseCategory} />
        <div className="board-controls">
          {state.status === 'solution' ? null : (
            <p className="try-counter" aria-live="polite">
              {BOARD_STRINGS.tryCounter(tries, maxTries(state))}
            </p>
          )}
          {over ? (
            state.status === 'solution' ? null : (
              <>
                <GameResult state={state} tries={tries} onShare={share} />
                {notKept ? (
                  <p className="not-kept" role="alert">
                    {BOARD_STRINGS.notKept}
                  </p>
                ) : null}
              </>
            )
          ) : (
            <div className="board-actions">
              <button
                type="button"
                className="button"
                onClick={() => dispatch({ type: 'clearAll' })}
              >
                {BOARD_STRINGS.clearAll}
              </button>
              <button
                ref={submitRef}
                type="button"
                className="button primary"
                onClick={() => dispatch({ type: 'submit' })}
              >
                {BOARD_STRINGS.submit}
              </button>
            </div>
          )}
        </div>
        <TryFeedback state={state} />
      </div>
      <p className="visually-hidden" aria-live="polite">
        {latestFeedbackText(state)}
      </p>
      {over ? (
        <GameEnd state={state} crowd={sharedLink ? null : isDaily ? 'today' : 'archive'} />
      ) : null}
    </div>
  );
}
