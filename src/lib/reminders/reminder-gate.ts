import type { PlayerData } from '../../../core/records';
import { STORED_ITEMS } from '../../../core/stored-items';
import { readConsent, recordNames } from '../player-data/storage';

/**
 * The small door to the daily reminder's code (reminder-client.ts), which loads only when a
 * reminder may be on: consent "accepted" and its setting kept on this device.
 */
const load = () => import('./reminder-client');
const warn = (error: unknown) => console.warn('Daily reminder', error);
const mayBeOn = () =>
  readConsent() === 'accepted' && recordNames().includes(STORED_ITEMS.reminder.name);

/** The app opened: the reminder is checked (permission, subscription) and renewed once a day. */
export function checkReminderAtStart(data: PlayerData): void {
  if (!mayBeOn()) return;
  void load()
    .then((reminder) => reminder.checkReminder(data))
    .catch(warn);
}

/**
 * The player's data changed: the worker's record follows the streak, and when today's daily
 * puzzle has just ended (won or lost) the server hears it, so no reminder comes today.
 */
export function reminderDataChanged(before: PlayerData, after: PlayerData, today: string): void {
  if (before.stats === after.stats && before.daily === after.daily) return;
  if (!mayBeOn()) return;
  const finishedNow = after.daily?.date === today && before.daily?.date !== today;
  void load()
    .then((reminder) =>
      finishedNow ? reminder.dailyFinished(after, today) : reminder.writeReminderState(after),
    )
    .catch(warn);
}
