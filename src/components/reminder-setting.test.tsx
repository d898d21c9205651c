import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { REMINDER_DEFAULT_TIME } from '../../core/reminders';
import { STORAGE_PREFIX, STORED_ITEMS } from '../../core/stored-items';
import { ReminderSetting } from './reminder-setting';
import { REMINDER_STRINGS as T } from './reminder-strings';

const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';
const ENDPOINT = 'https://push.example.test/send/abc';
const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

interface Browser {
  permission: NotificationPermission;
  answer: NotificationPermission;
  serviceWorker: boolean;
  userAgent?: string;
  subscribeFails?: boolean;
}

const requests: { method: string; url: string; body: unknown }[] = [];
let serverUp = true;
let requestPermission: Mock<() => Promise<NotificationPermission>>;
let subscription: {
  endpoint: string;
  toJSON: () => unknown;
  unsubscribe: () => Promise<boolean>;
} | null;

function setUp(browser: Browser): void {
  const permission = { value: browser.permission };
  requestPermission = vi.fn(() => {
    permission.value = browser.answer;
    return Promise.resolve(browser.answer);
  });
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      get permission() {
        return permission.value;
      },
      requestPermission,
    }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  const pushManager = {
    getSubscription: () => Promise.resolve(subscription),
    subscribe: vi.fn(() => {
      if (browser.subscribeFails) return Promise.reject(new Error('no push service'));
      subscription = {
        endpoint: ENDPOINT,
        toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: P256DH, auth: AUTH } }),
        unsubscribe: vi.fn(() => {
          subscription = null;
          return Promise.resolve(true);
        }),
      };
      return Promise.resolve(subscription);
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: browser.serviceWorker
      ? {
          ready: Promise.resolve(registration),
          getRegistration: () => Promise.resolve(registration),
        }
      : undefined,
  });
  if (!browser.serviceWorker) Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    browser.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0',
  );
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      requests.push({ method: init.method ?? 'GET', url, body });
      if (!serverUp) return Promise.reject(new TypeError('Failed to fetch'));
      if (url.endsWith('/key'))
        return Promise.resolve(
          new Response(JSON.stringify({ publicKey: KEY }), {
            headers: { 'content-type': 'application/json' },
          }),
        );
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
}

const accept = () => (document.cookie = `${STORAGE_PREFIX}cookie_consent=accepted; path=/`);
const stored = () => localStorage.getItem(STORAGE_PREFIX + STORED_ITEMS.reminder.name);
const reminderSwitch = () => screen.findByRole('switch', { name: T.title });

