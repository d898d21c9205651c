import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database } from './database';
import { databaseRateLimitStore } from './rate-limit-store';
import { ENGINES, PREPARE_TIMEOUT_MS } from '../testing/test-databases';

const WINDOW_MS = 60_000;

describe.each(ENGINES)('the rate limit counted in the %s database', (_name, makeDatabases) => {
  const databases = makeDatabases();
  let db: Database;
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    db = await databases.fresh();
  });
  afterAll(() => databases.dispose());

  /** A store as one server process's @fastify/rate-limit makes it. */
  const processStore = () => {
    const Store = databaseRateLimitStore(db);
    return new Store({});
  };
  const incr = (
    store: ReturnType<typeof processStore>,
    key: string,
    windowMs = WINDOW_MS,
  ): Promise<{ current: number; ttl: number }> =>
    new Promise((resolve, reject) =>
      store.incr(
        key,
        (error, result) =>
          error || !result ? reject(error ?? new Error('no result')) : resolve(result),
        windowMs,
        10,
      ),
    );

  it('counts one address across processes, and each address apart', async () => {
    const processes = [processStore(), processStore(), processStore()];
    const counts: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const store = processes[index % processes.length];
      if (!store) throw new Error('no store');
      counts.push((await incr(store, '203.0.113.7')).current);
    }
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const other = await incr(processes[1] ?? processStore(), '203.0.113.8');
    expect(other.current).toBe(1);
    expect(other.ttl).toBeGreaterThan(WINDOW_MS - 5_000);
    expect(other.ttl).toBeLessThanOrEqual(WINDOW_MS);
  });

  it('never loses a count when posts arrive at once', async () => {
    const processes = [processStore(), processStore()];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        incr(processes[index % 2] ?? processStore(), '198.51.100.9'),
      ),
    );
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });

  it('counts the posts of one turn in one statement, each told its own count in order', async () => {
    let statements = 0;
    const counted: Database = {
      ...db,
      query: (sql, params) => {
        statements += 1;
        return db.query(sql, params);
      },
    };
    const Store = databaseRateLimitStore(counted);
    const store = new Store({});
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        incr(store, index % 2 ? '203.0.113.7' : '203.0.113.8'),
      ),
    );
    // One round trip for a rush's posts, not one each; the other is the process's first sweep.
    expect(statements).toBe(2);
    const of = (parity: number) =>
      results.filter((_, index) => index % 2 === parity).map((result) => result.current);
    expect(of(0)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(of(1)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('starts a new window once the last one ended, and deletes ended windows', async () => {
    const store = processStore();
    expect((await incr(store, 'a', 100)).current).toBe(1);
    expect((await incr(store, 'a', 100)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    // The new window also sweeps the ended ones (here: b's).
    expect((await incr(store, 'b', 50)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await incr(store, 'a', 100)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const rows = await db.query('SELECT hits FROM rate_limit_counters');
    expect(rows).toEqual([{ hits: 1 }]);
  });

  it('stores no address, only a salted hash of it', async () => {
    await incr(processStore(), '203.0.113.7');
    const rows = await db.query('SELECT key FROM rate_limit_counters');
    const plainHash = createHash('sha256').update('203.0.113.7').digest('hex');
    expect(rows).toHaveLength(1);
    expect(String(rows[0]?.key)).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.key).not.toBe(plainHash);
  });

  it('counts in an unlogged table: a count commits without waiting for the WAL to reach the disk', async () => {
    const rows = await db.query(
      "SELECT relpersistence FROM pg_class WHERE oid = 'rate_limit_counters'::regclass",
    );
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });
});
