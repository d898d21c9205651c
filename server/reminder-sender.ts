import webpush from 'web-push';
import { utcDate } from '../core/dates';
import { reminderMessage } from '../core/reminders';
import { type Database, type Queryable } from './db/database';
import { claimDueReminders, deleteReminderById, type ClaimedReminder } from './db/reminders-store';
import { type Vapid } from './db/vapid-keys';
import { pushWorker } from './push-worker';

/**
 * The reminder sender (docs/server.md "Daily reminders"): every minute, one process across all
 * (on PostgreSQL the one holding an advisory lock; the embedded database has one process) claims
 * the reminders due (server/db/reminders-store.ts claimDueReminders: each at most once a local
 * day) a batch at a time, and sends each to its push service, encrypted (RFC 8291) and signed
 * (VAPID, RFC 8292) by web-push, at most `concurrency` at once. A push service's 404 or 410 (the
 * subscription is gone) deletes it; 429 and 5xx, or no answer, are tried again after a backoff
 * (the service's Retry-After when it gives one) while the reminder's hour lasts. Each round logs
 * its counts as one JSON line.
 */

// Any fixed number, not the migration's (server/db/migrate.ts): one sender across all processes.
export const REMINDER_SENDER_LOCK_KEY = 7_146_345;
export const REMINDER_SEND_EVERY_MS = 60_000;
/** Sends in flight at once: bounds memory and sockets whatever the number due. */
export const REMINDER_CONCURRENCY = 200;
/** Rows claimed at a time. */
export const REMINDER_CLAIM_BATCH = 2000;
/** A push service that answers nothing for this long has failed this try. */
const SEND_TIMEOUT_MS = 10_000;
/** A reminder that could not be delivered in a few hours is no use any more. */
const REMINDER_TTL_S = 3 * 3600;
/** The first retry's wait, doubled at each (capped), when the service gives no Retry-After. */
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 5 * 60_000;
/** Tries of one reminder at most, whatever its hour leaves. */
const MAX_ATTEMPTS = 10;
/** A VAPID signature is valid 12 hours; one is made per push service per hour and reused. */
const VAPID_REUSE_MS = 3_600_000;
const VAPID_VALID_S = 12 * 3600;
/** Coalesces an undelivered reminder with the next (RFC 8030 Topic). */
const TOPIC = 'linchpin-reminder';

export interface SenderLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface RoundCounts {
  /** Reminders claimed (due) this round. */
  due: number;
  sent: number;
  /** Subscriptions the push service said are gone, deleted. */
  deleted: number;
  /** Given up: refused otherwise, or still failing when their hour ended. */
  failed: number;
  /** Tries again scheduled (429, 5xx, no answer). */
  retried: number;
}

export interface SenderMetrics {
  reminders(outcome: 'sent' | 'failed' | 'deleted', count: number): void;
}

export interface SenderOptions {
  db: Database;
  vapid: () => Promise<Vapid>;
  log: SenderLog;
  /** The clock; the process's own (faketime moves it) unless a test gives another. */
  now?: () => number;
  everyMs?: number;
  concurrency?: number;
  batch?: number;
  /** The first retry's wait when no Retry-After (tests shorten it). */
  firstRetryMs?: number;
  metrics?: SenderMetrics;
}

export interface ReminderSender {
  /** One round now (tests; the timer calls it every minute). Resolves when its first tries ended. */
  round(): Promise<RoundCounts | null>;
  /** Waits for the round in flight and every retry scheduled. */
  settled(): Promise<void>;
  stop(): void;
}

type Outcome = 'sent' | 'deleted' | 'failed' | 'retry';

/** What a push service's answer means for the subscription. */
export function outcomeOf(status: number | null): Exclude<Outcome, 'retry'> | 'retry' {
  if (status !== null && status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'deleted';
  if (status === null || status === 429 || status >= 500) return 'retry';
  return 'failed';
}

/** How long to wait before try `attempt` (1 = the first retry): Retry-After, else doubling. */
export function retryDelayMs(attempt: number, retryAfter: string | null, firstMs: number): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, LONGEST_RETRY_MS);
  const date = retryAfter === null ? Number.NaN : Date.parse(retryAfter);
  if (Number.isFinite(date)) return Math.min(Math.max(0, date - Date.now()), LONGEST_RETRY_MS);
  return Math.min(firstMs * 2 ** (attempt - 1), LONGEST_RETRY_MS);
}

