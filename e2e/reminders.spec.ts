import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { utcDate } from '../core/dates';
import { REMINDER_STREAK_TEXT, REMINDER_TITLE, REMINDER_URL } from '../core/reminders';
import { REMINDER_STRINGS as T } from '../src/components/reminder-strings';
import { acceptCookies, expectNoViolations, winGame } from './support';

/**
 * The daily reminder in Chromium (docs/decisions.md "Daily reminder"): the setting by keyboard,
 * axe clean, the sentences of a browser that cannot; the service worker's push and click handlers
 * (public/sw-reminders.js) driven through the DevTools protocol. The server runs on the real
 * clock, so today is the real UTC day.
 *
 * The server's /api/reminders answers; `serveApi` notes what the page sent it. Headless Chromium here has no push
 * service to subscribe with, so `PushManager.subscribe` alone is replaced by an init script
 * (`fakePushService`); permission, the service worker and its registration are the browser's own.
 */
test.use({ serviceWorkers: 'allow' });

const today = () => utcDate(Date.now());
/** The worker's global inside `Worker.evaluate` (the e2e types know only a window's). */
type WorkerScope = { registration: ServiceWorkerRegistration };
// A push service on this machine's loopback, where nothing listens: should the server's sender
// find it due during a run, its message goes nowhere beyond this machine.
const ENDPOINT = 'https://127.0.0.1:9/send/e2e-device';
interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  /** The server's answer. */
  status: number;
}

/** Notes every call the page makes to the server's /api/reminders, which answers it. */
async function serveApi(page: Page): Promise<ApiCall[]> {
  const calls: ApiCall[] = [];
  await page.route('**/api/reminders**', async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    const response = await route.fetch();
    calls.push({
      method: request.method(),
      path,
      body: request.postDataJSON() as unknown,
      status: response.status(),
    });
    await route.fulfill({ response });
  });
  return calls;
}

/** A push subscription as a push service would give one (none is reachable from this machine). */
async function fakePushService(context: BrowserContext) {
  await context.addInitScript((endpoint) => {
    if (typeof PushManager === 'undefined') return;
    let subscribed = sessionStorage.getItem('fake-push') === 'on';
    const subscription = {
      endpoint,
      expirationTime: null,
      toJSON: () => ({
        endpoint,
        keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
      }),
      unsubscribe: () => {
        subscribed = false;
        sessionStorage.removeItem('fake-push');
        return Promise.resolve(true);
      },
    };
    PushManager.prototype.subscribe = function subscribe() {
      subscribed = true;
      sessionStorage.setItem('fake-push', 'on');
      return Promise.resolve(subscription as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function getSubscription() {
      return Promise.resolve(subscribed ? (subscription as unknown as PushSubscription) : null);
    };
  }, ENDPOINT);
}

async function serviceWorkerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    polling: 250,
    timeout: 60_000,
  });
}

