import { ROUTES } from '../../../core/routes';

/** The Quick Break's countdown before Continue is enabled (SPEC §8). */
export const QUICK_BREAK_SECONDS = 5;

/** Where Continue leads: /game with the puzzle and mode the break was opened with, nothing else. */
export function continueHref(search: string): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ['puzzleId', 'mode']) {
    const value = given.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `${ROUTES.game}?${query}` : ROUTES.game;
}
