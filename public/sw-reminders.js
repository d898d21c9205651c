// Part of the service worker (vite.config.ts importScripts): the daily reminder's push message
// and its click (core/reminders.ts, docs/decisions.md "Daily reminder"). The page keeps what this
// needs in Cache Storage (src/lib/reminders/reminder-client.ts): the last day today's puzzle was
// finished on this device and the streak. Plain JavaScript: it runs as it is, in the worker.
/* global self, caches */

const REMINDER_CACHE = 'linchpin-reminder';
const REMINDER_STATE = '/reminder-state';
const REMINDER_TAG = 'linchpin-reminder';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The page's record, or null when there is none (or it is not what the page writes). */
async function readReminderState() {
  try {
    const cache = await caches.open(REMINDER_CACHE);
    const response = await cache.match(REMINDER_STATE);
    const state = response ? await response.json() : null;
    if (!state || typeof state !== 'object') return null;
    return {
      finishedDay: typeof state.finishedDay === 'string' ? state.finishedDay : null,
      streak: Number.isInteger(state.streak) ? state.streak : 0,
      streakDay: typeof state.streakDay === 'string' ? state.streakDay : null,
    };
  } catch {
    return null;
  }
}

/** The UTC day before `day` (YYYY-MM-DD). */
function dayBefore(day) {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** The message's fields, or null when it is not the reminder's message. */
function readReminderMessage(data) {
  let message = null;
  try {
    message = data ? data.json() : null;
  } catch {
    return null;
  }
  if (!message || typeof message.title !== 'string' || typeof message.day !== 'string') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(message.day)) return null;
  return {
    title: message.title,
    streakText: typeof message.streakText === 'string' ? message.streakText : '',
    url: typeof message.url === 'string' ? message.url : '/game',
    day: message.day,
  };
}

/** Shows the reminder unless today's puzzle is finished; the streak's line while it lives. */
async function showReminder(message) {
  const state = await readReminderState();
  if (state && state.finishedDay === message.day) return;
  const alive =
    state &&
    state.streak >= 1 &&
    (state.streakDay === message.day || state.streakDay === dayBefore(message.day));
  const options = { tag: REMINDER_TAG, icon: '/icon-192.png', data: { url: message.url } };
  if (alive && message.streakText)
    options.body = message.streakText.replace('{streak}', String(state.streak));
  await self.registration.showNotification(message.title, options);
}

self.addEventListener('push', (event) => {
  const message = readReminderMessage(event.data);
  if (message) event.waitUntil(showReminder(message));
});

/** The page to open: the message's path on this site, never another site's. */
function reminderTarget(notification) {
  const url = new URL(
    (notification.data && notification.data.url) || '/game',
    self.location.origin,
  );
  return url.origin === self.location.origin
    ? url.href
    : new URL('/game', self.location.origin).href;
}

async function openReminder(notification) {
  const target = reminderTarget(notification);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // Focus is the browser's to grant (a real click on the notification); the page is led there anyway.
    const focused = await open.focus().catch(() => open);
    const navigated = await focused.navigate(target).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(target);
}

/** The click on the reminder: it closes, and /game opens (in a window of the site if one is open). */
function onReminderClick(event) {
  if (event.notification.tag !== REMINDER_TAG) return;
  event.notification.close();
  event.waitUntil(openReminder(event.notification));
}

self.addEventListener('notificationclick', onReminderClick);
