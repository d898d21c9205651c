import { createServer, type IncomingMessage, type Server } from 'node:http';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ReminderSettings } from '../core/reminders';
import { type Database } from './db/database';
import { countReminders, saveReminder } from './db/reminders-store';
import { vapidKeys, type Vapid } from './db/vapid-keys';
import { outcomeOf, retryDelayMs, startReminderSender, type SenderLog } from './reminder-sender';
import { startPushService, type PushService } from './testing/push-service';
import { ENGINES, PREPARE_TIMEOUT_MS } from './testing/test-databases';

// 18:00 in Paris (UTC+1 in December) is 17:00 UTC.
const AT_SIX = Date.parse('2026-12-02T17:00:10Z');
const quiet: SenderLog = { info: () => {}, warn: () => {} };

let push: PushService;
beforeAll(async () => {
  push = await startPushService();
}, 30_000);
afterAll(() => push.stop());

/** A push service in front of the real one that first answers with `failures` (e.g. 429), then passes each message on. */
function flakyService(failures: { status: number; retryAfter?: string }[]) {
  const attempts: number[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const failure = failures[attempts.length];
      attempts.push(failure?.status ?? 0);
      if (failure) {
        response.writeHead(
          failure.status,
          failure.retryAfter ? { 'Retry-After': failure.retryAfter } : {},
        );
        response.end();
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' &&
            !['host', 'content-length', 'connection'].includes(entry[0]),
        ),
      );
      void fetch(`${push.url}${request.url ?? ''}`, {
        method: 'POST',
        headers,
        body: Buffer.concat(chunks),
      }).then(async (answer) => {
        response.writeHead(answer.status);
        response.end(await answer.text());
      });
    });
  });
  const listening = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );
  return { attempts, url: listening, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('what a push service answer means', () => {
  it('2xx sent, 404/410 deleted, 429/5xx/no answer retried, other refusals failed', () => {
    expect([201, 404, 410, 429, 500, 503, null, 400, 413].map(outcomeOf)).toEqual([
      'sent',
      'deleted',
      'deleted',
      'retry',
      'retry',
      'retry',
      'retry',
      'failed',
      'failed',
    ]);
  });
  it('waits as Retry-After says, else doubles from the first wait', () => {
    expect(retryDelayMs(1, '7', 5000)).toBe(7000);
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt, null, 5000))).toEqual([
      5000, 10_000, 20_000,
    ]);
    expect(retryDelayMs(12, null, 5000)).toBe(300_000);
  });
});

describe.each(ENGINES)('the reminder sender on the %s database', (_name, makeDatabases) => {
  const databases = makeDatabases();
  let db: Database;
  let vapid: Vapid;
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    db = await databases.fresh();
    vapid = await vapidKeys(db, {
      publicKey: null,
      privateKey: null,
      subject: 'mailto:owner@example.com',
    });
  });
  afterEach(() => db.close());
  afterAll(() => databases.dispose());

  const sender = (now: () => number, firstRetryMs = 20) =>
    startReminderSender({ db, vapid: () => Promise.resolve(vapid), log: quiet, now, firstRetryMs });

  /** A subscription of the push service for the server's key, stored as PUT /api/reminders would. */
  const subscribe = async (
    fields: Partial<Omit<ReminderSettings, 'subscription'>> = {},
    endpointBase?: string,
  ) => {
    const subscription = await push.subscribe(vapid.publicKey);
    const endpoint = endpointBase
      ? subscription.endpoint.replace(push.url, endpointBase)
      : subscription.endpoint;
    await saveReminder(db, {
      subscription: { endpoint, keys: subscription.keys },
      time: '18:00',
      timeZone: 'Europe/Paris',
      onlyIfNotPlayed: true,
      finishedDay: null,
      ...fields,
    });
    return subscription;
  };

  it('sends the message, signed with VAPID and encrypted to the subscription: it decrypts to the expected JSON, once a day', async () => {
    const player = await subscribe();
    const reminders = sender(() => AT_SIX);
    expect(await reminders.round()).toEqual({ due: 1, sent: 1, deleted: 0, failed: 0, retried: 0 });
    expect(
      (await push.messages(player.clientHash)).map((text) => JSON.parse(text) as unknown),
    ).toEqual([
      {
        title: "Today's Linchpin is waiting",
        streakText: 'Keep your {streak}-day streak',
        url: '/game',
        day: '2026-12-02',
      },
    ]);
    // A minute later, nothing again.
    expect(await reminders.round()).toEqual({ due: 0, sent: 0, deleted: 0, failed: 0, retried: 0 });
    expect(await push.messages(player.clientHash)).toHaveLength(1);
    reminders.stop();
  });

  it('a push service refuses a message signed with another key (the VAPID check is real)', async () => {
    const player = await subscribe();
    // Signed with a pair the subscription was not made for.
    const other = webpush.generateVAPIDKeys();
    const wrong = startReminderSender({
      db,
      vapid: () => Promise.resolve({ ...vapid, ...other }),
      log: quiet,
      now: () => AT_SIX,
    });
    expect(await wrong.round()).toMatchObject({ due: 1, sent: 0, failed: 1 });
    expect(await push.messages(player.clientHash)).toEqual([]);
    wrong.stop();
  });

  it('sends nothing to a device that finished today’s puzzle, unless told to remind anyway', async () => {
    const played = await subscribe({ finishedDay: '2026-12-02' });
    const anyway = await subscribe({ finishedDay: '2026-12-02', onlyIfNotPlayed: false });
    const reminders = sender(() => AT_SIX);
    expect(await reminders.round()).toMatchObject({ due: 1, sent: 1 });
    expect(await push.messages(played.clientHash)).toEqual([]);
    expect(await push.messages(anyway.clientHash)).toHaveLength(1);
    reminders.stop();
  });

  it('deletes a subscription the push service answers 410 Gone', async () => {
    const gone = await subscribe();
    await subscribe();
    await push.expire(gone.clientHash);
    const reminders = sender(() => AT_SIX);
    expect(await reminders.round()).toMatchObject({ due: 2, sent: 1, deleted: 1 });
    expect(await countReminders(db)).toBe(1);
    const left = await db.query('SELECT endpoint FROM reminder_subscriptions');
    expect(left[0]?.endpoint).not.toBe(gone.endpoint);
    reminders.stop();
  });

  it('tries again after 429 (as Retry-After says) and 503, then delivers the same message', async () => {
    const flaky = flakyService([{ status: 429, retryAfter: '0' }, { status: 503 }]);
    const player = await subscribe({}, await flaky.url);
    const reminders = sender(() => AT_SIX);
    expect(await reminders.round()).toMatchObject({ due: 1 });
    await reminders.settled();
    expect(flaky.attempts).toEqual([429, 503, 0]);
    expect(await push.messages(player.clientHash)).toHaveLength(1);
    reminders.stop();
    await flaky.close();
  });

  it('gives up when its hour ends, and never sends it again that day', async () => {
    const flaky = flakyService(Array.from({ length: 20 }, () => ({ status: 503 })));
    await subscribe({}, await flaky.url);
    // 18:59:59.850 in Paris, the clock running: the first retry (20 ms) fits, the next ones not.
    const offset = Date.parse('2026-12-02T17:59:59.850Z') - Date.now();
    const reminders = sender(() => Date.now() + offset, 100);
    await reminders.round();
    await reminders.settled();
    expect(flaky.attempts.length).toBeGreaterThanOrEqual(1);
    expect(flaky.attempts.length).toBeLessThanOrEqual(2);
    expect(await reminders.round()).toMatchObject({ due: 0 });
    reminders.stop();
    await flaky.close();
  });
});
