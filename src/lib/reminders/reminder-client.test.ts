import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_PLAYER, type PlayerData } from '../../../core/records';
import { STORAGE_PREFIX, STORED_ITEMS } from '../../../core/stored-items';
import { todayUtc } from '../clock';
import { checkReminder, dailyFinished, readReminder, reminderSupport } from './reminder-client';

const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';
const ENDPOINT = 'https://push.example.test/send/abc';
const NAME = STORAGE_PREFIX + STORED_ITEMS.reminder.name;
const calls: { method: string; url: string; body: unknown }[] = [];
let subscription: {
  endpoint: string;
  toJSON: () => unknown;
  unsubscribe: () => Promise<boolean>;
} | null;
let status = 204;

function browser(permission: NotificationPermission) {
  vi.stubGlobal('Notification', { permission });
  const registration = { pushManager: { getSubscription: () => Promise.resolve(subscription) } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
      });
      return Promise.resolve(new Response(null, { status }));
    }),
  );
}

function keep(value: Record<string, unknown>) {
  localStorage.setItem(
    NAME,
    JSON.stringify({
      expires: '2999-01-01',
      value: {
        on: true,
        time: '07:15',
        onlyIfNotPlayed: true,
        endpoint: ENDPOINT,
        renewedDay: null,
        lost: null,
        ...value,
      },
    }),
  );
}

const won: PlayerData = {
  ...EMPTY_PLAYER,
  daily: { completed: true, won: true, date: todayUtc(), score: 3, attempts: 2 },
  stats: { currentStreak: 4, maxStreak: 4, lastPlayedDate: todayUtc() },
};

beforeEach(() => {
  document.cookie = `${STORAGE_PREFIX}cookie_consent=accepted; path=/`;
  calls.length = 0;
  status = 204;
  subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: P256DH, auth: AUTH } }),
    unsubscribe: () => Promise.resolve(true),
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('checkReminder, as the app opens', () => {
  it('notifications no longer allowed: the server forgets it, and it shows off with the reason', async () => {
    keep({});
    browser('denied');
    await checkReminder(EMPTY_PLAYER);
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/reminders/delete',
      body: { endpoint: ENDPOINT },
    });
    expect(readReminder()).toMatchObject({ on: false, lost: 'permission', time: '07:15' });
  });

  it('the subscription gone: the server forgets it, and it shows off with the reason', async () => {
    keep({});
    subscription = null;
    browser('granted');
    await checkReminder(EMPTY_PLAYER);
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/reminders/delete',
      body: { endpoint: ENDPOINT },
    });
    expect(readReminder()).toMatchObject({ on: false, lost: 'subscription' });
  });

  it('renews it once a day, with today finished', async () => {
    keep({});
    browser('granted');
    await checkReminder(won);
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/api/reminders',
        body: {
          subscription: { endpoint: ENDPOINT, keys: { p256dh: P256DH, auth: AUTH } },
          time: '07:15',
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          onlyIfNotPlayed: true,
          finishedDay: todayUtc(),
        },
      },
    ]);
    expect(readReminder().renewedDay).toBe(todayUtc());
    await checkReminder(won);
    expect(calls).toHaveLength(1);
  });

  it('sends nothing for a reminder that is off', async () => {
    keep({ on: false, endpoint: null });
    browser('granted');
    await checkReminder(won);
    expect(calls).toEqual([]);
  });
});

describe('dailyFinished', () => {
  it('tells the server today is finished here', async () => {
    keep({ renewedDay: todayUtc() });
    browser('granted');
    await dailyFinished(won, todayUtc());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/reminders/finished',
        body: { endpoint: ENDPOINT, day: todayUtc() },
      },
    ]);
  });

  it('a server that lost it (404) is given it again', async () => {
    keep({ renewedDay: todayUtc() });
    browser('granted');
    status = 404;
    await dailyFinished(won, todayUtc());
    expect(calls.map((call) => call.method)).toEqual(['POST', 'PUT']);
  });
});

describe('reminderSupport', () => {
  const able = {
    serviceWorker: true,
    push: true,
    notifications: true,
    permission: 'default',
    ios: false,
    standalone: false,
    consent: 'accepted',
  } as const;
  it('tells each case apart, iOS in a tab first (it has no Push API there)', () => {
    expect(reminderSupport(able)).toBe('ok');
    expect(reminderSupport({ ...able, ios: true, push: false })).toBe('iosNotInstalled');
    expect(reminderSupport({ ...able, ios: true, standalone: true })).toBe('ok');
    expect(reminderSupport({ ...able, push: false })).toBe('unsupported');
    expect(reminderSupport({ ...able, serviceWorker: false })).toBe('unsupported');
    expect(reminderSupport({ ...able, permission: 'denied' })).toBe('denied');
    expect(reminderSupport({ ...able, consent: null })).toBe('noConsent');
    expect(reminderSupport({ ...able, consent: 'rejected' })).toBe('noConsent');
  });
});
