import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_KEEP_HANDLED_DAYS,
  KEEP_AT_MOST_DAYS,
  BACKUP_KEEP_DAYS,
} from '../core/form-retention';
import { type Database } from './db/database';
import { insertContactMessage, insertMany, listInbox, markHandled } from './db/inbox-store';
import { startRetentionSweep } from './retention';
import { ENGINES, PREPARE_TIMEOUT_MS } from './testing/test-databases';

const silent = { info: () => {}, warn: () => {} } as unknown as Parameters<
  typeof startRetentionSweep
>[1]['log'];

describe.each(ENGINES)('handled messages deleted after KEEP_HANDLED_DAYS (%s)', (_name, make) => {
  const databases = make();
  let db: Database;
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    db = await databases.fresh();
  });
  afterAll(() => databases.dispose());

  /** A message that arrived `daysAgo` days ago, handled or not. */
  async function message(name: string, daysAgo: number, handled: boolean) {
    const id = await insertContactMessage(db, { name, email: 'a@example.com', message: 'Hi' });
    await db.query(
      `UPDATE contact_messages SET created_at = now() - make_interval(days => $2) WHERE id = $1`,
      [id, daysAgo],
    );
    if (handled) await markHandled(db, 'messages', id);
  }

  it('deletes, at start, the handled ones older than the setting, and keeps the rest', async () => {
    await message('old handled', DEFAULT_KEEP_HANDLED_DAYS + 1, true);
    await message('old unhandled', DEFAULT_KEEP_HANDLED_DAYS + 1, false);
    // kept: not handled yet, and well within the 12 months
    await message('recent handled', DEFAULT_KEEP_HANDLED_DAYS - 1, true);
    const [submission] = await insertMany(db, 'submissions', [
      { values: { author: 'Grace', email: 'grace@example.com', title: 'Hood' } },
    ]);
    await db.query(
      `UPDATE puzzle_submissions SET created_at = now() - interval '400 days', handled_at = now() WHERE id = $1`,
      [submission],
    );

    const sweep = startRetentionSweep(db, { days: DEFAULT_KEEP_HANDLED_DAYS, log: silent });
    await sweep.swept();
    sweep.stop();
    expect((await listInbox(db, 'messages')).map((entry) => entry.fields.name).sort()).toEqual([
      'old unhandled',
      'recent handled',
    ]);
    expect(await listInbox(db, 'submissions')).toEqual([]);
  });

  it('deletes every message and submission, handled or not, before 12 months minus the backups kept', async () => {
    // The privacy page: kept at most 12 months, backups included (kept BACKUP_KEEP_DAYS).
    const limit = KEEP_AT_MOST_DAYS - BACKUP_KEEP_DAYS;
    await message('unhandled, past the limit', limit + 1, false);
    await message('unhandled, a year old', KEEP_AT_MOST_DAYS + 30, false);
    await message('unhandled, within the limit', limit - 1, false);
    const [submission] = await insertMany(db, 'submissions', [
      { values: { author: 'Ada', email: 'ada@example.com', title: 'Old' } },
    ]);
    await db.query(
      `UPDATE puzzle_submissions SET created_at = now() - make_interval(days => $2) WHERE id = $1`,
      [submission, limit + 1],
    );

    const sweep = startRetentionSweep(db, { days: DEFAULT_KEEP_HANDLED_DAYS, log: silent });
    await sweep.swept();
    sweep.stop();
    expect((await listInbox(db, 'messages')).map((entry) => entry.fields.name)).toEqual([
      'unhandled, within the limit',
    ]);
    expect(await listInbox(db, 'submissions')).toEqual([]);
  });

  it('follows the configured number of days, and sweeps again on its interval', async () => {
    const sweep = startRetentionSweep(db, { days: 10, log: silent, everyMs: 50 });
    await sweep.swept();
    await message('eleven days', 11, true);
    await message('nine days', 9, true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await sweep.swept();
    sweep.stop();
    expect((await listInbox(db, 'messages')).map((entry) => entry.fields.name)).toEqual([
      'nine days',
    ]);
  });
});
