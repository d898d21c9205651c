import type { CrowdResult } from '../../../core/crowd';
import { STORED_ITEMS } from '../../../core/stored-items';
import { readConsent, recordNames } from '../player-data/storage';
import type { CrowdAnswer } from './crowd-results';

/**
 * The small door to the crowd's code (crowd-results.ts), which loads only when needed: when a
 * game ends with consent "accepted", when a result waits from an earlier visit, or when the
 * finished board asks for the figures.
 */
const load = () => import('./crowd-results');

const warn = (error: unknown) => console.warn('Crowd results', error);

/** Counts a finished catalogue game (never a made puzzle): only with consent; never waits for it. */
export function countResult(result: CrowdResult | null): void {
  if (result === null || readConsent() !== 'accepted') return;
  void load()
    .then((crowd) => crowd.recordResult(result))
    .catch(warn);
}

/** Sends results kept from an earlier visit (offline, or the server was down then). */
export function sendWaitingResults(): void {
  if (readConsent() !== 'accepted') return;
  if (!recordNames().includes(STORED_ITEMS.crowdPending.name)) return;
  void load()
    .then((crowd) => crowd.sendPending())
    .catch(warn);
}

/**
 * Everyone's figures for a puzzle, asked only with consent "accepted": without it the page makes
 * no request to the results API at all, and the panel is not shown (docs/decisions.md).
 */
export function loadCrowd(puzzleId: string): Promise<CrowdAnswer> {
  if (readConsent() !== 'accepted') return Promise.resolve({ kind: 'none' });
  return load()
    .then((crowd) => crowd.fetchCrowd(puzzleId))
    .catch(() => ({ kind: 'unavailable' }) as const);
}
