import { useEffect, useReducer, useState, type Dispatch } from 'react';
import {
  gameReducer,
  isGameActive,
  type GameAction,
  type GameState,
} from '../../../core/game/engine';
import { setBoardColorOrder } from '../../lib/board-colors';
import { useGameActivity } from '../../lib/preferences/game-activity';
import type { KeptGame } from './use-kept-game';

export const NOTICE_MS = 3000;

/** The board's own action beside the game's: take in a kept game that arrived after the board opened. */
type BoardAction = GameAction | { type: 'reopen'; state: GameState };

const boardReducer = (state: GameState, action: BoardAction): GameState =>
  action.type === 'reopen' ? action.state : gameReducer(state, action);

/**
 * The game's state and actions, and the board it opened on (not a move); notices clear themselves
 * after 3 s. The one path of a kept game into the board: `open(kept)` lays the board out, and a
 * `kept` handed in later (the player's data arrives after hydration, `useKeptGame`) is laid out
 * again and taken in by the same board, so its tiles stay the elements already drawn.
 */
export function useGame(
  open: (kept: KeptGame | null) => GameState,
  kept: KeptGame | null,
): readonly [GameState, Dispatch<GameAction>, GameState] {
  const [state, dispatch] = useReducer(boardReducer, kept, open);
  const [opened, setOpened] = useState(() => ({ kept, state }));
  if (opened.kept !== kept) {
    const reopened = open(kept);
    setOpened({ kept, state: reopened });
    dispatch({ type: 'reopen', state: reopened });
  }
  const { setGameActive } = useGameActivity();
  const active = isGameActive(state);

  useEffect(() => {
    setGameActive(active);
  }, [active, setGameActive]);
  useEffect(() => () => setGameActive(false), [setGameActive]);
  // Settings previews the palette in this board's order of colours.
  const colorOrder = state.colorOrder;
  useEffect(() => {
    setBoardColorOrder(colorOrder);
    return () => setBoardColorOrder(null);
  }, [colorOrder]);

  const noticeId = state.notice?.id;
  useEffect(() => {
    if (noticeId === undefined) return undefined;
    const timer = window.setTimeout(() => dispatch({ type: 'dismissNotice' }), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [noticeId]);

  return [state, dispatch, opened.state];
}