/** Runs `work` on each item, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function startReminderSender(options: SenderOptions): ReminderSender {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const concurrency = options.concurrency ?? REMINDER_CONCURRENCY;
  const batch = options.batch ?? REMINDER_CLAIM_BATCH;
  const firstRetryMs = options.firstRetryMs ?? FIRST_RETRY_MS;
  const vapidHeaders = new Map<string, { authorization: string; madeMs: number }>();
  const retries = new Set<Promise<void>>();
  const timers = new Map<NodeJS.Timeout, () => void>();
  // Connections to push services kept between messages, at most as many as sends in flight.
  const pusher = pushWorker(concurrency, (error) =>
    log.warn({ err: error }, 'reminders: the push worker failed; its messages are tried again'),
  );
  let running: Promise<RoundCounts | null> | null = null;
  let stopped = false;

  // Signatures are timed by the process's own clock (the push service checks them against the
  // real time), never the clock a test gives for when reminders are due.
  const authorization = (endpoint: string, vapid: Vapid): string => {
    const audience = new URL(endpoint).origin;
    const cached = vapidHeaders.get(audience);
    if (cached && Date.now() - cached.madeMs < VAPID_REUSE_MS) return cached.authorization;
    const headers = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) + VAPID_VALID_S,
    );
    vapidHeaders.set(audience, { authorization: headers.Authorization, madeMs: Date.now() });
    return headers.Authorization;
  };

  /**
   * One try, made and posted by the push worker (server/push-worker.ts), off this thread: the push
   * service's status (null: no answer; 400 when no message can be made of the subscription).
   */
  const sendOnce = async (reminder: ClaimedReminder, vapid: Vapid, utcDay: string) => {
    let signed: string;
    try {
      signed = authorization(reminder.endpoint, vapid);
    } catch (error) {
      log.warn({ err: error }, 'reminders: a message could not be made');
      return { status: 400, retryAfter: null };
    }
    const answer = await pusher.push({
      endpoint: reminder.endpoint,
      p256dh: reminder.p256dh,
      auth: reminder.auth,
      payload: JSON.stringify(reminderMessage(utcDay)),
      authorization: signed,
      ttlSeconds: REMINDER_TTL_S,
      topic: TOPIC,
      timeoutMs: SEND_TIMEOUT_MS,
    });
    // Keys no push service would accept (the browser sent something else): never retried.
    if (answer.unmakeable)
      log.warn({ err: { message: answer.unmakeable } }, 'reminders: a message could not be made');
    return answer;
  };

  const count = (counts: RoundCounts, outcome: Exclude<Outcome, 'retry'>) => {
    counts[outcome] += 1;
    options.metrics?.reminders(outcome, 1);
  };

  /** Tries a reminder; a retryable failure schedules the next try within its hour. */
  const deliver = async (
    reminder: ClaimedReminder,
    vapid: Vapid,
    utcDay: string,
    counts: RoundCounts,
    attempt: number,
  ): Promise<void> => {
    const { status, retryAfter } = await sendOnce(reminder, vapid, utcDay);
    let outcome = outcomeOf(status);
    if (outcome === 'deleted') await deleteReminderById(db, reminder.id).catch(() => undefined);
    if (outcome === 'retry') {
      const wait = retryDelayMs(attempt, retryAfter, firstRetryMs);
      if (stopped || attempt >= MAX_ATTEMPTS || now() + wait >= reminder.windowEndsMs)
        outcome = 'failed';
      else {
        counts.retried += 1;
        const later = new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            void deliver(reminder, vapid, utcDay, counts, attempt + 1).finally(resolve);
          }, wait);
          timers.set(timer, resolve);
          // A stopped sender leaves the rest of the hour's retries undone.
          timer.unref();
        });
        retries.add(later);
        void later.finally(() => retries.delete(later));
        return;
      }
    }
    count(counts, outcome);
    if (attempt > 1)
      log.info(
        { reminders: { endpointOrigin: new URL(reminder.endpoint).origin, attempt, outcome } },
        'reminder retried',
      );
  };

  /** Claims and sends until nothing is due; only one process at a time gets here. */
  const sendDue = async (claimOn: Queryable): Promise<RoundCounts> => {
    const counts: RoundCounts = { due: 0, sent: 0, deleted: 0, failed: 0, retried: 0 };
    const vapid = await options.vapid();
    let afterId = '0';
    for (;;) {
      const at = now();
      const utcDay = utcDate(at);
      const claimed = await claimDueReminders(claimOn, {
        nowMs: at,
        utcToday: utcDay,
        limit: batch,
        afterId,
      });
      counts.due += claimed.length;
      // RETURNING keeps no order: the next batch starts after the highest id of this one.
      for (const reminder of claimed)
        if (BigInt(reminder.id) > BigInt(afterId)) afterId = reminder.id;
      await eachLimited(claimed, concurrency, (reminder) =>
        deliver(reminder, vapid, utcDay, counts, 1),
      );
      if (claimed.length < batch || stopped) break;
    }
    return counts;
  };

  const runRound = async (): Promise<RoundCounts | null> => {
    const started = now();
    let counts: RoundCounts | null;
    if (db.kind === 'postgres' && db.session) {
      counts = await db.session(async (connection) => {
        const rows = await connection.query('SELECT pg_try_advisory_lock($1) AS locked', [
          REMINDER_SENDER_LOCK_KEY,
        ]);
        if (rows[0]?.locked !== true) return null;
        try {
          return await sendDue(connection);
        } finally {
          await connection.query('SELECT pg_advisory_unlock($1)', [REMINDER_SENDER_LOCK_KEY]);
        }
      });
    } else {
      counts = await sendDue(db);
    }
    if (counts && counts.due > 0)
      log.info(
        { reminders: { ...counts, ms: now() - started } },
        `reminders: ${counts.sent} sent, ${counts.deleted} deleted, ${counts.failed} failed, ${counts.retried} to retry, of ${counts.due} due`,
      );
    return counts;
  };

  const round = (): Promise<RoundCounts | null> => {
    // A round still sending when the next minute comes: that minute is skipped (the next round
    // finds whatever came due meanwhile, within its hour).
    if (running) return running;
    running = runRound()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'reminders: the round failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void round(), options.everyMs ?? REMINDER_SEND_EVERY_MS);
  timer.unref();
  return {
    round,
    async settled() {
      await running;
      while (retries.size > 0) await Promise.all([...retries]);
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      for (const [pending, resolve] of timers) {
        clearTimeout(pending);
        resolve();
      }
      timers.clear();
      // The messages already on their way are answered first; then the worker ends.
      void Promise.resolve(running).finally(() => pusher.close());
    },
  };
}
