import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDate } from '../core/dates';
import { type Database } from './db/database';
import { saveReminder } from './db/reminders-store';
import { fakeClockEnv } from './testing/fake-clock';
import { makeFixtureSite } from './testing/fixture-site';
import { startPushService, type PushService } from './testing/push-service';
import { startServer, type ServerProcess } from './testing/server-process';
import { postgresTestDatabases, PREPARE_TIMEOUT_MS } from './testing/test-databases';

/**
 * The sender across three server processes on one PostgreSQL database, their clocks moved by
 * Debian's libfaketime (running four times fast, so a sender's minute is 15 s) to two minutes before
 * the reminders' hour, then to two minutes before midnight: each reminder due reaches the local
 * push service (web-push-testing) exactly once a day, whichever process sends it.
 */
const SPEED = 4;
const PROCESSES = 3;

/** The local "HH:MM" and date of an instant in a time zone. */
function local(ms: number, timeZone: string): { time: string; date: string } {
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
  const [date = '', time = ''] = text.split(' ');
  return { date, time };
}

/** The instant `day` reads `time` in Paris (its offset is +1 or +2). */
function parisInstant(day: string, time: string): number {
  for (const offset of [1, 2]) {
    const ms = Date.parse(`${day}T${time}:00Z`) - offset * 3_600_000;
    if (local(ms, 'Europe/Paris').time === time) return ms;
  }
  throw new Error('no such Paris time');
}

describe('the reminder sender across three processes on PostgreSQL, clocks moved by faketime', () => {
  const databases = postgresTestDatabases();
  const site = makeFixtureSite();
  let db: Database;
  let push: PushService;
  let publicKey: string;
  let url: string;

  beforeAll(async () => {
    await databases.prepare();
    db = await databases.fresh();
    url = databases.lastUrl() ?? '';
    push = await startPushService();
    // The servers' key pair, as the first of them would have made it.
    const keys = webpush.generateVAPIDKeys();
    publicKey = keys.publicKey;
    await db.query('INSERT INTO vapid_keys (public_key, private_key) VALUES ($1, $2)', [
      keys.publicKey,
      keys.privateKey,
    ]);
  }, PREPARE_TIMEOUT_MS);
  afterAll(async () => {
    await push.stop();
    await db.close();
    await databases.dispose();
    site.remove();
  });

  const subscribe = async (time: string, timeZone: string, finishedDay: string | null = null) => {
    const subscription = await push.subscribe(publicKey);
    await saveReminder(db, {
      subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
      time,
      timeZone,
      onlyIfNotPlayed: true,
      finishedDay,
    });
    return subscription.clientHash;
  };

  /** Starts three servers whose clocks read `fakeStart` now and run SPEED times fast. */
  const startServers = async (fakeStart: number): Promise<ServerProcess[]> => {
    const env: Record<string, string> = {
      DATABASE_URL: url,
      DIST_DIR: site.distDir,
      LOG_LEVEL: 'info',
      ...fakeClockEnv((fakeStart - Date.now()) / 1000, SPEED),
    };
    return Promise.all(Array.from({ length: PROCESSES }, () => startServer(env)));
  };

  /** Runs the servers until `done` holds, then a few sender minutes more (no late duplicate). */
  const runUntil = async (servers: ServerProcess[], done: () => Promise<boolean>) => {
    const deadline = Date.now() + 90_000;
    try {
      while (!(await done()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 500));
      await new Promise((resolve) => setTimeout(resolve, (2 * 60_000) / SPEED));
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
    return servers.map((server) => server.output()).join('\n');
  };

  const days = async (hash: string) =>
    (await push.messages(hash)).map((text) => (JSON.parse(text) as { day: string }).day);

  it('across the hour and across midnight, each due reminder is sent once a day', async () => {
    // Tomorrow (UTC), so the servers' VAPID signatures are never dated before the real clock.
    const day = addDays(utcDate(Date.now()), 1);
    // Phase 1: 17:58:45 in Paris; the reminders at 18:00 there and at the same instant elsewhere.
    const sixPm = parisInstant(day, '18:00');
    const atSix = (zone: string) => local(sixPm, zone).time;
    const due = {
      paris: await subscribe('18:00', 'Europe/Paris'),
      york: await subscribe(atSix('America/New_York'), 'America/New_York'),
      kolkata: await subscribe(atSix('Asia/Kolkata'), 'Asia/Kolkata'),
      tokyo: await subscribe(atSix('Asia/Tokyo'), 'Asia/Tokyo'),
    };
    const played = await subscribe('18:00', 'Europe/Paris', utcDate(sixPm));
    const later = await subscribe('19:30', 'Europe/Paris');

    const phase1 = await startServers(sixPm - 75_000);
    const log1 = await runUntil(phase1, async () => {
      const counts = await Promise.all(
        Object.values(due).map(async (hash) => (await days(hash)).length),
      );
      return counts.every((count) => count >= 1);
    });
    for (const [name, hash] of Object.entries(due))
      expect(await days(hash), `${name}\n${log1}`).toEqual([utcDate(sixPm)]);
    expect(await days(played)).toEqual([]);
    expect(await days(later)).toEqual([]);

    // Phase 2: two minutes before midnight (UTC, which Reykjavik keeps all year), the next day.
    const midnight = Date.parse(`${addDays(day, 2)}T00:00:00Z`);
    const lateEvening = await subscribe('23:59', 'Atlantic/Reykjavik');
    const justAfter = await subscribe('00:00', 'Atlantic/Reykjavik');
    const phase2 = await startServers(midnight - 135_000);
    const log2 = await runUntil(
      phase2,
      async () => (await days(lateEvening)).length >= 1 && (await days(justAfter)).length >= 1,
    );
    // 23:59's hour runs past midnight: still sent once, for the evening's day.
    expect(await days(lateEvening), log2).toEqual([addDays(day, 1)]);
    expect(await days(justAfter), log2).toEqual([addDays(day, 2)]);
    // Yesterday's reminders are not due again at midnight.
    for (const hash of Object.values(due)) expect(await days(hash)).toHaveLength(1);
    // The servers said what they sent, as JSON lines.
    expect(`${log1}\n${log2}`).toMatch(/"reminders":\{"due":\d+,"sent":\d+/);
  }, 240_000);
});
