import { type FastifyBaseLogger } from 'fastify';
import { DELETE_ANY_AFTER_DAYS } from '../core/form-retention';
import { type Queryable } from './db/database';
import { deleteOlderThan } from './db/inbox-store';
import { deleteIdleGroups } from './db/friends-store';
import { deleteUnrenewedReminders, REMINDER_RENEW_WITHIN_DAYS } from './db/reminders-store';
import { utcDate } from '../core/dates';
import { GROUP_IDLE_DAYS } from '../core/friends';

/**
 * The privacy page's promise, kept by the server: messages and submissions the owner has handled
 * are deleted KEEP_HANDLED_DAYS days after they arrived, and every one, handled or not, is deleted
 * DELETE_ANY_AFTER_DAYS (335) days after it arrived, so that with backups kept BACKUP_KEEP_DAYS
 * (30) nothing is kept anywhere past 12 months. In the same sweep, groups of friends no one has
 * played in for GROUP_IDLE_DAYS days are deleted, and daily reminders not renewed for a year
 * (REMINDER_RENEW_WITHIN_DAYS). At start, then every hour; on PostgreSQL every
 * process does it, and a second DELETE finds nothing.
 */
export const RETENTION_SWEEP_EVERY_MS = 60 * 60 * 1000;

export function startRetentionSweep(
  db: Queryable,
  options: {
    days: number;
    log: FastifyBaseLogger;
    everyMs?: number;
    anyDays?: number;
    now?: () => number;
  },
): { stop: () => void; swept: () => Promise<void> } {
  const anyDays = options.anyDays ?? DELETE_ANY_AFTER_DAYS;
  let last: Promise<void> = Promise.resolve();
  const sweep = () => {
    last = deleteOlderThan(db, { handledDays: options.days, anyDays }).then(
      (counts) => {
        if (counts.messages + counts.submissions > 0)
          options.log.info(
            { deleted: counts },
            `deleted messages and submissions: handled ones older than ${options.days} days, any older than ${anyDays} days`,
          );
      },
      (error: unknown) => options.log.warn({ err: error }, 'could not delete old messages'),
    );
    const groups = deleteIdleGroups(db, utcDate(options.now?.() ?? Date.now())).then(
      (count) => {
        if (count > 0)
          options.log.info(
            { deleted: count },
            `deleted groups of friends no one played in for ${GROUP_IDLE_DAYS} days`,
          );
      },
      (error: unknown) => options.log.warn({ err: error }, 'could not delete idle groups'),
    );
    const reminders = deleteUnrenewedReminders(db, options.now?.() ?? Date.now()).then(
      (count) => {
        if (count > 0)
          options.log.info(
            { deleted: count },
            `deleted daily reminders not renewed for ${REMINDER_RENEW_WITHIN_DAYS} days`,
          );
      },
      (error: unknown) => options.log.warn({ err: error }, 'could not delete old reminders'),
    );
    last = Promise.all([last, groups, reminders]).then(() => undefined);
  };
  sweep();
  const timer = setInterval(sweep, options.everyMs ?? RETENTION_SWEEP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), swept: () => last };
}
