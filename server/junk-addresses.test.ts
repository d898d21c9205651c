import { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { type Database } from './db/database';
import { PAGE_CACHE_ENTRIES } from './page-cache';
import {
  failFixtureRenders,
  fixtureRenders,
  makeRenderingSite,
  testConfig,
} from './testing/fixture-site';
import { PREPARE_TIMEOUT_MS, embeddedTestDatabases } from './testing/test-databases';

/**
 * Junk addresses (unknown paths, /game for ids that are not out) share one rendering of their kind:
 * they cost no render and push no real page out of the page cache. A failed render is never kept,
 * here or by a shared cache.
 */
const NOW = Date.parse('2026-11-25T12:00:00Z');
const site = makeRenderingSite([
  { id: 'puzzle_1', date: '2026-11-24' },
  { id: 'puzzle_2', date: '2026-11-25' },
  { id: 'puzzle_3', date: '2026-11-26' },
]);
const databases = embeddedTestDatabases();
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  await databases.prepare();
  db = await databases.fresh();
}, PREPARE_TIMEOUT_MS);
beforeEach(() => {
  fixtureRenders().length = 0;
  failFixtureRenders(false);
  app = createApp({
    db,
    config: testConfig({ distDir: site.distDir }),
    logger: false,
    now: () => NOW,
  });
});
afterEach(() => app.close());
afterAll(async () => {
  await db.close();
  await databases.dispose();
  site.remove();
});

const get = (url: string) =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });

describe('junk addresses', () => {
  it('answer every unknown path with one shared 404 page, rendered once', async () => {
    for (let n = 0; n < 50; n += 1) {
      const answer = await get(`/x${n}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toContain('text/html');
    }
    expect(fixtureRenders()).toEqual(['/404']);
  });

  it('answer every /game of a puzzle that is not out with one shared page', async () => {
    const ids = ['puzzle_99', 'puzzle_3', 'nonsense', '%3Cscript%3E', 'puzzle_1x'];
    for (const id of ids) {
      const answer = await get(`/game?puzzleId=${id}&mode=retry`);
      expect(answer.statusCode).toBe(404);
    }
    expect(fixtureRenders()).toEqual(['/game?none']);
    // Puzzles that are out keep pages of their own.
    expect((await get('/game?puzzleId=puzzle_1')).statusCode).toBe(200);
    expect((await get('/game?puzzleId=puzzle_2')).statusCode).toBe(200);
    expect(fixtureRenders()).toEqual(['/game?none', '/game?puzzle_1', '/game?puzzle_2']);
  });

  it('never push a real page out of the cache, however many there are', async () => {
    expect((await get('/')).statusCode).toBe(200);
    for (let n = 0; n < PAGE_CACHE_ENTRIES + 100; n += 1) {
      await get(n % 2 === 0 ? `/junk-${n}` : `/game?puzzleId=puzzle_${1000 + n}`);
    }
    expect((await get('/')).statusCode).toBe(200);
    expect(fixtureRenders()).toEqual(['/', '/404', '/game?none']);
  });
});

describe('a failed render', () => {
  it('is sent with no-store and rendered again on the next request', async () => {
    failFixtureRenders(true);
    const failed = await get('/archive');
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['cache-control']).toBe('no-store');
    expect(failed.headers.etag).toBeUndefined();
    failFixtureRenders(false);
    const fixed = await get('/archive');
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers['cache-control']).toContain('s-maxage=');
    expect(fixtureRenders()).toEqual(['/archive', '/archive']);
  });
});
