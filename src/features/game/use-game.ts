import { useEffect, useReducer } from 'react';
import {
  gameReducer,
  isGameActive,
  type GameAction,
  type GameState,
} from '../../../core/game/engine';
import { setBoardColorOrder } from '../../lib/board-colors';
import { useGameActivity } from '../../lib/preferences/game-activity';

export const NOTICE_MS = 3000;

/** The board's own action beside the game's: take in a kept game that arrived after the board opened. */
type BoardAction = GameAction | { type: 'reopen'; state: GameState };

const boardReducer = (state: GameState, action: BoardAction): GameState =>
  action.type === 'reopen' ? action.state : gameReducer(state, action);

/** The game's state and actions, from the board it opens on; notices clear themselves after 3 s. */
export function useGame(open: () => GameState) {
  const [state, dispatch] = useReducer(boardReducer, undefined, open);
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

  return [state, dispatch] as const;
}
