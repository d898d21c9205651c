import { expect, test, type Page } from '@playwright/test';
import { puzzleLinkPath } from '../core/puzzle-link';
import { EMPTY_PLAYER } from '../core/records';
import { encodeTransfer, transferOf, transferPath } from '../core/transfer';
import { GOOD_DRAFT } from '../core/test/fixtures';
import {
  archiveMonthPath,
  archivePuzzle,
  placeGroups,
  puzzleDated,
  setClock,
  tile,
  transferBounds,
} from './support';

/**
 * After one visit the whole game works with the network off: the service worker serves the app,
 * every route (index.html for client routes) and every puzzle chunk from its cache.
 */
// The one spec that runs the service worker (the config blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

const TODAY = '2026-11-20';
const daily = puzzleDated(TODAY);
const older = archivePuzzle(TODAY);

/** The first visit's service worker has cached the whole app and taken control of the page. */
async function waitForServiceWorkerControl(page: Page) {
  // Polled on a timer: the page's clock is Playwright's, and caching ~270 files on a busy
  // two-core machine can take a while.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    polling: 250,
    timeout: 60_000,
  });
}

/** A request that no cache answers: proves the browser really is offline. */
const apiReachable = (page: Page) =>
  page.evaluate(() =>
    fetch('/api/health', { cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
  );

test.beforeEach(async ({ page }) => {
  // The first visit downloads and caches the whole app and catalogue before going offline.
  test.setTimeout(120_000);
  await setClock(page, `${TODAY}T12:00:00Z`);
});

test('the service worker registers only once the page is loaded and ready to play', async ({
  page,
}) => {
  // What the page looked like when the app asked for its service worker.
  await page.addInitScript(() => {
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<typeof register>) => {
      const html = document.documentElement;
      Object.assign(window, {
        registeredWhen: { ready: html.dataset.ready ?? null, state: document.readyState },
      });
      return register(...args);
    };
  });
  await page.goto('/game');
  await waitForServiceWorkerControl(page);
  expect(
    await page.evaluate(() => (window as { registeredWhen?: unknown }).registeredWhen),
  ).toEqual({
    ready: 'true',
    state: 'complete',
  });
});

test('after one visit, today’s puzzle, a random one, the archive and stats work offline', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('button', { name: 'Accept', exact: true }).click(),
  ]);
  await waitForServiceWorkerControl(page);
  expect(await apiReachable(page)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  expect(await apiReachable(page)).toBe(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Linchpin' })).toBeVisible();

  // Today's puzzle, played and won with the network off.
  await page.getByRole('link', { name: "Play Today's Puzzle" }).click();
  await expect(page.getByRole('heading', { level: 1, name: daily.title })).toBeVisible();
  for (const word of daily.words) await expect(tile(page, word)).toBeVisible();
  await placeGroups(
    page,
    daily.categories.map((category) => category.words),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share.getByTestId('share-text')).toContainText('Yay! I did it in 1 try!');
  await share.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Solved!' })).toBeVisible();

  // A random puzzle: another chunk, never fetched online, comes from the cache.
  await page.getByRole('button', { name: 'Random Puzzle' }).click();
  await expect(page).toHaveURL(/\/game\?puzzleId=puzzle_\d+/);
  await expect(page.getByText(/^Try 1 of \d$/)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Words' }).getByRole('button')).toHaveCount(9);

  // Client routes loaded afresh (not client-side navigation) get the app from the cache.
  await page.goto('/archive');
  await expect(page.getByRole('heading', { level: 1, name: 'Puzzle Archive' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: daily.title })).toContainText('Solved');
  // A link to a month, never opened online, shows that month.
  await page.goto(archiveMonthPath(older));
  await expect(page.getByRole('heading', { level: 2, name: /\d{4}$/ })).toHaveText(
    new Date(`${older.date}T00:00:00Z`).toLocaleString('en', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  );
  await page.getByRole('link', { name: `Play ${older.title}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: older.title })).toBeVisible();
  for (const word of older.words) await expect(tile(page, word)).toBeVisible();

  await page.goto(`/game?puzzleId=${older.id}&mode=play`);
  await expect(page.getByRole('heading', { level: 1, name: older.title })).toBeVisible();

  await page.goto('/stats');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await expect(page.locator('.stat', { hasText: 'Played' }).locator('dd')).toHaveText('1');

  // A friend's puzzle link, never opened online: the whole puzzle is in the link.
  await page.goto(puzzleLinkPath(GOOD_DRAFT));
  await expect(page.getByRole('heading', { level: 1, name: GOOD_DRAFT.title })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Words' }).getByRole('button')).toHaveCount(9);

  // Games from another device, never opened online: the games are in the link's fragment.
  const other = transferOf(
    { ...EMPTY_PLAYER, history: [{ date: older.date, id: older.id, attempts: 2, won: true }] },
    { ...DEFAULT_SETTINGS },
    transferBounds(TODAY),
  );
  await page.goto(transferPath(encodeTransfer(other, transferBounds(TODAY))));
  await expect(page.getByRole('region', { name: 'In the link' })).toContainText('1 game,');
  await Promise.all([
    page.waitForURL('**/transfer?added'),
    page.getByRole('button', { name: 'Add to this device' }).click(),
  ]);
  await expect(page.getByText('This device now has 2 games')).toBeVisible();
  expect(await apiReachable(page)).toBe(false);
});

const DEFAULT_SETTINGS = {
  difficulty: 'normal',
  gameMode: 'legacy',
  palette: 'default',
  darkMode: null,
  seenHowToPlay: true,
  seenNote: false,
} as const;
