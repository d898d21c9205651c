import { afterAll, describe, expect, it } from 'vitest';
import { type CrowdPost } from '../core/crowd';
import { createApp } from './app';
import { sqlText, type Database } from './db/database';
import { countResults, resultTallies, resultsNotCounted } from './db/results-store';
import { ALREADY_COUNTED } from './results-routes';
import { makeFixtureSite, testConfig, writeServerCatalogue } from './testing/fixture-site';
import { appPerTest } from './testing/test-app';
import { ENGINES } from './testing/test-databases';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const CATALOGUE = [
  { id: 'puzzle_1', date: '2026-11-24' },
  { id: 'puzzle_2', date: '2026-11-25' },
  { id: 'puzzle_3', date: '2026-11-26' },
];
// A built site's server catalogue: the server reads it as it reads a real build's.
const site = makeFixtureSite();
writeServerCatalogue(site.distDir, CATALOGUE);
afterAll(() => site.remove());
const browser = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const result = (fields: Partial<CrowdPost> = {}): CrowdPost => ({
  puzzleId: 'puzzle_2',
  mode: 'normal',
  won: true,
  tries: 3,
  wrongTries: [[0], [0, 2]],
  browserId: browser(1),
  ...fields,
});

describe.each(ENGINES)('results API on the %s database', (_name, makeDatabases) => {
  const databases = makeDatabases();
  const t = appPerTest(databases, { distDir: site.distDir, start: NOW });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/results',
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...headers },
    });
  const read = (puzzleId: string) =>
    t.app.inject({ method: 'GET', url: `/api/results/${puzzleId}` });

  it('counts a result: 201, stored with no address, no cookie and no browser id', async () => {
    const response = await post(result(), { cookie: 'linchpin_cookie_consent=accepted' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'counted' });
    const rows = await t.db.query('SELECT * FROM puzzle_results');
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'address_key',
        'found_last',
        'mode',
        'network_key',
        'puzzle_id',
        'result_key',
        'tries',
        'won',
        'wrong_tries',
      ].sort(),
    );
    expect(stored).not.toContain(browser(1));
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('accepted');
  });

  it('counts a browser once per puzzle: a second result is answered as already counted', async () => {
    expect((await post(result())).statusCode).toBe(201);
    const again = await post(
      result({ won: false, tries: 6, wrongTries: [[], [], [], [], [], []] }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: ALREADY_COUNTED });
    // The same browser's result of another puzzle, and another browser's, count.
    expect((await post(result({ puzzleId: 'puzzle_1' }))).statusCode).toBe(201);
    expect((await post(result({ browserId: browser(2) }))).statusCode).toBe(201);
    expect(await countResults(t.db)).toBe(3);
    const tallies = await resultTallies(t.db, 'puzzle_2');
    expect(tallies).toEqual([
      { puzzleId: 'puzzle_2', mode: 'normal', won: true, tries: 3, foundLast: 0b1010, count: 2 },
    ]);
  });

  it('counts once when one browser sends the same result twice at the same moment', async () => {
    const answers = await Promise.all([post(result()), post(result()), post(result())]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await countResults(t.db)).toBe(1);
  });

  it.each([
    ['an unknown puzzle', result({ puzzleId: 'puzzle_99' }), /no puzzle puzzle_99/],
    ['a future puzzle', result({ puzzleId: 'puzzle_3' }), /no puzzle puzzle_3/],
  ])(
    'answers %s with a 404 (the browser keeps it) and stores nothing',
    async (_what, payload, message) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json<{ error: string }>().error).toMatch(message);
      expect(await countResults(t.db)).toBe(0);
    },
  );

  it.each([
    [
      'tries over the limit',
      result({ tries: 7, wrongTries: [[], [], [], [], [], []] }),
      /at most 6/,
    ],
    ['a win whose tries do not fit', result({ wrongTries: [] }), /A win in 3 tries/],
    [
      'a loss with tries left',
      result({ won: false, tries: 2, wrongTries: [[], []] }),
      /all 6 tries/,
    ],
    [
      'a field that is not part of a result',
      { ...result(), word: 'Ring' },
      /Not part of a result: word/,
    ],
    ['an array', [result()], /JSON object/],
    ['a bad browser id', result({ browserId: 'me' }), /browserId/],
  ])('refuses %s with a clear 400 and stores nothing', async (_what, payload, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(message);
    expect(await countResults(t.db)).toBe(0);
  });

  it('refuses a body that is not JSON, not an object, or too large', async () => {
    expect((await post('{"puzzleId":')).statusCode).toBe(400);
    expect(
      (await post('puzzleId=puzzle_2', { 'content-type': 'application/x-www-form-urlencoded' }))
        .statusCode,
    ).toBe(415);
    expect((await post({ ...result(), pad: 'x'.repeat(4000) })).statusCode).toBe(413);
    expect(await countResults(t.db)).toBe(0);
  });

  it('limits results per address with a limit of their own', async () => {
    const limited = t.appWith({
      rateLimit: { max: 1, windowMs: 60_000 },
      resultsRateLimit: { max: 3, windowMs: 60_000 },
    });
    const send = (n: number) =>
      limited.inject({
        method: 'POST',
        url: '/api/results',
        payload: JSON.stringify(result({ browserId: browser(n) })),
        headers: { 'content-type': 'application/json' },
      });
    const codes = [];
    for (const n of [1, 2, 3, 4]) codes.push((await send(n)).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    // The forms' limit (1 here) is not spent by results.
    const contact = await limited.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada', email: 'ada@example.com', message: 'Hi' },
    });
    expect(contact.statusCode).toBe(201);
    await limited.close();
  });

  it('answers the figures only from 20 results, cacheable for 60 s by shared caches', async () => {
    for (let n = 1; n <= 19; n += 1) {
      const won = n % 4 !== 0;
      const payload = won
        ? result({ browserId: browser(n), tries: 2, wrongTries: [[0, 1, 3]] })
        : result({
            browserId: browser(n),
            won: false,
            tries: 6,
            wrongTries: [[], [], [], [], [], []],
          });
      expect((await post(payload)).statusCode).toBe(201);
    }
    const few = await read('puzzle_2');
    expect(few.statusCode).toBe(200);
    expect(few.headers['cache-control']).toBe('public, max-age=60');
    expect(few.json()).toEqual({ puzzleId: 'puzzle_2', players: 19, figures: null });

    expect(
      (await post(result({ browserId: browser(20), mode: 'easy', tries: 1, wrongTries: [] })))
        .statusCode,
    ).toBe(201);
    // Within the minute the same answer is served: computed once per period.
    expect((await read('puzzle_2')).json()).toMatchObject({ players: 19 });
    t.now += 61_000;
    const enough = await read('puzzle_2');
    expect(enough.json()).toEqual({
      puzzleId: 'puzzle_2',
      players: 20,
      figures: {
        players: 20,
        solved: 16,
        modes: { easy: { players: 1, solved: 1 }, normal: { players: 19, solved: 15 } },
        averageTries: 1.9,
        distribution: [1, 15, 0, 0, 0, 0, 0, 0],
        foundLast: { category: 2, count: 15, of: 15 },
      },
    });
  });

  it('computes the figures once per period however many ask at once', async () => {
    let tallyQueries = 0;
    const counting: Database = {
      ...t.db,
      query: (sql, params) => {
        if (sqlText(sql).includes('GROUP BY')) tallyQueries += 1;
        return t.db.query(sql, params);
      },
    };
    const busy = createApp({
      db: counting,
      config: testConfig({ distDir: site.distDir }),
      logger: false,
      now: () => t.now,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        busy.inject({ method: 'GET', url: '/api/results/puzzle_2' }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(tallyQueries).toBe(1);
    t.now += 61_000;
    await busy.inject({ method: 'GET', url: '/api/results/puzzle_2' });
    expect(tallyQueries).toBe(2);
    await busy.close();
  });

  it('answers 404 for the figures of an unknown or future puzzle', async () => {
    expect((await read('puzzle_99')).statusCode).toBe(404);
    expect((await read('puzzle_3')).statusCode).toBe(404);
    expect((await read('puzzle_1')).statusCode).toBe(200);
  });

  it('counts at most the per-address limit of one puzzle from one address, whatever ids it rotates', async () => {
    const answers = [];
    for (let n = 1; n <= 200; n += 1) {
      const payload = result({ browserId: browser(n) });
      answers.push(
        (await post(payload, { 'x-test': String(n) })).json<{ status: string }>().status,
      );
    }
    expect(answers.filter((status) => status === 'counted')).toHaveLength(30);
    expect(answers.filter((status) => status === 'not counted')).toHaveLength(170);
    expect(answers.slice(0, 30).every((status) => status === 'counted')).toBe(true);
    expect(await countResults(t.db)).toBe(30);
    expect(await resultsNotCounted(t.db)).toEqual({ puzzle_2: 170 });
    // Another puzzle from the same address, and the same puzzle from another network, still count.
    expect((await post(result({ puzzleId: 'puzzle_1', browserId: browser(1) }))).statusCode).toBe(
      201,
    );
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/results',
      remoteAddress: '2001:db8:5:6::7',
      payload: JSON.stringify(result({ browserId: browser(500) })),
      headers: { 'content-type': 'application/json' },
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(await countResults(t.db)).toBe(32);
  });

  it('counts at most RESULTS_PER_NETWORK results of a puzzle from one IPv6 /48, whatever /64s it moves to', async () => {
    const limited = t.appWith({ resultsPerAddress: 2, resultsPerNetwork: 5 });
    const send = (n: number, remoteAddress: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/results',
        remoteAddress,
        payload: JSON.stringify(result({ browserId: browser(n) })),
        headers: { 'content-type': 'application/json' },
      });
    try {
      const answers: string[] = [];
      // Four /64s of one /48, two browsers each: the /64's limit lets all eight through.
      for (let n = 1; n <= 8; n += 1) {
        const answer = await send(n, `2001:db8:48:${Math.ceil(n / 2)}::${n}`);
        answers.push(answer.json<{ status: string }>().status);
      }
      expect(answers).toEqual([
        ...Array<string>(5).fill('counted'),
        ...Array<string>(3).fill('not counted'),
      ]);
      expect(await resultsNotCounted(t.db)).toEqual({ puzzle_2: 3 });
      // A retry from the full /48 is already counted; another /48 and an IPv4 address still count.
      expect((await send(1, '2001:db8:48:77::1')).json()).toEqual({ status: ALREADY_COUNTED });
      expect((await send(20, '2001:db8:49:1::1')).statusCode).toBe(201);
      expect((await send(21, '192.0.2.1')).statusCode).toBe(201);
      expect(await countResults(t.db)).toBe(7);
      expect(await resultsNotCounted(t.db)).toEqual({ puzzle_2: 3 });
    } finally {
      await limited.close();
    }
  });

  it('answers a retry of a stored result as already counted, even from an address at its limit', async () => {
    const limited = t.appWith({ resultsPerAddress: 2 });
    const send = (n: number) =>
      limited.inject({
        method: 'POST',
        url: '/api/results',
        payload: JSON.stringify(result({ browserId: browser(n) })),
        headers: { 'content-type': 'application/json' },
      });
    try {
      expect((await send(1)).statusCode).toBe(201);
      expect((await send(2)).statusCode).toBe(201);
      // Browser 1's answer was lost on the way, so it sends its result again: the address is at
      // its limit, but this result is already in.
      const retry = await send(1);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({ status: ALREADY_COUNTED });
      expect((await send(3)).json()).toEqual({ status: 'not counted' });
      // Only browser 3's result was refused.
      expect(await resultsNotCounted(t.db)).toEqual({ puzzle_2: 1 });
      expect(await countResults(t.db)).toBe(2);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 with Retry-After when the results queue is full, while forms still answer', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: Database = {
      ...t.db,
      transaction: async (work) => {
        await held;
        return t.db.transaction(work);
      },
    };
    const warnings: string[] = [];
    const busy = createApp({
      db: slow,
      config: testConfig({ distDir: site.distDir }),
      logger: false,
      maxPendingResults: 2,
      maxPendingPosts: 2,
      now: () => t.now,
    });
    // Without a logger every request logs through the app's one silent logger: listen there.
    const warn = busy.log.warn.bind(busy.log);
    busy.log.warn = (...args: Parameters<typeof warn>) => {
      warnings.push(String(args.at(-1)));
      warn(...args);
    };
    try {
      const send = (n: number) =>
        busy.inject({
          method: 'POST',
          url: '/api/results',
          payload: JSON.stringify(result({ browserId: browser(n) })),
          headers: { 'content-type': 'application/json' },
        });
      const first = send(1);
      const second = send(2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const refused = await Promise.all([3, 4, 5, 6, 7].map(send));
      expect(refused.map((answer) => answer.statusCode)).toEqual([503, 503, 503, 503, 503]);
      expect(refused[0]?.headers['retry-after']).toBe('5');
      // One warning for the burst, not one per post.
      expect(warnings.filter((line) => line.includes('results queue full'))).toHaveLength(1);
      // The forms have a bound of their own: a message is taken, not turned away with a 503
      // (on the embedded database it is written once the results' write is done).
      const contact = busy.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
      });
      release();
      expect((await contact).statusCode).toBe(201);
      expect((await first).statusCode).toBe(201);
      expect((await second).statusCode).toBe(201);
    } finally {
      release();
      await busy.close();
    }
  });
});
