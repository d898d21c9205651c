import type { FriendResult } from '../../../core/friends';
import { STORED_ITEMS } from '../../../core/stored-items';
import { readConsent, recordNames } from '../player-data/storage';

/**
 * The small door to the groups of friends' code (friends-data.ts), which loads only when needed:
 * when today's puzzle ends with consent "accepted", or when a result waits from an earlier visit.
 */
const load = () => import('./friends-data');
const warn = (error: unknown) => console.warn('Groups of friends', error);

/**
 * Today's daily puzzle just ended: its result goes to each of the device's groups, and is kept for
 * a group joined later today. Only with consent; never holds up the game.
 */
export function shareWithFriends(result: FriendResult | null): void {
  if (result === null || readConsent() !== 'accepted') return;
  void load()
    .then((friends) => friends.recordFriendResult(result))
    .catch(warn);
}

/** Sends a result kept from an earlier visit to the groups that do not have it yet. */
export function sendWaitingFriendResults(): void {
  if (readConsent() !== 'accepted') return;
  const names = recordNames();
  if (!names.includes(STORED_ITEMS.friendResult.name)) return;
  if (!names.includes(STORED_ITEMS.friendGroups.name)) return;
  void load()
    .then((friends) => friends.sendPending())
    .catch(warn);
}
