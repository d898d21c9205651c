import { expect, test, type Page } from '@playwright/test';
import { addCookies, archivePuzzle, expectNoViolations, hydrated, setClock } from './support';

/**
 * axe on every route and every modal: in the light theme with the first-visit cookie banner
 * showing, in the dark theme, and with the colour-blind palette. One test per route and theme, so
 * each has its own time limit and a failure names its page.
 *
 * Light with the banner is already checked for the site pages (site-pages.spec.ts), home and the
 * board (board-a11y.spec.ts); here it covers the rest. The colour-blind palette changes only the
 * group colours, so it is checked where those show: the board, the solution, the demo and the modals.
 */
const TODAY = '2026-11-20';
const older = archivePuzzle(TODAY);
const SOLUTION = `/game?puzzleId=${older.id}&mode=solution`;

const ALL_ROUTES = [
  '/',
  '/how-to-play',
  '/about',
  '/terms',
  '/privacy',
  '/contact',
  '/submit-puzzle',
  '/archive',
  '/twodle',
  '/stats',
  '/ad',
  '/game',
  SOLUTION,
  '/no-such-page',
];

const THEMES: { name: string; cookies: Record<string, string>; routes: string[] }[] = [
  {
    name: 'light, first visit',
    cookies: {},
    routes: ['/how-to-play', '/archive', '/stats', SOLUTION, '/no-such-page'],
  },
  {
    name: 'dark',
    cookies: { linchpin_cookie_consent: 'accepted', linchpin_dark_mode: 'true' },
    routes: ALL_ROUTES,
  },
  {
    name: 'colour-blind palette',
    cookies: { linchpin_cookie_consent: 'accepted', linchpin_color_mode: 'colorBlind' },
    routes: ['/game', SOLUTION, '/how-to-play'],
  },
];

/** The header's buttons that open a modal (Statistics is a link to /stats, among the routes). */
const MODALS = ['How to Play', "Author's note", 'Settings'] as const;

/**
 * axe reads the page as it stands, not as a player reaching for a control sees it: it reads it once
 * the load is over (every request done; the browser's day is not the server's, so the app draws
 * the page of its own day in place of the server's), as a player reading the page does.
 */
async function settle(page: Page) {
  // The app, with its own day's page drawn (this test sets the browser's clock, which no player
  // can): the server's page, replaced mid-way, is not what a player reads.
  await hydrated(page);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const theme of THEMES) {
  test.describe(theme.name, () => {
    test.beforeEach(async ({ page, context }) => {
      await setClock(page, `${TODAY}T12:00:00Z`);
      await addCookies(context, theme.cookies);
    });

    for (const route of theme.routes) {
      test(`${route} has no axe violations`, async ({ page }) => {
        // The archive lists every past puzzle: axe alone takes 12-15 s over it on a busy 2-core
        // machine, so its test has three times the usual time.
        if (route === '/archive') test.slow();
        await page.goto(route);
        await settle(page);
        await expectNoViolations(page, route);
      });
    }

    test('every modal has no axe violations, nor a board with choices and an error', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.goto('/');
      await settle(page);
      for (const name of MODALS) {
        await page.getByRole('button', { name, exact: true }).first().click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, `${name} modal`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }

      await page.goto('/game');
      await page.getByRole('button', { name: 'Category 1', exact: true }).click();
      const tiles = page.getByRole('group', { name: 'Words' }).getByRole('button');
      await tiles.nth(0).click();
      await page.getByRole('button', { name: 'Category 2', exact: true }).click();
      await tiles.nth(0).click();
      await tiles.nth(1).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Sort the words into 4 groups of 3 words each')).toBeVisible();
      await expectNoViolations(page, 'board with choices and an error');
    });
  });
}
