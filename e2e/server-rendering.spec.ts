import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../core/routes';
import { inlineBlockHashes, policySources } from '../server/testing/inline-blocks';
import {
  addCookies,
  archiveMonthPath,
  hydrated,
  PLAYER_COOKIES,
  puzzleDated,
  readPuzzles,
} from './support';

// The server renders with its own clock: these tests leave the browser's clock alone, so the page
// the browser hydrates is the one the server rendered for today.
const today = new Date().toISOString().slice(0, 10);
const daily = puzzleDated(today);
const older = readPuzzles()
  .filter((p) => p.date < today)
  .sort((a, b) => (a.date < b.date ? 1 : -1))[0];

test.describe('with JavaScript off, the server’s HTML already holds the page', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows today’s puzzle card, the buttons and the countdown', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Connect words, find patterns, solve puzzles.')).toBeVisible();
    await expect(page.getByRole('heading', { name: daily.title })).toBeVisible();
    await expect(page.getByRole('link', { name: "Play Today's Puzzle" })).toBeVisible();
    await expect(page.getByText(/New puzzle in: \d\d:\d\d:\d\d/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookies on Linchpin' })).toBeVisible();
  });

  test('/game shows today’s nine words, the circles, the counter and the buttons', async ({
    page,
  }) => {
    await page.goto('/game');
    await expect(page.getByRole('heading', { level: 1, name: daily.title })).toBeVisible();
    const grid = page.getByRole('group', { name: 'Words' });
    await expect(grid.getByRole('button')).toHaveCount(9);
    for (const word of daily.words) await expect(grid).toContainText(word);
    await expect(page.getByRole('group', { name: 'Groups' }).getByRole('button')).toHaveCount(4);
    await expect(page.getByText('Try 1 of 6')).toBeVisible();
    for (const name of ['Clear All', 'Submit'])
      await expect(page.getByRole('button', { name })).toBeVisible();
  });

  test('/game?puzzleId=… shows that puzzle, and /archive lists the past puzzles', async ({
    page,
  }) => {
    await page.goto(`/game?puzzleId=${older?.id ?? ''}&mode=play`);
    await expect(page.getByRole('heading', { level: 1, name: older?.title })).toBeVisible();
    // A link to the puzzle's month shows that month, before any script (archive.css, :target).
    await page.goto(archiveMonthPath(older ?? { date: '' }));
    await expect(page.getByRole('heading', { level: 3, name: older?.title })).toBeVisible();
  });

  test('with cookies but no script, the page follows the system’s theme and still shows its content', async ({
    page,
    context,
  }) => {
    await addCookies(context, { linchpin_cookie_consent: 'accepted', linchpin_dark_mode: 'true' });
    await page.goto('/game');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    await expect(page.getByRole('group', { name: 'Words' }).getByRole('button')).toHaveCount(9);
  });
});

test('after hydration the player’s difficulty is the board’s', async ({ page, context }) => {
  await addCookies(context, PLAYER_COOKIES);
  await page.goto('/game');
  await expect(page.getByText('Easy Mode')).toBeVisible();
  await expect(page.getByText('Try 1 of 8')).toBeVisible();
});

