import * as z from 'zod/mini';
import { REMINDER_DEFAULT_TIME, reminderSubscriptionSchema } from '../../../core/reminders';
import {
  REMINDER_STATE_CACHE,
  REMINDER_STATE_KEY,
  storedReminderSchema,
  type ReminderLost,
  type ReminderState,
  type StoredReminder,
} from '../../../core/reminder-setting';
import type { PlayerData } from '../../../core/records';
import { STORED_ITEMS } from '../../../core/stored-items';
import { todayUtc } from '../clock';
import { readConsent, readRecord, writeRecord } from '../player-data/storage';
import { fromRecord, toRecord } from '../player-data/stored-record';

/**
 * The daily reminder on this device (docs/decisions.md "Daily reminder"): whether the browser can
 * send one, the push subscription, its setting kept in `linchpin_reminder`, the record the service
 * worker reads (public/sw-reminders.js), and the requests to /api/reminders (core/reminders.ts).
 * Loaded only with the setting, or by its door (reminder-gate.ts) when a reminder is on.
 */
const API = '/api/reminders';
/** GET /api/reminders/key: the server's VAPID public key, base64url. */
const keySchema = z.object({ publicKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{40,200}$/)) });
const ITEM = STORED_ITEMS.reminder;

export type ReminderChoice = Pick<StoredReminder, 'time' | 'onlyIfNotPlayed'>;
const OFF: StoredReminder = {
  on: false,
  time: REMINDER_DEFAULT_TIME,
  onlyIfNotPlayed: true,
  endpoint: null,
  renewedDay: null,
  lost: null,
};

/** The kept setting (off with the defaults when there is none, or no consent). */
export function readReminder(): StoredReminder {
  const kept = readRecord(
    ITEM.name,
    fromRecord((value) => {
      const parsed = storedReminderSchema.safeParse(value);
      return parsed.success ? parsed.data : undefined;
    }, todayUtc()),
  );
  return kept ?? OFF;
}

const keep = (reminder: StoredReminder) => writeRecord(ITEM.name, toRecord(reminder, ITEM.days));

/** What stands between this browser and a reminder; 'ok' when nothing does. */
export type ReminderSupport = 'ok' | 'unsupported' | 'iosNotInstalled' | 'denied' | 'noConsent';

export interface ReminderEnvironment {
  serviceWorker: boolean;
  push: boolean;
  notifications: boolean;
  permission: NotificationPermission | null;
  ios: boolean;
  standalone: boolean;
  consent: 'accepted' | 'rejected' | null;
}

/** This browser, as the setting sees it. */
export function reminderEnvironment(): ReminderEnvironment {
  const navigatorWithStandalone = navigator as Navigator & { standalone?: boolean };
  const notifications = typeof Notification !== 'undefined';
  return {
    serviceWorker: 'serviceWorker' in navigator,
    push: typeof PushManager !== 'undefined',
    notifications,
    permission: notifications ? Notification.permission : null,
    // iPadOS says it is a Mac, but a Mac has no touch screen.
    ios:
      /iPad|iPhone|iPod/.test(navigator.userAgent) ||
      (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1),
    standalone:
      navigatorWithStandalone.standalone === true ||
      window.matchMedia?.('(display-mode: standalone)').matches === true,
    consent: readConsent(),
  };
}

/**
 * Safari on iOS sends notifications only from a web app on the Home Screen (iOS 16.4+), and has
 * no Push API in its tabs: that case is told apart first, as it has a way out.
 */
export function reminderSupport(env: ReminderEnvironment): ReminderSupport {
  if (env.ios && !env.standalone) return 'iosNotInstalled';
  if (!env.serviceWorker || !env.push || !env.notifications) return 'unsupported';
  if (env.permission === 'denied') return 'denied';
  if (env.consent !== 'accepted') return 'noConsent';
  return 'ok';
}

/** The Cache Storage record the service worker reads: today finished here, and the streak. */
export function reminderState(data: PlayerData): ReminderState {
  return {
    finishedDay: data.daily?.completed ? data.daily.date : null,
    streak: data.stats?.currentStreak ?? 0,
    streakDay: data.stats?.lastPlayedDate ?? null,
  };
}

/** Writes the service worker's record (only while the reminder is on). */
export async function writeReminderState(data: PlayerData): Promise<void> {
  if (typeof caches === 'undefined' || !readReminder().on) return;
  const cache = await caches.open(REMINDER_STATE_CACHE);
  await cache.put(
    REMINDER_STATE_KEY,
    new Response(JSON.stringify(reminderState(data)), {
      headers: { 'content-type': 'application/json' },
    }),
  );
}

type Answer = { ok: true; body: unknown } | { ok: false; status: number };

