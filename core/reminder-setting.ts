import * as z from 'zod/mini';
import { isIsoDate } from './dates';
import { reminderSettingsSchema } from './reminders';

/**
 * The daily reminder as this device keeps it (`linchpin_reminder`, core/stored-items.ts) and the
 * record the page keeps for the service worker in Cache Storage (public/sw-reminders.js reads it).
 * zod/mini, loaded only with the reminder's code.
 */
/** HH:MM, as the API takes it. */
const time = reminderSettingsSchema.shape.time;
const day = z.string().check(z.refine(isIsoDate, 'a day, YYYY-MM-DD'));

/** Why the app turned the reminder off by itself (shown by the setting until it is turned on again). */
export const REMINDER_LOST = ['permission', 'subscription'] as const;
export type ReminderLost = (typeof REMINDER_LOST)[number];

export const storedReminderSchema = z.object({
  on: z.boolean(),
  time,
  onlyIfNotPlayed: z.boolean(),
  /** The push subscription's endpoint while on. */
  endpoint: z.nullable(z.string().check(z.maxLength(1000))),
  /** The UTC day the server last had the reminder (PUT), so the renewal goes at most once a day. */
  renewedDay: z.nullable(day),
  lost: z.nullable(z.enum(REMINDER_LOST)),
});
export type StoredReminder = z.infer<typeof storedReminderSchema>;

/** Cache Storage: the cache and the key the service worker reads (public/sw-reminders.js). */
export const REMINDER_STATE_CACHE = 'linchpin-reminder';
export const REMINDER_STATE_KEY = '/reminder-state';

export const reminderStateSchema = z.object({
  /** The last UTC day today's daily puzzle was finished on this device (won or lost). */
  finishedDay: z.nullable(day),
  /** The current streak and the day of its last win (core/streaks.ts). */
  streak: z.int().check(z.minimum(0)),
  streakDay: z.nullable(day),
});
export type ReminderState = z.infer<typeof reminderStateSchema>;