test('a page is the same bytes whoever asks, cacheable until midnight UTC, with an ETag answered by 304', async ({
  request,
}) => {
  const cookieSets = [
    '',
    'linchpin_cookie_consent=accepted; linchpin_dark_mode=true; linchpin_difficulty=easy',
    'linchpin_cookie_consent=rejected',
    'linchpin_cookie_consent=%%%broken',
  ];
  for (const path of ['/', '/game', '/archive', `/game?puzzleId=${older?.id ?? ''}`]) {
    const bodies = new Set<string>();
    let etag = '';
    for (const cookie of cookieSets) {
      const response = await request.get(path, { headers: cookie ? { cookie } : {} });
      expect(response.status(), path).toBe(200);
      bodies.add(await response.text());
      const headers = response.headers();
      expect(headers['cache-control'], path).toMatch(
        /^public, max-age=0, s-maxage=\d+, must-revalidate$/,
      );
      const seconds = Number(/s-maxage=(\d+)/.exec(headers['cache-control'] ?? '')?.[1]);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(86_400);
      expect(headers.vary ?? '').not.toMatch(/cookie/i);
      etag = headers.etag ?? '';
      expect(etag, path).toMatch(/^"[^"]+"$/);
    }
    expect(bodies.size, path).toBe(1);
    const again = await request.get(path, { headers: { 'if-none-match': etag } });
    expect(again.status(), path).toBe(304);
  }
  // A tracking parameter is not part of what a page depends on.
  const plain = await (await request.get(`/game?puzzleId=${older?.id ?? ''}`)).text();
  const tracked = await (
    await request.get(`/game?puzzleId=${older?.id ?? ''}&fbclid=x&utm_source=y`)
  ).text();
  expect(tracked).toBe(plain);
});

/** Opens a path and fails on any console error or warning (a hydration mismatch is one). */
async function openCleanly(page: Page, path: string) {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The suite blocks service workers (playwright.config.ts): its own notice is no problem.
    if (message.text().includes('blocked by Playwright')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(path);
  // The subject is the whole load: every request done, so every message it causes is seen.
  await page.waitForLoadState('networkidle');
  return problems;
}

const PATHS = [
  ...Object.values(ROUTES),
  `/game?puzzleId=${older?.id ?? ''}&mode=solution`,
  `/game?puzzleId=${older?.id ?? ''}&fbclid=x&utm_source=y`,
];

for (const consent of ['first visit', 'accepted, dark, colour-blind, easy']) {
  test(`every route hydrates without a mismatch (${consent})`, async ({ page, context }) => {
    if (consent !== 'first visit') {
      await addCookies(context, PLAYER_COOKIES);
    }
    for (const path of PATHS) {
      expect(await openCleanly(page, path), path).toEqual([]);
    }
  });
}

test('a page’s styles come inside it: its code never fetches them again before it works', async ({
  page,
}) => {
  const sheets: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.css')) sheets.push(pathname);
  });
  const inside = new Set<string>();
  for (const path of ['/', '/game', '/archive', '/stats']) {
    await page.goto(path);
    await expect(page.locator('html[data-ready]')).toHaveCount(1);
    for (const href of await page
      .locator('style[data-href]')
      .evaluateAll((styles) => styles.map((style) => style.getAttribute('data-href') ?? '')))
      inside.add(href);
  }
  expect([...inside].some((href) => href.includes('/assets/game-'))).toBe(true);
  // (Code loaded later may bring styles of its own, such as the update prompt's.)
  expect(sheets.filter((sheet) => inside.has(sheet))).toEqual([]);
});

test('the hydrated board plays: a word joins a group', async ({ page }) => {
  expect(await openCleanly(page, '/game')).toEqual([]);
  const word = daily.words[0] ?? '';
  await page.getByRole('button', { name: 'Category 1', exact: true }).click();
  await page.getByRole('button', { name: new RegExp(`^${word}(,|$)`) }).click();
  await expect(
    page.getByRole('button', { name: new RegExp(`^${word}(,|$)`) }),
  ).toHaveAccessibleName(`${word}, in group 1`);
});

test('a pointer coming over Play Today’s Puzzle starts loading the game before the click', async ({
  page,
}) => {
  const gameCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/game-page-[^/]+\.js$/.test(request.url())) gameCode.push(request.url());
  });
  await page.goto('/');
  await hydrated(page);
  expect(gameCode).toEqual([]);
  // The mouse comes over the link and stays: no press, no click.
  await page.getByRole('link', { name: "Play Today's Puzzle" }).hover();
  await expect.poll(() => gameCode.length).toBe(1);
  await expect(page).toHaveURL(/\/$/);
});

