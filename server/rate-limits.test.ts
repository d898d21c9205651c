import { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { type Database } from './db/database';
import { namedRateLimit } from './rate-limits';
import { makeFixtureSite, testConfig, writeServerCatalogue } from './testing/fixture-site';
import { ENGINES, PREPARE_TIMEOUT_MS } from './testing/test-databases';

/**
 * Each limit counts under its own name (server/rate-limits.ts): the forms', the results' and any
 * other made with options of its own never spend each other's counts, in memory (embedded) and in
 * PostgreSQL's one table of counters alike. Different maxima make any sharing show: a shared count
 * would refuse a limit's post before its own maximum.
 */
const site = makeFixtureSite();
writeServerCatalogue(site.distDir, []);
afterAll(() => site.remove());

const LIMITS = { forms: 2, results: 3, other: 4 };
const ROUNDS = 6;
const CLIENT = '203.0.113.7';

describe.each(ENGINES)('rate limits on the %s database', (name, makeDatabases) => {
  const databases = makeDatabases();
  let db: Database;
  let app: FastifyInstance;

  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    db = await databases.fresh();
    app = createApp({
      db,
      config: testConfig({
        distDir: site.distDir,
        rateLimit: { max: LIMITS.forms, windowMs: 60_000 },
        resultsRateLimit: { max: LIMITS.results, windowMs: 60_000 },
      }),
      logger: false,
    });
    // A third limit, with a window of its own, as a later route would make one.
    void app.register((api, _options, done) => {
      api.post(
        '/api/other',
        {
          onRequest: [namedRateLimit(api, { name: 'other', max: LIMITS.other, windowMs: 30_000 })],
        },
        (_request, reply) => reply.send({ ok: true }),
      );
      // A read's limit, counted in each process's memory.
      api.get(
        '/api/read',
        {
          onRequest: [
            namedRateLimit(api, {
              name: 'read',
              max: LIMITS.other,
              windowMs: 30_000,
              perProcess: true,
            }),
          ],
        },
        (_request, reply) => reply.send({ ok: true }),
      );
      done();
    });
  });
  afterEach(async () => {
    await app.close();
    await db.close();
  });
  afterAll(() => databases.dispose());

  const post = async (url: string, payload: unknown) =>
    (
      await app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify(payload),
        remoteAddress: CLIENT,
        headers: { 'content-type': 'application/json' },
      })
    ).statusCode;

  it('refuses each limit’s posts only past its own maximum, whatever the others counted', async () => {
    const refusedFrom: Record<keyof typeof LIMITS, number | null> = {
      forms: null,
      results: null,
      other: null,
    };
    // Round after round, one post to each: every post is counted (a bad result is a 400, counted).
    for (let round = 1; round <= ROUNDS; round += 1) {
      const statuses = {
        forms: await post('/api/contact', {
          name: 'Ada',
          email: 'ada@example.com',
          message: `post ${round}`,
        }),
        results: await post('/api/results', {}),
        other: await post('/api/other', {}),
      };
      for (const limit of ['forms', 'results', 'other'] as const) {
        if (statuses[limit] === 429) refusedFrom[limit] ??= round;
        else expect(refusedFrom[limit], `${limit} answered again after a 429`).toBeNull();
      }
    }
    expect(refusedFrom).toEqual({
      forms: LIMITS.forms + 1,
      results: LIMITS.results + 1,
      other: LIMITS.other + 1,
    });
  });

  it('exhausting one limit leaves the others answering', async () => {
    for (let n = 0; n < LIMITS.results; n += 1) await post('/api/results', {});
    expect(await post('/api/results', {})).toBe(429);
    expect(await post('/api/other', {})).toBe(200);
    expect(
      await post('/api/contact', { name: 'Ada', email: 'ada@example.com', message: 'Hi' }),
    ).toBe(201);
  });

  it(
    name === 'postgres'
      ? 'keeps one row per limit for the client in PostgreSQL’s table of counters'
      : 'counts in memory: nothing is written to the table of counters',
    async () => {
      await post('/api/contact', { name: 'Ada', email: 'ada@example.com', message: 'Hi' });
      await post('/api/results', {});
      await post('/api/other', {});
      const rows = await db.query('SELECT hits FROM rate_limit_counters');
      expect(rows).toEqual(name === 'postgres' ? [{ hits: 1 }, { hits: 1 }, { hits: 1 }] : []);
    },
  );

  it('counts a per-process limit in memory, past its maximum refused all the same', async () => {
    const read = async () =>
      (await app.inject({ method: 'GET', url: '/api/read', remoteAddress: CLIENT })).statusCode;
    const statuses: number[] = [];
    for (let n = 0; n <= LIMITS.other; n += 1) statuses.push(await read());
    expect(statuses).toEqual([...Array.from({ length: LIMITS.other }, () => 200), 429]);
    expect(await db.query('SELECT hits FROM rate_limit_counters')).toEqual([]);
    // Its count is its own: the post limit of the same size still answers.
    expect(await post('/api/other', {})).toBe(200);
  });
});
