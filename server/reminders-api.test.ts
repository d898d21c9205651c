import { describe, expect, it } from 'vitest';
import { countReminders } from './db/reminders-store';
import { appPerTest } from './testing/test-app';
import { ENGINES } from './testing/test-databases';

const NOW = Date.parse('2026-12-02T12:00:00Z');
const ENDPOINT = 'https://push.example/send/abc';
const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const body = (fields: Record<string, unknown> = {}) => ({
  subscription: { endpoint: ENDPOINT, keys: KEYS, expirationTime: null },
  time: '18:00',
  timeZone: 'Europe/Paris',
  onlyIfNotPlayed: true,
  finishedDay: null,
  ...fields,
});

describe.each(ENGINES)('reminders API on the %s database', (_name, makeDatabases) => {
  const t = appPerTest(makeDatabases(), {
    start: NOW,
    config: { remindersRateLimit: { max: 8, windowMs: 60_000 } },
  });

  const send = (method: 'PUT' | 'POST', url: string, payload: unknown) =>
    t.app.inject({
      method,
      url,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });
  const stored = async () =>
    t.db.query(
      'SELECT endpoint, local_time::text, time_zone, only_if_not_played, finished_day::text FROM reminder_subscriptions',
    );

  it('gives the VAPID public key, made once and the same for every request, never cached', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/reminders/key' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { publicKey } = first.json<{ publicKey: string }>();
    // An uncompressed P-256 point, base64url: 65 bytes.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const again = await t.app.inject({ method: 'GET', url: '/api/reminders/key' });
    expect(again.json()).toEqual({ publicKey });
  });

  it('the owner’s key pair, when given, is the one offered', async () => {
    const owner = t.appWith({
      vapid: { publicKey: KEYS.p256dh, privateKey: 'x'.repeat(43), subject: 'mailto:a@b.c' },
    });
    const answer = await owner.inject({ method: 'GET', url: '/api/reminders/key' });
    expect(answer.json()).toEqual({ publicKey: KEYS.p256dh });
  });

  it('stores a subscription with its hour and zone (204), updates it by endpoint, and deletes it', async () => {
    const put = await send('PUT', '/api/reminders', body());
    expect(put.statusCode).toBe(204);
    expect(put.headers['cache-control']).toBe('no-store');
    await send('PUT', '/api/reminders', body({ time: '07:30', timeZone: 'Asia/Tokyo' }));
    expect(await stored()).toEqual([
      {
        endpoint: ENDPOINT,
        local_time: '07:30:00',
        time_zone: 'Asia/Tokyo',
        only_if_not_played: true,
        finished_day: null,
      },
    ]);
    const finished = await send('POST', '/api/reminders/finished', {
      endpoint: ENDPOINT,
      day: '2026-12-02',
    });
    expect(finished.statusCode).toBe(204);
    expect((await stored())[0]?.finished_day).toBe('2026-12-02');
    const deleted = await send('POST', '/api/reminders/delete', { endpoint: ENDPOINT });
    expect(deleted.statusCode).toBe(204);
    expect(await countReminders(t.db)).toBe(0);
    // Whether or not it existed.
    expect((await send('POST', '/api/reminders/delete', { endpoint: ENDPOINT })).statusCode).toBe(
      204,
    );
  });

  it('answers 404 noSuchReminder for a finished day of no subscription', async () => {
    const answer = await send('POST', '/api/reminders/finished', {
      endpoint: ENDPOINT,
      day: '2026-12-02',
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: 'noSuchReminder' });
  });

  it.each([
    [
      'an http endpoint',
      body({ subscription: { endpoint: 'http://push.example/x', keys: KEYS } }),
      'badEndpoint',
    ],
    [
      'an endpoint over 1,000 characters',
      body({ subscription: { endpoint: `https://push.example/${'a'.repeat(990)}`, keys: KEYS } }),
      'badEndpoint',
    ],
    ['no keys', body({ subscription: { endpoint: ENDPOINT } }), 'badRequest'],
    ['a time of 24:00', body({ time: '24:00' }), 'badTime'],
    ['a time of 6pm', body({ time: '6pm' }), 'badTime'],
    ['an unknown zone', body({ timeZone: 'Mars/Olympus_Mons' }), 'badTimeZone'],
    ['a finished day after today', body({ finishedDay: '2026-12-03' }), 'badDay'],
    ['a finished day that is no date', body({ finishedDay: '2026-02-30' }), 'badDay'],
  ])('refuses %s with 400 and its code', async (_case, payload, code) => {
    const answer = await send('PUT', '/api/reminders', payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: code });
    expect(await countReminders(t.db)).toBe(0);
  });

  it('refuses a finished day after today (UTC) and a body over 2 KB', async () => {
    await send('PUT', '/api/reminders', body());
    const tomorrow = await send('POST', '/api/reminders/finished', {
      endpoint: ENDPOINT,
      day: '2026-12-03',
    });
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json()).toEqual({ error: 'badDay' });
    const big = await send('POST', '/api/reminders/delete', {
      endpoint: ENDPOINT,
      padding: 'x'.repeat(2100),
    });
    expect(big.statusCode).toBe(413);
  });

  it('counts every request to /api/reminders under a limit of its own (429)', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 9; n += 1)
      statuses.push(
        (await send('POST', '/api/reminders/delete', { endpoint: ENDPOINT })).statusCode,
      );
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(204));
    expect(statuses[8]).toBe(429);
    // The key's GET counts under the same limit.
    const key = await t.app.inject({ method: 'GET', url: '/api/reminders/key' });
    expect(key.statusCode).toBe(429);
  });
});
