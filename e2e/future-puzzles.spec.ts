import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { readPuzzles } from './support';

/**
 * No answer before its day: tomorrow's puzzle (by the server's real clock) is in no page, page
 * data, puzzle file, script or service worker the server sends today, and its address is "not
 * found". (server/puzzle-files.test.ts moves the clock to show it appears on its day.)
 */
test('tomorrow’s puzzle is in nothing the server sends today', async ({ request }) => {
  const today = new Date().toISOString().slice(0, 10);
  const puzzles = readPuzzles();
  const future = puzzles
    .filter((puzzle) => puzzle.date > today)
    .sort((a, b) => a.date.localeCompare(b.date))[0];
  // The catalogue always runs ahead of today (CATALOGUE_SCHEDULE): a missing future puzzle is a
  // failure of its own.
  if (!future)
    throw new Error('The catalogue has no puzzle after today: schedule the next season.');
  // A title or category name another puzzle also has (e.g. a category used again a year later) is
  // no secret of this one: it is sent with that puzzle, rightly.
  const elsewhere = new Set(
    puzzles
      .filter((puzzle) => puzzle.id !== future.id)
      .flatMap((puzzle) => [puzzle.title, ...puzzle.categories.map((c) => c.name)]),
  );
  const secrets = [
    `"${future.id}"`,
    ...[future.title, ...future.categories.map((c) => c.name)].filter(
      (text) => !elsewhere.has(text),
    ),
  ];

  const months = [...new Set(puzzles.map((puzzle) => puzzle.date.slice(0, 7)))];
  const assets = readdirSync(join(import.meta.dirname, '..', 'dist', 'assets')).filter((file) =>
    file.endsWith('.js'),
  );
  const paths = [
    '/',
    '/archive',
    '/game',
    '/stats',
    '/sw.js',
    '/sw-puzzles.js',
    '/puzzles/index.json',
    ...months.map((month) => `/puzzles/${month}.json`),
    ...assets.map((file) => `/assets/${file}`),
  ];
  for (const path of paths) {
    const response = await request.get(path);
    const body = await response.text();
    for (const secret of secrets) expect(body.includes(secret), `${secret} in ${path}`).toBe(false);
  }
  const page = await request.get(`/game?puzzleId=${future.id}`);
  expect(page.status()).toBe(404);
  const month = await request.get(`/puzzles/${future.date.slice(0, 7)}.json`);
  if (month.ok())
    expect(month.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+$/);
});
