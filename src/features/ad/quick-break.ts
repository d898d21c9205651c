import { gameHref, readGameAddress } from '../../../core/routes';

/** The Quick Break's countdown before Continue is enabled (docs/spec.md §8). */
export const QUICK_BREAK_SECONDS = 5;

/** Where Continue leads: /game with the puzzle and mode the break was opened with, nothing else. */
export function continueHref(search: string): string {
  return gameHref(readGameAddress(search));
}
