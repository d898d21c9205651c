import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlText, type Database } from './db/database';
import { getInboxEntry, listInbox } from './db/inbox-store';
import { createInsertQueue } from './insert-queue';
import { PREPARE_TIMEOUT_MS, embeddedTestDatabases } from './testing/test-databases';

const databases = embeddedTestDatabases();
beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
afterAll(() => databases.dispose());

const message = (text: string) => ({ name: 'Ada', email: 'ada@example.com', message: text });

/** Counts the statements that reach the database. */
function counting(db: Database): { db: Database; inserts: () => number } {
  let inserts = 0;
  return {
    db: {
      ...db,
      query: (sql, params) => {
        if (sqlText(sql).startsWith('INSERT')) inserts += 1;
        return db.query(sql, params);
      },
    },
    inserts: () => inserts,
  };
}

describe('insert queue', () => {
  it('writes posts that arrive together in one statement, each with its own id', async () => {
    const { db, inserts } = counting(await databases.fresh());
    const queue = createInsertQueue(db);
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) => queue.insert('messages', message(`post ${i}`))),
    );
    expect(inserts()).toBe(1);
    expect(new Set(ids).size).toBe(40);
    for (const [index, id] of ids.entries()) {
      expect((await getInboxEntry(db, 'messages', id))?.fields.message).toBe(`post ${index}`);
    }
  });

  it('on PostgreSQL too, holds the posts that arrive during a write for one write after it', async () => {
    const embedded = await databases.fresh();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserts = 0;
    // The embedded database standing in for PostgreSQL, its first INSERT held until released.
    const db: Database = {
      ...embedded,
      kind: 'postgres',
      query: async (sql, params) => {
        if (sqlText(sql).startsWith('INSERT')) {
          inserts += 1;
          if (inserts === 1) await held;
        }
        return embedded.query(sql, params);
      },
    };
    const queue = createInsertQueue(db);
    const first = queue.insert('messages', message('first'));
    const later: Promise<number>[] = [];
    for (let i = 0; i < 5; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      later.push(queue.insert('messages', message(`later ${i}`)));
    }
    await new Promise((resolve) => setImmediate(resolve));
    // Four writes at once made a small write of each of the first posts to arrive.
    expect(inserts).toBe(1);
    release();
    await Promise.all([first, ...later]);
    expect(inserts).toBe(2);
    expect(await listInbox(db, 'messages')).toHaveLength(6);
  });

  it('keeps contact messages and puzzle submissions apart', async () => {
    const db = await databases.fresh();
    const queue = createInsertQueue(db);
    const submission: Record<string, string> = {
      author: 'A',
      email: 'a@example.com',
      title: 'T',
      specialWord: '',
    };
    for (const n of [1, 2, 3, 4]) {
      submission[`category${n}_name`] = `G${n}`;
      for (const m of [1, 2, 3]) submission[`category${n}_word${m}`] = `W${n}${m}`;
    }
    const [first, second] = await Promise.all([
      queue.insert('messages', message('hi')),
      queue.insert('submissions', submission),
    ]);
    expect([first, second]).toEqual([1, 1]);
    expect(await listInbox(db, 'submissions')).toHaveLength(1);
  });

  it('fails only the post that cannot be stored when a shared write fails', async () => {
    const real = await databases.fresh();
    const db: Database = {
      ...real,
      query: (sql, params = []) =>
        params.includes('poison') ? Promise.reject(new Error('refused')) : real.query(sql, params),
    };
    const queue = createInsertQueue(db);
    const results = await Promise.allSettled([
      queue.insert('messages', message('fine 1')),
      queue.insert('messages', message('poison')),
      queue.insert('messages', message('fine 2')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await listInbox(real, 'messages')).map((entry) => entry.fields.message).sort()).toEqual(
      ['fine 1', 'fine 2'],
    );
  });
});
