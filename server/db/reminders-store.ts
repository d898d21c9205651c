import { z } from 'zod';
import { type ReminderSettings } from '../../core/reminders';
import { type Queryable } from './database';

/**
 * Daily reminders (server/db/migrations/008-reminders.sql): one row per push subscription, found
 * by its endpoint. Every query is parameterised, the same on both databases. When a reminder is
 * due is decided here, in SQL, in the subscription's own time zone (PostgreSQL's time zone data),
 * so daylight saving moves it with the player's clock: claimDue is the one definition.
 */

/** A subscription not renewed (PUT /api/reminders) for this long is deleted. */
export const REMINDER_RENEW_WITHIN_DAYS = 365;

/** Whether PostgreSQL knows `timeZone` (the sender's queries must never meet one it does not). */
export async function knownTimeZone(db: Queryable, timeZone: string): Promise<boolean> {
  try {
    await db.query('SELECT now() AT TIME ZONE $1 AS local', [timeZone]);
    return true;
  } catch {
    return false;
  }
}

/** Creates or updates the subscription of `settings.subscription.endpoint`, and renews it. */
export async function saveReminder(db: Queryable, settings: ReminderSettings): Promise<void> {
  const { subscription } = settings;
  await db.query(
    `INSERT INTO reminder_subscriptions
       (endpoint, p256dh, auth, local_time, time_zone, only_if_not_played, finished_day)
     VALUES ($1, $2, $3, $4::time, $5, $6, $7::date)
     ON CONFLICT (endpoint) DO UPDATE SET
       p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, local_time = EXCLUDED.local_time,
       time_zone = EXCLUDED.time_zone, only_if_not_played = EXCLUDED.only_if_not_played,
       finished_day = GREATEST(reminder_subscriptions.finished_day, EXCLUDED.finished_day),
       renewed_at = now()`,
    [
      subscription.endpoint,
      subscription.keys.p256dh,
      subscription.keys.auth,
      settings.time,
      settings.timeZone,
      settings.onlyIfNotPlayed,
      settings.finishedDay,
    ],
  );
}

/** Records that the device finished the puzzle of the UTC day `day`; false when no such reminder. */
export async function markFinished(db: Queryable, endpoint: string, day: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE reminder_subscriptions
        SET finished_day = GREATEST(finished_day, $2::date)
      WHERE endpoint = $1 RETURNING id`,
    [endpoint, day],
  );
  return rows.length > 0;
}

/** Deletes the subscription of `endpoint`: how many there were (0 or 1). */
export async function deleteReminder(db: Queryable, endpoint: string): Promise<number> {
  const rows = await db.query(
    'DELETE FROM reminder_subscriptions WHERE endpoint = $1 RETURNING id',
    [endpoint],
  );
  return rows.length;
}

/** Deletes every subscription not renewed for REMINDER_RENEW_WITHIN_DAYS at `nowMs`. */
export async function deleteUnrenewedReminders(db: Queryable, nowMs: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM reminder_subscriptions
      WHERE renewed_at < $1::timestamptz - make_interval(days => $2) RETURNING id`,
    [new Date(nowMs).toISOString(), REMINDER_RENEW_WITHIN_DAYS],
  );
  return rows.length;
}

/** A reminder claimed for sending: where to, its keys, for which local day, and until when. */
export interface ClaimedReminder {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The player's local date it is sent for (now its last_sent_day). */
  localDay: string;
  /** The end of its hour: no retry after this (epoch ms). */
  windowEndsMs: number;
}

const claimedRow = z.object({
  id: z.union([z.string(), z.number(), z.bigint()]).transform(String),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  local_day: z.string(),
  window_ends: z.union([z.string(), z.date()]).transform((value) => new Date(value).getTime()),
});

/**
 * Claims up to `limit` reminders due at `nowMs` and returns them: each is due when, in its own
 * time zone, the local time is at or after its time and less than an hour after it (an evening
 * time's hour may run past midnight: it counts for the day it began), it was not yet sent that
 * local day, and, when only if not played, the device has not finished the puzzle of `utcToday`.
 * Claiming sets last_sent_day in the same statement, under the row's lock, so a reminder is
 * claimed once a local day whoever else claims at the same time: it is never sent twice.
 * `afterId`: only rows after that id (a round claims batch after batch, never reading a claimed
 * row again).
 */
export async function claimDueReminders(
  db: Queryable,
  options: { nowMs: number; utcToday: string; limit: number; afterId?: string },
): Promise<ClaimedReminder[]> {
  const rows = await db.query(
    `WITH due AS (
       SELECT id, local_day, window_ends FROM (
         SELECT id, last_sent_day,
                (($1::timestamptz AT TIME ZONE time_zone) - local_time::interval) AS since
           FROM reminder_subscriptions
          WHERE id > $4::bigint
            AND (NOT only_if_not_played OR finished_day IS DISTINCT FROM $2::date)
       ) candidates,
       LATERAL (SELECT since::date AS local_day,
                       $1::timestamptz + (interval '1 hour' - since::time::interval) AS window_ends) w
       WHERE since::time < time '01:00' AND last_sent_day IS DISTINCT FROM since::date
       ORDER BY id
       LIMIT $3
     )
     UPDATE reminder_subscriptions r
        SET last_sent_day = due.local_day
       FROM due
      WHERE r.id = due.id AND r.last_sent_day IS DISTINCT FROM due.local_day
     RETURNING r.id, r.endpoint, r.p256dh, r.auth, due.local_day::text AS local_day,
               due.window_ends`,
    [
      new Date(options.nowMs).toISOString(),
      options.utcToday,
      options.limit,
      options.afterId ?? '0',
    ],
  );
  return rows.map((row) => {
    const parsed = claimedRow.parse(row);
    return {
      id: parsed.id,
      endpoint: parsed.endpoint,
      p256dh: parsed.p256dh,
      auth: parsed.auth,
      localDay: parsed.local_day,
      windowEndsMs: parsed.window_ends,
    };
  });
}

/** Deletes a subscription the push service said is gone (404/410), by its id. */
export async function deleteReminderById(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM reminder_subscriptions WHERE id = $1', [id]);
}

/** Subscriptions stored (the owner's report, the bench). */
export async function countReminders(db: Queryable): Promise<number> {
  const rows = await db.query('SELECT count(*)::int AS n FROM reminder_subscriptions');
  return z.object({ n: z.number() }).parse(rows[0]).n;
}
