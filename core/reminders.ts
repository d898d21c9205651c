import * as z from 'zod/mini';
import { isIsoDate } from './dates';

export const REMINDER_DEFAULT_TIME = '18:00';
export const REMINDER_TITLE = "Today's Linchpin is waiting";
/** The notification's body when the player has a streak; `{streak}` is replaced by the number. */
export const REMINDER_STREAK_TEXT = 'Keep your {streak}-day streak';
export const REMINDER_URL = '/game';

/**
 * The daily reminder's API (/api/reminders, docs/decisions.md "Daily reminder"): every body the
 * browser sends and the server checks, and the push message. zod/mini, so the browser's copy
 * stays small; loaded only with the reminder's code.
 */
const day = z.string().check(z.refine(isIsoDate, 'a day, YYYY-MM-DD'));
/** A local time of day, HH:MM on a 24-hour clock. */
export const reminderTimeSchema = z.string().check(z.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/));
const endpoint = z.string().check(z.maxLength(1000), z.regex(/^https:\/\/\S+$/));
const key = z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[A-Za-z0-9_-]+={0,2}$/));

/** The browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const reminderSubscriptionSchema = z.object({
  endpoint,
  keys: z.object({ p256dh: key, auth: key }),
});
export type ReminderSubscription = z.infer<typeof reminderSubscriptionSchema>;

/** GET /api/reminders/key. */
export const reminderKeySchema = z.object({ publicKey: key });

/** PUT /api/reminders: turn on, change, or renew. */
export const reminderPutSchema = z.strictObject({
  subscription: reminderSubscriptionSchema,
  time: reminderTimeSchema,
  timeZone: z.string().check(z.minLength(1), z.maxLength(100)),
  onlyIfNotPlayed: z.boolean(),
  finishedDay: z.nullable(day),
});
export type ReminderPut = z.infer<typeof reminderPutSchema>;

/** POST /api/reminders/finished: this device finished today's puzzle. */
export const reminderFinishedSchema = z.strictObject({ endpoint, day });
export type ReminderFinished = z.infer<typeof reminderFinishedSchema>;

/** POST /api/reminders/delete. */
export const reminderDeleteSchema = z.strictObject({ endpoint });

/** The push message the server sends. */
export const reminderMessageSchema = z.object({
  title: z.string(),
  streakText: z.string(),
  url: z.string(),
  day,
});
export type ReminderMessage = z.infer<typeof reminderMessageSchema>;