async function openSettings(page: Page) {
  const button = page.getByRole('button', { name: 'Settings' }).first();
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A player who accepted cookies turns the reminder on in Settings, then closes it. */
async function turnOnWithConsent(page: Page) {
  await acceptCookies(page);
  await serviceWorkerInControl(page);
  const dialog = await openSettings(page);
  await dialog.getByRole('switch', { name: T.title }).click();
  await expect(dialog.getByLabel(T.time)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/** Tab (or Shift+Tab) until the control has the focus, as a keyboard user does. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, back = false) {
  for (let i = 0; i < 40; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('The control was never reached by the keyboard');
}

const lastCall = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path).at(-1);

test.describe('the setting', () => {
  test.beforeEach(async ({ context }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['notifications']);
    await fakePushService(context);
  });

  test('Settings by keyboard: on, a new hour, every day, off; axe clean', async ({ page }) => {
    const calls = await serveApi(page);
    await acceptCookies(page);
    await serviceWorkerInControl(page);
    const dialog = await openSettings(page);
    const reminder = dialog.getByRole('switch', { name: T.title });
    await expect(reminder).not.toBeChecked();
    await expect(dialog.getByLabel(T.time)).toHaveCount(0);
    // Nothing asked, nothing sent before the player turns it on.
    expect(calls).toEqual([]);
    await expectNoViolations(page, 'Settings, reminder off');

    await tabTo(page, reminder);
    await page.keyboard.press('Space');
    await expect(reminder).toBeChecked();
    await expect(
      dialog
        .getByRole('status')
        .filter({ hasText: /^Reminder on: every day at 6:00\sPM, your time\.$/ }),
    ).toBeVisible();
    expect(lastCall(calls, 'PUT', '/api/reminders')?.body).toEqual({
      subscription: {
        endpoint: ENDPOINT,
        keys: { p256dh: expect.any(String) as unknown, auth: expect.any(String) as unknown },
      },
      time: '18:00',
      timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      onlyIfNotPlayed: true,
      finishedDay: null,
    });
    const time = dialog.getByLabel(T.time);
    await expect(time).toHaveValue('18:00');
    const onlyIfNotPlayed = dialog.getByRole('checkbox', { name: T.onlyIfNotPlayed });
    await expect(onlyIfNotPlayed).toBeChecked();
    await expectNoViolations(page, 'Settings, reminder on');

    // The hour field's first part is the hour: one step up is 19:00.
    await tabTo(page, time);
    await page.keyboard.press('ArrowUp');
    await expect(time).toHaveValue('19:00');
    await expect
      .poll(() => lastCall(calls, 'PUT', '/api/reminders')?.body)
      .toMatchObject({
        time: '19:00',
        onlyIfNotPlayed: true,
      });
    await tabTo(page, onlyIfNotPlayed);
    await page.keyboard.press('Space');
    await expect(onlyIfNotPlayed).not.toBeChecked();
    await expect
      .poll(() => lastCall(calls, 'PUT', '/api/reminders')?.body)
      .toMatchObject({
        time: '19:00',
        onlyIfNotPlayed: false,
      });

    await tabTo(page, reminder, true);
    await page.keyboard.press('Space');
    await expect(reminder).not.toBeChecked();
    expect(lastCall(calls, 'POST', '/api/reminders/delete')?.body).toEqual({ endpoint: ENDPOINT });
    await expect(dialog.getByLabel(T.time)).toHaveCount(0);
    // The server took every one of them.
    expect(calls.map((call) => `${call.method} ${call.path} ${call.status}`)).toEqual(
      calls.map((call) => `${call.method} ${call.path} ${call.path.endsWith('/key') ? 200 : 204}`),
    );
  });

  test('on the finished game’s result; finishing today’s daily tells the server and the worker', async ({
    page,
  }) => {
    const calls = await serveApi(page);
    await turnOnWithConsent(page);

    await winGame(page, today());
    await expect
      .poll(() => lastCall(calls, 'POST', '/api/reminders/finished')?.body)
      .toEqual({ endpoint: ENDPOINT, day: today() });
    // The worker's record: today finished here, so no reminder today; the streak began.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const response = await caches.match('/reminder-state', {
            cacheName: 'linchpin-reminder',
          });
          return response ? ((await response.json()) as unknown) : null;
        }),
      )
      .toEqual({ finishedDay: today(), streak: 1, streakDay: today() });

    const result = page.getByRole('switch', { name: T.title });
    await expect(result).toBeChecked();
    await result.scrollIntoViewIfNeeded();
    await expectNoViolations(page, 'the result, reminder on');
  });

  test('rejecting cookies removes the reminder from the server at once', async ({ page }) => {
    const calls = await serveApi(page);
    await turnOnWithConsent(page);

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await page
      .getByRole('region', { name: 'Cookies on Linchpin' })
      .getByRole('button', { name: 'Reject' })
      .click();
    await expect
      .poll(() => lastCall(calls, 'POST', '/api/reminders/delete')?.body)
      .toEqual({ endpoint: ENDPOINT });
    await expect.poll(() => page.evaluate(() => caches.has('linchpin-reminder'))).toBe(false);
  });
});

test.describe('where the browser cannot', () => {
  test('notifications blocked for the site: how to allow them, no dead switch', async ({
    page,
    context,
    baseURL,
  }) => {
    await acceptCookies(page);
    // Playwright grants permissions but never denies one: the DevTools protocol does, for this
    // browser context (the player chose "Block" at some earlier visit).
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: baseURL,
      browserContextId: targetInfo.browserContextId,
    });
    const dialog = await openSettings(page);
    await expect(dialog.getByText(T.denied)).toBeVisible();
    await expect(dialog.getByRole('switch', { name: T.title })).toHaveCount(0);
    await expectNoViolations(page, 'Settings, notifications blocked');
  });

  test('a browser without the Push API says so and what would work', async ({ page }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'PushManager');
    });
    await acceptCookies(page);
    const dialog = await openSettings(page);
    await expect(dialog.getByText(T.unsupported)).toBeVisible();
    await expect(dialog.getByRole('switch', { name: T.title })).toHaveCount(0);
  });

  test('without storage consent: it says why, and gives the way to consent', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications']);
    await page.goto('/');
    const dialog = await openSettings(page);
    await expect(dialog.getByText(T.noConsent)).toBeVisible();
    await dialog.getByRole('button', { name: T.accept }).click();
    await expect(dialog.getByRole('switch', { name: T.title })).not.toBeChecked();
  });
});

test.describe('the service worker', () => {
  /** The page's service worker and its registration's id in the DevTools protocol. */
  async function pushTarget(page: Page, context: BrowserContext) {
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find(
          (r) => !r.isDeleted && r.scopeURL.startsWith(page.url().replace(/\/[^/]*$/, '')),
        );
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    return { cdp, registrationId: await registrationId, worker };
  }

  const shown = (worker: Worker) =>
    worker.evaluate(async () =>
      (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
      })),
    );

  const closeAll = (worker: Worker) =>
    worker.evaluate(async () => {
      for (const n of await (self as unknown as WorkerScope).registration.getNotifications())
        n.close();
    });

  /** What the page keeps for the worker (src/lib/reminders/reminder-client.ts). */
  const keepState = (page: Page, state: unknown) =>
    page.evaluate(async (value) => {
      const cache = await caches.open('linchpin-reminder');
      await cache.put('/reminder-state', new Response(JSON.stringify(value)));
    }, state);

  test('a push shows the reminder with the streak; with today finished, nothing; a click opens /game', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['notifications']);
    await page.goto('/stats');
    await serviceWorkerInControl(page);
    const { cdp, registrationId, worker } = await pushTarget(page, context);
    const day = today();
    const message = (forDay: string) =>
      JSON.stringify({
        title: REMINDER_TITLE,
        streakText: REMINDER_STREAK_TEXT,
        url: REMINDER_URL,
        day: forDay,
      });
    const push = (data: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data });

    // A 12-day streak whose last win was yesterday is still alive today.
    const yesterday = utcDate(Date.parse(`${day}T00:00:00Z`) - 86_400_000);
    await keepState(page, { finishedDay: yesterday, streak: 12, streakDay: yesterday });
    await push(message(day));
    await expect
      .poll(() => shown(worker))
      .toEqual([
        { title: REMINDER_TITLE, body: 'Keep your 12-day streak', tag: 'linchpin-reminder' },
      ]);

    // No streak (or one that is over): the title alone.
    await closeAll(worker);
    await keepState(page, { finishedDay: null, streak: 3, streakDay: '2020-01-01' });
    await push(message(day));
    await expect
      .poll(() => shown(worker))
      .toEqual([{ title: REMINDER_TITLE, body: '', tag: 'linchpin-reminder' }]);

    // The click: the notification closes and the open window goes to /game. The handler is the
    // worker's own (onReminderClick), called with the real notification: no protocol method
    // clicks one, and a synthetic event cannot wait.
    await worker.evaluate(async () => {
      const [notification] = await (self as unknown as WorkerScope).registration.getNotifications();
      let done: Promise<unknown> = Promise.resolve();
      const handler = (self as unknown as { onReminderClick: (event: unknown) => void })
        .onReminderClick;
      handler({ notification, waitUntil: (promise: Promise<unknown>) => (done = promise) });
      await done;
    });
    await expect(page).toHaveURL(/\/game$/);
    await expect.poll(() => shown(worker)).toEqual([]);

    // Today finished on this device: the worker shows nothing.
    await keepState(page, { finishedDay: day, streak: 12, streakDay: day });
    await push(message(day));
    // A later push that must show proves the first one was handled (and showed nothing).
    await push(JSON.stringify({ title: 'probe', streakText: '', url: '/', day: '2020-01-01' }));
    await expect
      .poll(() => shown(worker))
      .toEqual([{ title: 'probe', body: '', tag: 'linchpin-reminder' }]);
  });
});
