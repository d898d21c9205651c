import { useEffect, useReducer } from 'react';
import {
  createGame,
  gameReducer,
  isGameActive,
  type GameState,
  type PageMode,
} from '../../../core/game/engine';
import type { Difficulty, Puzzle } from '../../../core/puzzle';
import { random } from '../../lib/clock';
import { useGameActivity } from '../settings/game-activity';

export const NOTICE_MS = 3000;

/** The game's state and actions; notices clear themselves after 3 s. */
export function useGame(
  puzzle: Puzzle,
  difficulty: Difficulty,
  pageMode: PageMode,
  alreadyWon = false,
) {
  const [state, dispatch] = useReducer(gameReducer, undefined, (): GameState =>
    createGame(puzzle, { difficulty, random, pageMode, alreadyWon }),
  );
  const { setGameActive } = useGameActivity();
  const active = isGameActive(state);

  useEffect(() => {
    setGameActive(active);
  }, [active, setGameActive]);
  useEffect(() => () => setGameActive(false), [setGameActive]);

  const noticeId = state.notice?.id;
  useEffect(() => {
    if (noticeId === undefined) return undefined;
    const timer = window.setTimeout(() => dispatch({ type: 'dismissNotice' }), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [noticeId]);

  return [state, dispatch] as const;
}
