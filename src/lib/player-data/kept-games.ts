import { isGameOver, type GameState } from '../../../core/game/engine';
import { snapshotGame } from '../../../core/game/restore-game';
import { dropGame, keepGame } from '../../../core/game/saved-games';
import { afterPaintSlot } from '../after-paint';
import { loadPlayer } from './player-state';

// Apart from player-state.ts so the engine loads with the board, not with every page.
/** Keeps a game as it stands, after each move (a finished one only when it is today's daily). */
export async function keepGameState(
  state: GameState,
  where: { today: string; daily: boolean },
): Promise<void> {
  const store = await loadPlayer();
  const { data } = store;
  const games =
    isGameOver(state) && !where.daily
      ? dropGame(data.games, state.puzzle.id)
      : keepGame(
          data.games,
          snapshotGame(state, { playedOn: where.today, daily: where.daily }),
          where.today,
        );
  if (games !== data.games) store.save({ ...data, games });
}

const keepLater = afterPaintSlot();

/**
 * `keepGameState` once the frame the move caused has been drawn (or at once if the player leaves
 * the page first): a tap is answered on screen without waiting for storage (about 1.6 ms a move
 * under the bench's 4x slowdown).
 */
export function keepGameStateSoon(
  state: GameState,
  where: { today: string; daily: boolean },
): void {
  keepLater(() => void keepGameState(state, where));
}
