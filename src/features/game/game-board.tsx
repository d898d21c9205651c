import { useCallback, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import {
  currentTry,
  hasWon,
  isGameOver,
  livesLeft,
  maxTries,
  type PageMode,
} from '../../../core/game/engine';
import { MESSAGES } from '../../../core/game/messages';
import { PALETTES } from '../../../core/game/palette';
import type { Puzzle } from '../../../core/puzzle';
import type { DailyCompletion } from '../../../core/records';
import { shareText } from '../../../core/share';
import { useModal } from '../../components/modal-context';
import { todayUtc } from '../../lib/clock';
import { saveGame } from '../../lib/player-state';
import { usePageTitle } from '../../lib/use-page-title';
import { STRINGS } from '../../strings';
import { usePreferences } from '../settings/preferences';
import { ColorSelectors } from './color-selectors';
import { GameEnd } from './game-end';
import { PuzzleHeading } from './puzzle-heading';
import { TileGrid } from './tile-grid';
import { latestFeedbackText, TryFeedback } from './try-feedback';
import { useGame } from './use-game';

interface GameBoardProps {
  puzzle: Puzzle;
  pageMode: PageMode;
  isDaily: boolean;
  /** The UTC day the page opened on: the day a finished game counts for. */
  today?: string;
  /** Today's daily puzzle was already won: the board opens finished with those tries. */
  restored?: DailyCompletion | null;
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
        <h1>{STRINGS.comingSoon}</h1>
        <p>{STRINGS.dragDropText}</p>
        <button
          type="button"
          className="button primary"
          onClick={() => update({ gameMode: 'legacy' })}
        >
          {STRINGS.switchToLegacy}
        </button>
      </section>
    );
  }
  return <Board key={difficulty} {...props} />;
}

function Board({ puzzle, pageMode, isDaily, today, restored }: GameBoardProps) {
  usePageTitle(puzzle.title);
  const { difficulty, palette } = usePreferences();
  const { open } = useModal();
  const [state, dispatch] = useGame(puzzle, difficulty, pageMode, Boolean(restored));
  const tries = restored?.attempts ?? currentTry(state);
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

  const share = () =>
    open({
      kind: 'share',
      title: puzzle.title,
      text: shareText({
        title: puzzle.title,
        author: puzzle.author,
        won: hasWon(state),
        tries,
        isDaily,
      }),
    });

  const ended = over && state.status !== 'solution';
  // SPEC §4: when the game ends, the Share modal opens, and the game is recorded.
  const onEnded = useEffectEvent(() => {
    share();
    if (restored) return;
    void saveGame(
      {
        puzzleId: puzzle.id,
        puzzleDate: puzzle.date,
        won: hasWon(state),
        attempts: currentTry(state),
        score: livesLeft(state),
        isDaily,
      },
      today ?? todayUtc(),
    );
  });
  useEffect(() => {
    if (ended) onEnded();
  }, [ended]);

  const notice = state.notice;
  useEffect(() => {
    if (notice?.text !== MESSAGES.incompleteGrouping || prefersReducedMotion()) return;
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
    <div className="board">
      <PuzzleHeading puzzle={puzzle} difficulty={difficulty} showDate={!isDaily} />
      <TileGrid state={state} colors={colors} disabled={over} onToggle={toggleTile} />
      <ColorSelectors state={state} colors={colors} disabled={over} onChoose={chooseCategory} />
      {state.status === 'solution' ? null : (
        <p className="try-counter" aria-live="polite">
          {STRINGS.tryCounter(tries, maxTries(state))}
        </p>
      )}
      <p
        className={`notice${notice ? ` notice-${notice.kind}` : ''}`}
        role="status"
        aria-live="polite"
      >
        {notice?.text ?? ''}
      </p>
      {over ? null : (
        <div className="board-actions">
          <button type="button" className="button" onClick={() => dispatch({ type: 'clearAll' })}>
            {STRINGS.clearAll}
          </button>
          <button
            ref={submitRef}
            type="button"
            className="button primary"
            onClick={() => dispatch({ type: 'submit' })}
          >
            {STRINGS.submit}
          </button>
        </div>
      )}
      <TryFeedback state={state} />
      <p className="visually-hidden" aria-live="polite">
        {latestFeedbackText(state)}
      </p>
      {over ? <GameEnd state={state} tries={tries} onShare={share} /> : null}
    </div>
  );
}