async function call(method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<Answer> {
  try {
    const response = await fetch(`${API}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
      keepalive: method !== 'GET',
    });
    const json = (response.headers.get('content-type') ?? '').includes('application/json');
    const parsed: unknown = json ? await response.json().catch(() => null) : null;
    return response.ok ? { ok: true, body: parsed } : { ok: false, status: response.status };
  } catch {
    // Offline, or no server behind a static host.
    return { ok: false, status: 0 };
  }
}

/** Tells the server to forget a subscription (it answers 204 whether or not it had it). */
export const deleteOnServer = (endpoint: string) => call('POST', '/delete', { endpoint });

/** Why turning the reminder on or changing it did not work. */
export type ReminderProblem = 'notAllowed' | 'denied' | 'serverDown' | 'subscribeFailed';
export type ReminderOutcome =
  { ok: true; reminder: StoredReminder } | { ok: false; problem: ReminderProblem };

/** The VAPID key as the Push API takes it (base64url to bytes). */
function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replaceAll('-', '+').replaceAll('_', '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const WORKER_WAIT_MS = 10_000;

/** The service worker's registration, or null when none is running (a first visit's first seconds). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const worker = await registration();
  return (await worker?.pushManager.getSubscription()) ?? null;
}

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const finishedDay = (data: PlayerData) => reminderState(data).finishedDay;

async function put(
  subscription: PushSubscription,
  settings: ReminderChoice,
  data: PlayerData,
): Promise<boolean> {
  const parsed = reminderSubscriptionSchema.safeParse(subscription.toJSON());
  if (!parsed.success) return false;
  const answer = await call('PUT', '', {
    subscription: parsed.data,
    time: settings.time,
    timeZone: timeZone(),
    onlyIfNotPlayed: settings.onlyIfNotPlayed,
    finishedDay: finishedDay(data),
  });
  return answer.ok;
}

/**
 * Turns the reminder on: the browser's permission (asked only now), a push subscription with the
 * server's key, and the server told. Anything failing leaves it off, with nothing half done.
 */
export async function turnOn(settings: ReminderChoice, data: PlayerData): Promise<ReminderOutcome> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { ok: false, problem: 'denied' };
  if (permission !== 'granted') return { ok: false, problem: 'notAllowed' };
  const key = await call('GET', '/key');
  const publicKey = key.ok ? keySchema.safeParse(key.body) : null;
  if (!publicKey?.success) return { ok: false, problem: 'serverDown' };
  let subscription: PushSubscription;
  try {
    const worker = await registration();
    if (!worker) return { ok: false, problem: 'subscribeFailed' };
    subscription =
      (await worker.pushManager.getSubscription()) ??
      (await worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey.data.publicKey),
      }));
  } catch {
    return { ok: false, problem: 'subscribeFailed' };
  }
  if (!(await put(subscription, settings, data))) {
    await subscription.unsubscribe().catch(() => false);
    return { ok: false, problem: 'serverDown' };
  }
  const reminder: StoredReminder = {
    ...settings,
    on: true,
    endpoint: subscription.endpoint,
    renewedDay: todayUtc(),
    lost: null,
  };
  keep(reminder);
  await writeReminderState(data).catch(() => undefined);
  return { ok: true, reminder };
}

/** A new hour or "only if not played": the server is told; kept only once it has it. */
export async function changeReminder(
  settings: ReminderChoice,
  data: PlayerData,
): Promise<ReminderOutcome> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return { ok: false, problem: 'subscribeFailed' };
  if (!(await put(subscription, settings, data))) return { ok: false, problem: 'serverDown' };
  const reminder: StoredReminder = {
    ...readReminder(),
    ...settings,
    on: true,
    endpoint: subscription.endpoint,
    renewedDay: todayUtc(),
  };
  keep(reminder);
  return { ok: true, reminder };
}

/** Ends the subscription here and on the server; the hour is kept for next time. */
async function endSubscription(endpoint: string | null): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  const endpoints = new Set([endpoint, subscription?.endpoint].filter((e) => e != null));
  // Once unsubscribed, the push service refuses the server's messages (410) even if this
  // request is lost: the server then deletes the subscription as well.
  await Promise.all([...endpoints].map((each) => deleteOnServer(each)));
  await subscription?.unsubscribe().catch(() => false);
  if (typeof caches !== 'undefined') await caches.delete(REMINDER_STATE_CACHE).catch(() => false);
}

export async function turnOff(lost: ReminderLost | null = null): Promise<StoredReminder> {
  const kept = readReminder();
  await endSubscription(kept.endpoint);
  const reminder: StoredReminder = { ...kept, on: false, endpoint: null, renewedDay: null, lost };
  keep(reminder);
  return reminder;
}

/**
 * The app opened with the reminder on: a revoked permission or a lost subscription turns it off
 * (and off the server) with its reason; otherwise the service worker's record is brought up to
 * date, and the server's copy renewed at most once a day.
 */
export async function checkReminder(data: PlayerData): Promise<void> {
  const kept = readReminder();
  if (!kept.on) return;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') {
    await turnOff('permission');
    return;
  }
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) {
    await turnOff('subscription');
    return;
  }
  await writeReminderState(data).catch(() => undefined);
  const moved = subscription.endpoint !== kept.endpoint;
  if (kept.renewedDay === todayUtc() && !moved) return;
  if (await put(subscription, kept, data)) {
    if (moved && kept.endpoint) await deleteOnServer(kept.endpoint);
    keep({ ...kept, endpoint: subscription.endpoint, renewedDay: todayUtc() });
  }
}

/** Today's daily puzzle just ended here: no reminder today (only-if-not-played). */
export async function dailyFinished(data: PlayerData, today: string): Promise<void> {
  const kept = readReminder();
  if (!kept.on || !kept.endpoint) return;
  await writeReminderState(data).catch(() => undefined);
  const answer = await call('POST', '/finished', { endpoint: kept.endpoint, day: today });
  // The server lost it (deleted after a failed send): it is given again.
  if (!answer.ok && answer.status === 404) {
    keep({ ...kept, renewedDay: null });
    await checkReminder(data);
  }
}
