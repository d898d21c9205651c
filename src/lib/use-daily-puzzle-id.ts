import { useEffect, useMemo } from 'react';
import type { PuzzleSummary } from '../../core/puzzle';
import type { PlayerStore } from '../../core/records';
import { dailyPuzzleChoice } from './player-data/player-state';

/** Today's puzzle id; the choice is remembered after the render that shows it. */
export function useDailyPuzzleId(
  player: PlayerStore,
  summaries: readonly PuzzleSummary[],
  today: string,
): string | null {
  const { puzzleId, remember } = useMemo(
    () => dailyPuzzleChoice(player.data, summaries, today),
    [player, summaries, today],
  );
  useEffect(() => {
    if (remember) player.save(remember);
  }, [player, remember]);
  return puzzleId;
}
