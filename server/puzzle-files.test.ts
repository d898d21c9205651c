import { type FastifyInstance } from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { type Database } from './db/database';
import { makeFixtureSite, testConfig } from './testing/fixture-site';
import { PREPARE_TIMEOUT_MS, embeddedTestDatabases } from './testing/test-databases';

/**
 * The server never sends a puzzle before its UTC day: the catalogue files it serves hold only the
 * puzzles out on the day (the clock injected), a shared cache may keep them until the next
 * midnight only, and a browser revalidates with the ETag.
 */
const site = makeFixtureSite();
const databases = embeddedTestDatabases();
let db: Database;
let clock = Date.parse('2026-11-25T22:00:00Z');
let app: FastifyInstance;

const puzzle = (id: string, date: string, title: string) => ({
  id,
  date,
  title,
  author: null,
  difficulty: 'normal',
  specialWord: `${title}-word`,
});
const TODAY = puzzle('puzzle_10', '2026-11-25', 'Out Today');
const TOMORROW = puzzle('puzzle_11', '2026-11-26', 'Secret Tomorrow');
const NEXT_MONTH = puzzle('puzzle_12', '2026-12-01', 'Secret December');

beforeAll(async () => {
  // The whole catalogue, as the build writes it for the server (dist-server/puzzles/).
  const dir = join(`${site.distDir}-server`, 'puzzles');
  mkdirSync(dir, { recursive: true });
  const summary = ({ id, date, title, author, difficulty }: typeof TODAY) => ({
    id,
    date,
    title,
    author,
    difficulty,
  });
  writeFileSync(
    join(dir, 'index.json'),
    JSON.stringify([TODAY, TOMORROW, NEXT_MONTH].map(summary)),
  );
  writeFileSync(join(dir, '2026-11.json'), JSON.stringify([TODAY, TOMORROW]));
  writeFileSync(join(dir, '2026-12.json'), JSON.stringify([NEXT_MONTH]));
  await databases.prepare();
  db = await databases.fresh();
  app = createApp({
    db,
    config: testConfig({ distDir: site.distDir }),
    logger: false,
    now: () => clock,
  });
}, PREPARE_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
  await db.close();
  await databases.dispose();
  site.remove();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the puzzle files the server sends', () => {
  it('hold no puzzle before its UTC day, and hold it once the day comes', async () => {
    clock = Date.parse('2026-11-25T22:00:00Z');
    const index = await get('/puzzles/index.json?v=abc');
    expect(index.statusCode).toBe(200);
    expect(index.json()).toEqual([expect.objectContaining({ id: 'puzzle_10' })]);
    const november = await get('/puzzles/2026-11.json');
    expect(november.json()).toEqual([TODAY]);
    for (const response of [index, november]) {
      expect(response.body).not.toContain('Secret');
      expect(response.body).not.toContain('puzzle_11');
    }
    expect((await get('/puzzles/2026-12.json')).statusCode).toBe(404);

    clock = Date.parse('2026-11-26T00:00:00Z');
    expect((await get('/puzzles/index.json')).json()).toHaveLength(2);
    expect((await get('/puzzles/2026-11.json')).json()).toEqual([TODAY, TOMORROW]);
    expect((await get('/puzzles/2026-12.json')).statusCode).toBe(404);

    clock = Date.parse('2026-12-01T00:00:01Z');
    expect((await get('/puzzles/2026-12.json')).json()).toEqual([NEXT_MONTH]);
  });

  it('may be kept by a shared cache until the next UTC midnight, and revalidated by ETag', async () => {
    clock = Date.parse('2026-11-25T22:00:00Z');
    const first = await get('/puzzles/2026-11.json');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=7200');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/puzzles/2026-11.json', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A new day changes the file, and its tag.
    clock = Date.parse('2026-11-26T00:00:00Z');
    const next = await get('/puzzles/2026-11.json', { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(etag);
    expect(next.headers['cache-control']).toBe('public, max-age=0, s-maxage=86400');
  });

  it('answers an unknown file with 404', async () => {
    expect((await get('/puzzles/secrets.json')).statusCode).toBe(404);
    expect((await get('/puzzles/2030-01.json')).statusCode).toBe(404);
  });
});