test('unknown routes and puzzles answer 404 with the fallback screen; pages are never cached past today', async ({
  request,
}) => {
  for (const path of ['/no-such-page', '/game?puzzleId=puzzle_99999', '/game?puzzleId=nonsense']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('Unexpected Application Error!');
  }
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  // The page paints from its HTML and styles; its code (the game's chunk among it) starts after
  // the first paint, all at once, so no request waits for another on the way to the first paint.
  const game = await (await request.get('/game')).text();
  // Its styles travel inside the page too: the first paint waits for no second request.
  expect(game).toMatch(/<style data-href="\/assets\/[^"]+\.css">[^<]*\.tile-grid[^<]*<\/style>/);
  expect(game).not.toMatch(/<link rel="stylesheet"/);
  expect(game).toContain('<script id="page-data" type="application/json">');
  expect(game).toMatch(
    /<script id="page-modules" type="application\/json">\["\/assets\/index-[^"]+\.js",[^<]*"\/assets\/game-page-[^"]+\.js"/,
  );
  expect(game).not.toMatch(/<script[^>]+src=/);
  // Nor does any other request start beside the first paint: the icon is inside the page (a PNG:
  // an SVG icon makes the browser build a document for it on the main thread), and the web app
  // manifest waits, inert, for the code.
  expect(game.match(/<link rel="icon"[^>]*>/g)).toEqual([
    expect.stringMatching(
      /^<link rel="icon" href="data:image\/png;base64,[^"]+" sizes="32x32" type="image\/png" \/>$/,
    ),
  ]);
  expect(game.replace(/<template id="late-links">.*?<\/template>/s, '')).not.toContain(
    'rel="manifest"',
  );
});

test('the Content-Security-Policy allows exactly the inline scripts and styles the pages carry', async ({
  request,
}) => {
  // Every route, both kinds of not-found page, and a board with a puzzle of its own.
  const addresses = [
    ...Object.values(ROUTES),
    '/no-such-page',
    '/game?puzzleId=puzzle_99999',
    `/game?puzzleId=${older?.id ?? ''}&mode=play`,
  ];
  const carried = { scripts: new Set<string>(), styles: new Set<string>() };
  let policy: string | null = null;
  for (const address of addresses) {
    const response = await request.get(address);
    const csp = response.headers()['content-security-policy'] ?? '';
    policy ??= csp;
    expect(csp, `${address}: one policy for every page`).toBe(policy);
    const found = inlineBlockHashes(await response.text());
    for (const hash of found.scripts) carried.scripts.add(hash);
    for (const hash of found.styles) carried.styles.add(hash);
  }
  expect(carried.scripts.size).toBe(3);
  expect(carried.styles.size).toBeGreaterThan(5);
  for (const [directive, hashes] of [
    ['script-src', carried.scripts],
    ['style-src', carried.styles],
  ] as const) {
    const sources = policySources(policy ?? '', directive);
    // Every inline block a page carries is allowed, and the policy allows no other text.
    expect(new Set(sources.filter((source) => source.startsWith("'sha256-"))), directive).toEqual(
      hashes,
    );
    expect(sources, directive).not.toContain("'unsafe-inline'");
  }
});

test('the web app manifest joins the page once its code has started', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
});

test('a page whose code arrives late keeps its server HTML until it hydrates: no loading line flashes', async ({
  browser,
  baseURL,
}) => {
  for (const path of ['/about', '/create', '/archive', '/game']) {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    // The page's own chunk comes last, after the app has started (as on a slow connection).
    await context.route(/\/assets\/[a-z-]+-page-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await context.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('.page-loading')) {
          document.documentElement.dataset.flashed = 'true';
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(path);
    // The subject is the load itself: once the app has the page all there, any flash is recorded.
    await hydrated(page);
    await expect(page.locator('h1').first(), path).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.dataset.flashed),
      path,
    ).toBeUndefined();
    await context.close();
  }
});
