import { type FastifyInstance } from 'fastify';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CrowdPost } from '../core/crowd';
import { createApp } from './app';
import { type Database } from './db/database';
import { insertContactMessage } from './db/inbox-store';
import { insertResults } from './db/results-store';
import { testConfig } from './testing/fixture-site';
import { PREPARE_TIMEOUT_MS, embeddedTestDatabases } from './testing/test-databases';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuvwxyz';
const AUTH = { authorization: `Bearer ${TOKEN}` };

const databases = embeddedTestDatabases();
let db: Database;
let app: FastifyInstance;

beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
beforeEach(async () => {
  db = await databases.fresh();
  app = createApp({ db, config: testConfig(), ownerToken: TOKEN, logger: false });
  await insertContactMessage(db, { name: 'Ada', email: 'ada@example.com', message: 'Hi' });
});
afterEach(() => app.close());
afterAll(() => databases.dispose());

describe('owner endpoints', () => {
  it('list, show and handle for a loopback request with the token', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/owner/messages', headers: AUTH });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toMatchObject([
      { id: 1, handledAt: null, fields: { name: 'Ada', message: 'Hi' } },
    ]);

    const handled = await app.inject({
      method: 'POST',
      url: '/api/owner/messages/1/handle',
      headers: AUTH,
    });
    expect(handled.statusCode).toBe(200);
    expect(handled.json<{ handledAt: string | null }>().handledAt).not.toBeNull();

    const unhandled = await app.inject({
      method: 'GET',
      url: '/api/owner/messages?unhandled=true',
      headers: AUTH,
    });
    expect(unhandled.json()).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/owner/messages/2', headers: AUTH })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/owner/submissions', headers: AUTH })).json(),
    ).toEqual([]);
  });

  it(
    'back up, refuse a restore over data, and forget, only for the owner',
    { timeout: 60_000 },
    async () => {
      for (const [method, url] of [
        ['GET', '/api/owner/backup'],
        ['POST', '/api/owner/restore'],
        ['POST', '/api/owner/forget'],
      ] as const) {
        const stranger = await app.inject({
          method,
          url,
          payload: method === 'POST' ? {} : undefined,
        });
        expect(stranger.statusCode, url).toBe(404);
      }
      const backup = await app.inject({ method: 'GET', url: '/api/owner/backup', headers: AUTH });
      expect(backup.statusCode).toBe(200);
      expect(backup.headers['content-type']).toBe('application/gzip');
      expect(gunzipSync(backup.rawPayload).toString()).toContain('"name":"Ada"');

      const restore = await app.inject({
        method: 'POST',
        url: '/api/owner/restore',
        headers: { ...AUTH, 'content-type': 'application/gzip' },
        payload: backup.rawPayload,
      });
      expect(restore.statusCode).toBe(409);
      expect(restore.json()).toMatchObject({
        counts: { contact_messages: 1, puzzle_submissions: 0, puzzle_results: 0 },
      });

      const forget = await app.inject({
        method: 'POST',
        url: '/api/owner/forget',
        headers: AUTH,
        payload: { email: 'ADA@example.com' },
      });
      expect(forget.json()).toEqual({ messages: 1, submissions: 0 });
    },
  );

  it("answers the crowd's results of every puzzle for the owner's puzzle-stats", async () => {
    const browserId = '00000000-0000-4000-8000-000000000001';
    const post: CrowdPost = {
      puzzleId: 'puzzle_1',
      mode: 'easy',
      won: true,
      tries: 2,
      wrongTries: [[1]],
      browserId,
    };
    await insertResults(db, [{ post, addressGroup: '192.0.2.1' }], {
      perAddress: 30,
      perNetwork: 300,
    });
    const stats = await app.inject({
      method: 'GET',
      url: '/api/owner/puzzle-stats',
      headers: AUTH,
    });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual([
      { puzzleId: 'puzzle_1', mode: 'easy', won: true, tries: 2, foundLast: 0b1101, count: 1 },
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/owner/puzzle-stats' })).statusCode).toBe(
      404,
    );
  });

  it.each([
    ['no token', {}, '127.0.0.1'],
    ['a wrong token', { authorization: 'Bearer nope' }, '127.0.0.1'],
    ['the token from another machine', AUTH, '203.0.113.5'],
    [
      'the token through a proxy on this machine',
      { ...AUTH, 'x-forwarded-for': '203.0.113.5' },
      '127.0.0.1',
    ],
    ['the token with a Forwarded header', { ...AUTH, forwarded: 'for=203.0.113.5' }, '::1'],
  ])('answer 404, as if they did not exist, to %s', async (_label, headers, remoteAddress) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/owner/messages',
      headers,
      remoteAddress,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Ada');
    const handle = await app.inject({
      method: 'POST',
      url: '/api/owner/messages/1/handle',
      headers,
      remoteAddress,
    });
    expect(handle.statusCode).toBe(404);
  });

  it('do not exist when the server runs without a token (PostgreSQL)', async () => {
    const plain = createApp({ db, config: testConfig(), logger: false });
    try {
      const response = await plain.inject({
        method: 'GET',
        url: '/api/owner/messages',
        headers: AUTH,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