beforeEach(() => {
  requests.length = 0;
  serverUp = true;
  subscription = null;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('ReminderSetting: where the browser cannot', () => {
  it('a browser without a service worker or the Push API says so and what would work, with no switch', async () => {
    accept();
    setUp({ permission: 'default', answer: 'granted', serviceWorker: false });
    render(<ReminderSetting />);
    expect(await screen.findByText(T.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('Safari on an iPhone, not from the Home Screen, asks to add Linchpin there first', async () => {
    accept();
    setUp({
      permission: 'default',
      answer: 'granted',
      serviceWorker: true,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Safari/604.1',
    });
    render(<ReminderSetting />);
    expect(await screen.findByText(/^Add Linchpin to your Home Screen first/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('notifications blocked for the site: how to allow them again', async () => {
    accept();
    setUp({ permission: 'denied', answer: 'denied', serviceWorker: true });
    render(<ReminderSetting />);
    expect(await screen.findByText(T.denied)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('without storage consent it says why and offers to give it; then the switch is there', async () => {
    setUp({ permission: 'default', answer: 'granted', serviceWorker: true });
    render(<ReminderSetting />);
    expect(await screen.findByText(T.noConsent)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.accept }));
    expect(await reminderSwitch()).not.toBeChecked();
    expect(document.cookie).toContain('cookie_consent=accepted');
  });
});

describe('ReminderSetting: on and off', () => {
  it('is off by default and asks nothing until it is turned on', async () => {
    accept();
    setUp({ permission: 'default', answer: 'granted', serviceWorker: true });
    render(<ReminderSetting />);
    expect(await reminderSwitch()).not.toBeChecked();
    expect(requestPermission).not.toHaveBeenCalled();
    expect(screen.queryByLabelText(T.time)).toBeNull();
    expect(requests).toEqual([]);
  });

  it('turning it on asks permission, subscribes with the server key and tells the server', async () => {
    accept();
    setUp({ permission: 'default', answer: 'granted', serviceWorker: true });
    render(<ReminderSetting />);
    await userEvent.click(await reminderSwitch());
    await waitFor(() => expect(screen.getByRole('switch', { name: T.title })).toBeChecked());
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(screen.getByLabelText(T.time)).toHaveValue(REMINDER_DEFAULT_TIME);
    expect(screen.getByRole('checkbox', { name: T.onlyIfNotPlayed })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Reminder on: every day at 6:00\sPM, your time\.$/,
    );
    const put = requests.find((r) => r.method === 'PUT');
    expect(put).toEqual({
      method: 'PUT',
      url: '/api/reminders',
      body: {
        subscription: { endpoint: ENDPOINT, keys: { p256dh: P256DH, auth: AUTH } },
        time: '18:00',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        onlyIfNotPlayed: true,
        finishedDay: null,
      },
    });
    expect(stored()).toContain('"on":true');
  });

  it('a new hour is sent to the server', async () => {
    accept();
    setUp({ permission: 'default', answer: 'granted', serviceWorker: true });
    render(<ReminderSetting />);
    await userEvent.click(await reminderSwitch());
    const time = await screen.findByLabelText(T.time);
    // jsdom's time field takes no typing: the browser's own is driven in e2e/reminders.spec.ts.
    fireEvent.change(time, { target: { value: '07:30' } });
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({
        time: '07:30',
      }),
    );
    expect(await screen.findByText(/^Reminder on: every day at 7:30\sAM/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: T.onlyIfNotPlayed }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({
        time: '07:30',
        onlyIfNotPlayed: false,
      }),
    );
  });

  it('turning it off unsubscribes and removes it from the server', async () => {
    accept();
    setUp({ permission: 'default', answer: 'granted', serviceWorker: true });
    render(<ReminderSetting />);
    await userEvent.click(await reminderSwitch());
    const unsubscribe = subscription?.unsubscribe;
    await userEvent.click(await reminderSwitch());
    await waitFor(() => expect(screen.getByRole('switch', { name: T.title })).not.toBeChecked());
    expect(requests.at(-1)).toEqual({
      method: 'POST',
      url: '/api/reminders/delete',
      body: { endpoint: ENDPOINT },
    });
    expect(unsubscribe).toHaveBeenCalled();
    expect(stored()).toContain('"on":false');
  });
});

describe('ReminderSetting: when it does not work', () => {
  it('permission not given: it stays off and says so', async () => {
    accept();
    setUp({ permission: 'default', answer: 'default', serviceWorker: true });
    render(<ReminderSetting />);
    await userEvent.click(await reminderSwitch());
    expect(await screen.findByText(T.notAllowed)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: T.title })).not.toBeChecked();
  });

  it('permission refused at the prompt: the blocked sentence', async () => {
    accept();
    setUp({ permission: 'default', answer: 'denied', serviceWorker: true });
    render(<ReminderSetting />);
    await userEvent.click(await reminderSwitch());
    expect(await screen.findByText(T.denied)).toBeInTheDocument();
  });

  it('the server down: it stays off, says so, and keeps nothing half done', async () => {
    accept();
    serverUp = false;
    setUp({ permission: 'default', answer: 'granted', serviceWorker: true });
    render(<ReminderSetting />);
    await userEvent.click(await reminderSwitch());
    expect(await screen.findByText(T.serverDown)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: T.title })).not.toBeChecked();
    expect(stored()).toBeNull();
  });

  it('the browser cannot subscribe: it stays off and says so', async () => {
    accept();
    setUp({ permission: 'default', answer: 'granted', serviceWorker: true, subscribeFails: true });
    render(<ReminderSetting />);
    await userEvent.click(await reminderSwitch());
    expect(await screen.findByText(T.subscribeFailed)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: T.title })).not.toBeChecked();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('a change the server does not get is said, and the hour shown is the one it has', async () => {
    accept();
    setUp({ permission: 'default', answer: 'granted', serviceWorker: true });
    render(<ReminderSetting />);
    await userEvent.click(await reminderSwitch());
    const time = await screen.findByLabelText(T.time);
    serverUp = false;
    // jsdom's time field takes no typing: the browser's own is driven in e2e/reminders.spec.ts.
    fireEvent.change(time, { target: { value: '07:30' } });
    expect(await screen.findByText(T.changeFailed)).toBeInTheDocument();
    expect(time).toHaveValue('18:00');
  });

  it('a reminder the app found revoked shows off, with the reason', async () => {
    accept();
    localStorage.setItem(
      STORAGE_PREFIX + STORED_ITEMS.reminder.name,
      JSON.stringify({
        expires: '2999-01-01',
        value: {
          on: false,
          time: '18:00',
          onlyIfNotPlayed: true,
          endpoint: null,
          renewedDay: null,
          lost: 'permission',
        },
      }),
    );
    setUp({ permission: 'default', answer: 'granted', serviceWorker: true });
    render(<ReminderSetting />);
    expect(await reminderSwitch()).not.toBeChecked();
    expect(screen.getByText(T.lostPermission)).toBeInTheDocument();
  });
});
