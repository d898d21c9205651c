import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CrowdPost } from '../../core/crowd';
import { clientGroups } from '../client-address';
import { ENGINES, PREPARE_TIMEOUT_MS, postgresTestDatabases } from '../testing/test-databases';
import { openPostgresDatabase } from './postgres-database';
import { sqlText, type Database } from './database';
import { z } from 'zod';
import {
  STORED_BEFORE,
  countResults,
  insertResults,
  resultKey,
  resultsNotCounted,
} from './results-store';

const browser = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const post = (n: number, puzzleId = 'puzzle_2'): CrowdPost => ({
  puzzleId,
  mode: 'normal',
  won: true,
  tries: 3,
  wrongTries: [[0], [0, 2]],
  browserId: browser(n),
});
/** Browser n's result sent from `ip`, grouped as the results route groups it. */
const from = (ip: string, n: number, puzzleId?: string) => ({
  post: post(n, puzzleId),
  ...clientGroups(ip),
});
const LIMITS = { perAddress: 30, perNetwork: 300 };

describe.each(ENGINES)('storing results on the %s database', (_name, makeDatabases) => {
  const databases = makeDatabases();
  let db: Database;

  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    db = await databases.fresh();
  });
  afterAll(() => databases.dispose());

  it('spends one of an address’s places on a result sent twice in one batch', async () => {
    const outcomes = await insertResults(
      db,
      [from('192.0.2.1', 1), from('192.0.2.1', 1), from('192.0.2.1', 2)],
      { perAddress: 2, perNetwork: 300 },
    );
    expect(outcomes).toEqual(['counted', 'already counted', 'counted']);
    expect(await countResults(db)).toBe(2);
    expect(await resultsNotCounted(db)).toEqual({});
  });

  it('answers a stored result sent again from an address at its limit as already counted, and tallies nothing', async () => {
    const limits = { perAddress: 2, perNetwork: 300 };
    await insertResults(db, [from('192.0.2.1', 1), from('192.0.2.1', 2)], limits);
    expect(await insertResults(db, [from('192.0.2.1', 1), from('192.0.2.1', 3)], limits)).toEqual([
      'already counted',
      'not counted',
    ]);
    expect(await resultsNotCounted(db)).toEqual({ puzzle_2: 1 });
  });

  it('counts at most the per-network limit of a puzzle from one IPv6 /48, whatever /64s it uses', async () => {
    // A tunnel broker's /48 holds 65,536 /64s: one script moves to a new one every 30 results.
    const batch = Array.from({ length: 400 }, (_, index) =>
      from(`2001:db8:77:${(index >> 4).toString(16)}::${(index & 15) + 1}`, index + 1),
    );
    const outcomes = await insertResults(db, batch, { perAddress: 30, perNetwork: 300 });
    expect(outcomes.filter((outcome) => outcome === 'counted')).toHaveLength(300);
    expect(outcomes.slice(0, 300).every((outcome) => outcome === 'counted')).toBe(true);
    expect(await resultsNotCounted(db)).toEqual({ puzzle_2: 100 });
    // Later batches too: the count is the database's, not the batch's.
    expect(await insertResults(db, [from('2001:db8:77:ffff::1', 1000)], LIMITS)).toEqual([
      'not counted',
    ]);
    // Another /48, another puzzle from the same /48, and IPv4 addresses are not bound by it.
    expect(
      await insertResults(
        db,
        [
          from('2001:db8:78::1', 1001),
          from('2001:db8:77:1::1', 1002, 'puzzle_1'),
          from('192.0.2.9', 1003),
        ],
        LIMITS,
      ),
    ).toEqual(['counted', 'counted', 'counted']);
    expect(await resultsNotCounted(db)).toEqual({ puzzle_2: 101 });
    expect(await countResults(db)).toBe(303);
  });

  it('keeps the per-address limit inside a network', async () => {
    const batch = Array.from({ length: 40 }, (_, index) =>
      from(`2001:db8:77:1::${index + 1}`, index + 1),
    );
    const outcomes = await insertResults(db, batch, LIMITS);
    expect(outcomes.filter((outcome) => outcome === 'counted')).toHaveLength(30);
  });

  it('counts an IPv4 address by the per-address limit alone, even under a smaller per-network limit', async () => {
    const batch = Array.from({ length: 5 }, (_, index) => from('192.0.2.1', index + 1));
    const outcomes = await insertResults(db, batch, { perAddress: 4, perNetwork: 1 });
    expect(outcomes).toEqual(['counted', 'counted', 'counted', 'counted', 'not counted']);
  });
});

