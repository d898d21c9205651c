import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { utcDate } from '../../core/dates';
import { type ReminderSettings } from '../../core/reminders';
import { ENGINES, PREPARE_TIMEOUT_MS } from '../testing/test-databases';
import { type Database } from './database';
import {
  claimDueReminders,
  countReminders,
  deleteUnrenewedReminders,
  markFinished,
  saveReminder,
} from './reminders-store';

const KEYS = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

const settings = (
  name: string,
  fields: Partial<Omit<ReminderSettings, 'subscription'>> = {},
): ReminderSettings => ({
  subscription: { endpoint: `https://push.example/${name}`, keys: KEYS },
  time: '18:00',
  timeZone: 'Europe/Paris',
  onlyIfNotPlayed: true,
  finishedDay: null,
  ...fields,
});

describe.each(ENGINES)('when a reminder is due, on the %s database', (_name, makeDatabases) => {
  const databases = makeDatabases();
  let db: Database;
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    db = await databases.fresh();
  });
  afterAll(() => databases.dispose());

  /** The endpoints' names claimed at `iso` (UTC), with the local day each was claimed for. */
  const claim = async (iso: string, limit = 100) => {
    const nowMs = Date.parse(iso);
    const claimed = await claimDueReminders(db, { nowMs, utcToday: utcDate(nowMs), limit });
    return claimed
      .map(
        (reminder) =>
          `${reminder.endpoint.replace('https://push.example/', '')} ${reminder.localDay}`,
      )
      .sort();
  };

  it('is due from its local time for an hour, once a local day', async () => {
    // Paris is UTC+1 in December: 18:00 there is 17:00 UTC.
    await saveReminder(db, settings('paris'));
    expect(await claim('2026-12-02T16:59:59Z')).toEqual([]);
    expect(await claim('2026-12-02T17:00:00Z')).toEqual(['paris 2026-12-02']);
    // Claimed: never twice the same local day, even later in its hour.
    expect(await claim('2026-12-02T17:01:00Z')).toEqual([]);
    expect(await claim('2026-12-02T17:59:00Z')).toEqual([]);
    // The next day again.
    expect(await claim('2026-12-03T17:00:30Z')).toEqual(['paris 2026-12-03']);
  });

  it('is not sent once its hour has passed (a sender down at the time sends nothing late)', async () => {
    await saveReminder(db, settings('late'));
    expect(await claim('2026-12-02T18:00:00Z')).toEqual([]);
    expect(await claim('2026-12-02T17:59:59Z')).toEqual(['late 2026-12-02']);
  });

  it('says until when it may be retried: the end of its hour', async () => {
    await saveReminder(db, settings('window'));
    const nowMs = Date.parse('2026-12-02T17:20:00Z');
    const [claimed] = await claimDueReminders(db, { nowMs, utcToday: '2026-12-02', limit: 10 });
    expect(new Date(claimed?.windowEndsMs ?? 0).toISOString()).toBe('2026-12-02T18:00:00.000Z');
  });

  it("follows the player's daylight saving time, in each time zone", async () => {
    await saveReminder(db, settings('paris'));
    await saveReminder(db, settings('york', { time: '08:15', timeZone: 'America/New_York' }));
    // Paris moves to UTC+2 on 29 March 2026: 18:00 is 16:00 UTC from that day.
    expect(await claim('2026-03-28T17:00:00Z')).toEqual(['paris 2026-03-28']);
    expect(await claim('2026-03-29T15:59:00Z')).toEqual([]);
    expect(await claim('2026-03-29T16:00:00Z')).toEqual(['paris 2026-03-29']);
    // New York falls back to UTC-5 on 1 November 2026: 08:15 is 12:15 UTC before, 13:15 after.
    expect(await claim('2026-10-31T12:15:00Z')).toEqual(['york 2026-10-31']);
    expect(await claim('2026-11-01T12:15:00Z')).toEqual([]);
    expect(await claim('2026-11-01T13:15:00Z')).toEqual(['york 2026-11-01']);
  });

  it("a time late in the evening is due past midnight for the evening's day, not twice", async () => {
    // Tokyo is UTC+9: 23:30 there is 14:30 UTC; its hour ends at 00:30 the next local day.
    await saveReminder(db, settings('tokyo', { time: '23:30', timeZone: 'Asia/Tokyo' }));
    expect(await claim('2026-12-02T15:10:00Z')).toEqual(['tokyo 2026-12-02']);
    expect(await claim('2026-12-02T15:20:00Z')).toEqual([]);
    // 00:30 local: its hour is over.
    await saveReminder(db, settings('tokyo2', { time: '23:30', timeZone: 'Asia/Tokyo' }));
    expect(await claim('2026-12-02T15:30:00Z')).toEqual([]);
    // A time just after midnight is due on its own local day, while the evening's is still due
    // for the day before.
    await saveReminder(db, settings('early', { time: '00:05', timeZone: 'Asia/Tokyo' }));
    expect(await claim('2026-12-02T15:05:00Z')).toEqual(['early 2026-12-03', 'tokyo2 2026-12-02']);
  });

  it("only if not played: nothing once this device finished today's (UTC) puzzle", async () => {
    await saveReminder(db, settings('played'));
    await saveReminder(db, settings('always', { onlyIfNotPlayed: false }));
    await saveReminder(db, settings('yesterday', { finishedDay: '2026-12-01' }));
    expect(await markFinished(db, 'https://push.example/played', '2026-12-02')).toBe(true);
    expect(await markFinished(db, 'https://push.example/always', '2026-12-02')).toBe(true);
    expect(await markFinished(db, 'https://push.example/nobody', '2026-12-02')).toBe(false);
    expect(await claim('2026-12-02T17:05:00Z')).toEqual([
      'always 2026-12-02',
      'yesterday 2026-12-02',
    ]);
  });

  it('a renewal keeps the later finished day and what was sent', async () => {
    await saveReminder(db, settings('renewed'));
    await markFinished(db, 'https://push.example/renewed', '2026-12-02');
    // An older device state sent again does not bring back a reminder already answered.
    await saveReminder(db, settings('renewed', { finishedDay: '2026-12-01' }));
    expect(await claim('2026-12-02T17:05:00Z')).toEqual([]);
  });

  it('claims a batch at a time, and two claimers at once never get the same reminder', async () => {
    for (let n = 0; n < 30; n += 1) await saveReminder(db, settings(`n${n}`));
    const nowMs = Date.parse('2026-12-02T17:00:00Z');
    const claimAt = () =>
      claimDueReminders(db, { nowMs, utcToday: '2026-12-02', limit: 10 }).then((rows) =>
        rows.map((row) => row.endpoint),
      );
    const batches = await Promise.all([claimAt(), claimAt(), claimAt(), claimAt()]);
    const all = batches.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length + (await claimAt()).length).toBe(30);
  });

  it('deletes a subscription not renewed for a year', async () => {
    await saveReminder(db, settings('old'));
    await saveReminder(db, settings('fresh'));
    await db.query(
      "UPDATE reminder_subscriptions SET renewed_at = now() - interval '366 days' WHERE endpoint LIKE '%old'",
    );
    expect(await deleteUnrenewedReminders(db, Date.now())).toBe(1);
    expect(await countReminders(db)).toBe(1);
    // A PUT renews it.
    await db.query("UPDATE reminder_subscriptions SET renewed_at = now() - interval '366 days'");
    await saveReminder(db, settings('fresh'));
    expect(await deleteUnrenewedReminders(db, Date.now())).toBe(0);
  });
});
