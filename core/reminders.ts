import * as z from 'zod/mini';
import { isIsoDate } from './dates';

/**
 * The daily reminder (issue 45; docs/server.md "Daily reminders"): its texts, its address and the
 * shapes of what the browser sends to /api/reminders, shared by the browser, the service worker's
 * page side and the server. Pure: no clock, times are passed in. zod/mini, so the browser's copy
 * stays small.
 */
export const REMINDER_DEFAULT_TIME = '18:00';
export const REMINDER_TITLE = "Today's Linchpin is waiting";
/** The notification's body when the player has a streak; `{streak}` is replaced by the number. */
export const REMINDER_STREAK_TEXT = 'Keep your {streak}-day streak';
export const REMINDER_URL = '/game';

/** An endpoint is a push service's https address, at most this long. */
export const REMINDER_ENDPOINT_MAX = 1000;
/** Every /api/reminders body is at most this many bytes. */
export const REMINDER_BODY_LIMIT = 2048;

/** The error codes /api/reminders answers with (`{ "error": code }`). */
export const REMINDER_ERRORS = {
  unavailable: 'remindersUnavailable',
  noSuchReminder: 'noSuchReminder',
  badEndpoint: 'badEndpoint',
  badKeys: 'badKeys',
  badTime: 'badTime',
  badTimeZone: 'badTimeZone',
  badDay: 'badDay',
  badRequest: 'badRequest',
} as const;
export type ReminderError = (typeof REMINDER_ERRORS)[keyof typeof REMINDER_ERRORS];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A push subscription's key, base64url (p256dh: 65 bytes, auth: 16 bytes; a little slack). */
const KEY = /^[A-Za-z0-9_-]+={0,2}$/;

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const coded = (code: ReminderError) => ({ message: code });

export const reminderEndpointSchema = z
  .string()
  .check(
    z.maxLength(REMINDER_ENDPOINT_MAX, coded('badEndpoint')),
    z.refine(isHttpsUrl, coded('badEndpoint')),
  );
const keySchema = z
  .string()
  .check(
    z.minLength(16, coded('badKeys')),
    z.maxLength(200, coded('badKeys')),
    z.regex(KEY, coded('badKeys')),
  );
const daySchema = z.string().check(z.refine(isIsoDate, coded('badDay')));

/** What `pushManager.subscribe()` gives, as its toJSON() writes it (other fields are dropped). */
export const reminderSubscriptionSchema = z.object({
  endpoint: reminderEndpointSchema,
  keys: z.object({ p256dh: keySchema, auth: keySchema }),
});

/** PUT /api/reminders: turn the reminder on, change it, or renew it. */
export const reminderSettingsSchema = z.object({
  subscription: reminderSubscriptionSchema,
  time: z.string().check(z.regex(TIME, coded('badTime'))),
  timeZone: z.string().check(z.refine(isTimeZone, coded('badTimeZone'))),
  onlyIfNotPlayed: z.boolean(),
  finishedDay: z.nullable(daySchema),
});

/** POST /api/reminders/finished: this device finished today's daily. */
export const reminderFinishedSchema = z.object({
  endpoint: reminderEndpointSchema,
  day: daySchema,
});

/** POST /api/reminders/delete: turn it off, forget it. */
export const reminderDeleteSchema = z.object({ endpoint: reminderEndpointSchema });

/** The push message's JSON (encrypted by the server, read by the service worker). */
export const reminderMessageSchema = z.object({
  title: z.string(),
  streakText: z.string(),
  url: z.string(),
  day: daySchema,
});

export type ReminderSubscription = z.infer<typeof reminderSubscriptionSchema>;
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
export type ReminderFinished = z.infer<typeof reminderFinishedSchema>;
export type ReminderMessage = z.infer<typeof reminderMessageSchema>;

/** The message for the UTC day `day`. */
export function reminderMessage(day: string): ReminderMessage {
  return { title: REMINDER_TITLE, streakText: REMINDER_STREAK_TEXT, url: REMINDER_URL, day };
}

/** The first error code of a failed parse (`badRequest` when no field names one). */
export function reminderProblem(error: z.core.$ZodError): ReminderError {
  const codes = Object.values(REMINDER_ERRORS) as string[];
  const found = error.issues.find((issue) => codes.includes(issue.message));
  return (found?.message as ReminderError | undefined) ?? 'badRequest';
}