describe('storing results from several server processes on one PostgreSQL database', () => {
  const databases = postgresTestDatabases();
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  afterAll(() => databases.dispose());

  /** Four batches from each of three server processes (each its own pool, as each process has), all at once. */
  const fromThreeServers = async (
    batch: (server: number, round: number) => ReturnType<typeof from>[],
    limits: typeof LIMITS,
  ) => {
    await databases.fresh();
    const url = databases.lastUrl() ?? '';
    const servers = await Promise.all([1, 2, 3].map(() => openPostgresDatabase(url)));
    try {
      const rounds = await Promise.all(
        servers.flatMap((server, s) =>
          Array.from({ length: 4 }, (_, b) => insertResults(server, batch(s, b), limits)),
        ),
      );
      const [first] = servers;
      if (!first) throw new Error('no server');
      return {
        counted: rounds.flat().filter((outcome) => outcome === 'counted').length,
        stored: await countResults(first),
        notCounted: await resultsNotCounted(first),
      };
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  };

  it('holds the per-network limit exactly while servers store results of one /48 at once', async () => {
    const outcome = await fromThreeServers(
      (s, b) =>
        Array.from({ length: 50 }, (_, i) => {
          const n = s * 1000 + b * 100 + i + 1;
          return from(`2001:db8:99:${n.toString(16)}::1`, n);
        }),
      { perAddress: 30, perNetwork: 250 },
    );
    expect(outcome).toEqual({ counted: 250, stored: 250, notCounted: { puzzle_2: 350 } });
  });

  it("stores one address's results while another address's batch is still being counted", async () => {
    await databases.fresh();
    const url = databases.lastUrl() ?? '';
    const [first, second] = await Promise.all([1, 2].map(() => openPostgresDatabase(url)));
    if (!first || !second) throw new Error('no databases');
    // The first process's batch stops before its insert, holding whatever it locked.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reachedInsert = () => {};
    const atInsert = new Promise<void>((resolve) => (reachedInsert = resolve));
    const slow: Database = {
      ...first,
      transaction: (work) =>
        first.transaction((tx) =>
          work({
            ...tx,
            query: async (sql, params) => {
              if (sqlText(sql).includes('INSERT INTO puzzle_results')) {
                reachedInsert();
                await held;
              }
              return tx.query(sql, params);
            },
          }),
        ),
    };
    try {
      const waiting = insertResults(slow, [from('203.0.113.1', 1)], LIMITS);
      await atInsert;
      // The same puzzle from another address: not held up by the first batch.
      const other = await Promise.race([
        insertResults(second, [from('198.51.100.1', 2)], LIMITS),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
      ]);
      expect(other).toEqual(['counted']);
      release();
      expect(await waiting).toEqual(['counted']);
      expect(await countResults(second)).toBe(2);
    } finally {
      release();
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('holds the per-address limit exactly while servers store results of one address at once', async () => {
    const outcome = await fromThreeServers(
      (s, b) =>
        Array.from({ length: 10 }, (_, i) => from('192.0.2.44', s * 1000 + b * 100 + i + 1)),
      LIMITS,
    );
    expect(outcome).toEqual({ counted: 30, stored: 30, notCounted: { puzzle_2: 90 } });
  });
});

describe("a batch's reads on PostgreSQL, before the puzzle's results are in the table's statistics", () => {
  const databases = postgresTestDatabases();
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  afterAll(() => databases.dispose());

  /** Every node of an EXPLAIN (FORMAT JSON) plan. */
  type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
  const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

  it('looks up only its own keys, as the midnight rush fills a new puzzle', async () => {
    const db = await databases.fresh();
    // A new puzzle's first 3,000 results, never analysed (as at midnight, before autovacuum).
    for (let batch = 0; batch < 6; batch += 1)
      await insertResults(
        db,
        Array.from({ length: 500 }, (_, i) => {
          const n = batch * 500 + i + 1;
          return from(`10.9.${n >> 8}.${n & 255}`, n, 'puzzle_9');
        }),
        LIMITS,
      );
    // Once a statement is prepared, PostgreSQL may keep one plan for any parameters (a generic
    // plan, made with what the statistics say): the one it keeps here.
    const plan = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await tx.query(
        `PREPARE stored_before_test (text[], text[], text[], text[]) AS ${sqlText(STORED_BEFORE)}`,
      );
      const keys = Array.from({ length: 12 }, (_, i) => resultKey(post(i + 1, 'puzzle_9')));
      // EXECUTE takes its arguments as SQL: the keys are base64url, safe between quotes.
      const array = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;
      const [row] = await tx.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE stored_before_test(${array(
          keys.map(() => 'puzzle_9'),
        )}, ${array(keys)}, ${array(keys.map((_, i) => `address-${i}`))}, ${array(['network'])})`,
      );
      await tx.query('DEALLOCATE stored_before_test');
      return z
        .array(z.object({ Plan: z.record(z.string(), z.unknown()) }))
        .parse(row?.['QUERY PLAN'])[0]?.Plan as PlanNode;
    });
    const all = nodes(plan);
    // Its 12 results found, each by its key; no result of the puzzle read and thrown away.
    expect(all.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(
      all.reduce(
        (sum, node) =>
          sum +
          Number(node['Rows Removed by Filter'] ?? 0) +
          Number(node['Rows Removed by Index Recheck'] ?? 0),
        0,
      ),
    ).toBe(0);
    expect(plan['Actual Rows']).toBe(12 + 12 + 1);
  });
});
