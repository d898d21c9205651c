import { expect, test, type Page } from '@playwright/test';
import { archivePuzzle, expectNoViolations, hydrated } from './support';

/** The site's own pages: static text, forms, Twodle and the Quick Break. */
const PAGES = [
  { path: '/about', title: 'About Linchpin' },
  { path: '/terms', title: 'Terms of Use' },
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/contact', title: 'Contact' },
  { path: '/submit-puzzle', title: 'Submit a Puzzle' },
  { path: '/twodle', title: 'Twodle' },
  { path: '/ad', title: 'Quick Break' },
] as const;

const heading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 1, name: title, exact: true });
const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on Linchpin' });

/** With the clock paused, moves it in small steps until `check` passes (React reveals lazy pages on a timer). */
async function whilePaused(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.clock.runFor(50);
    await check();
  }).toPass();
}

for (const { path, title } of PAGES) {
  test(`${path} opens with its own title and has no axe violations with the cookie banner showing`, async ({
    page,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(heading(page, title)).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Linchpin`);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Accept' })).toBeVisible();
    await expectNoViolations(page);
  });
}

test('the footer and the menu lead to every one of these pages', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Reject' }).click();
  const footer = page.getByRole('contentinfo');
  for (const [label, title] of [
    ['About', 'About Linchpin'],
    ['Terms', 'Terms of Use'],
    ['Privacy', 'Privacy Policy'],
    ['Contact', 'Contact'],
    ['Submit a Puzzle', 'Submit a Puzzle'],
    ['Twodle', 'Twodle'],
  ] as const) {
    await footer.getByRole('link', { name: label, exact: true }).click();
    await expect(heading(page, title)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Submit a Puzzle' }).first().click();
  await expect(heading(page, 'Submit a Puzzle')).toBeVisible();
});

test('no request leaves the site by default, before and after accepting cookies', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  const visitAll = async () => {
    for (const { path, title } of PAGES) {
      await page.goto(path);
      await expect(heading(page, title)).toBeVisible();
    }
    // Long enough for the ad's 100 ms script delay and a first push, were ads configured.
    await page.waitForTimeout(1500);
  };
  await visitAll();
  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await expect(banner(page)).toBeHidden();
  await visitAll();
  expect(urls.length).toBeGreaterThan(PAGES.length);
  expect(urls.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  await expect(
    page.locator('script[src*="googletagmanager"], script[src*="googlesyndication"]'),
  ).toHaveCount(0);
});

test('Quick Break counts down 5 seconds on the clock, then continues to the game it came from', async ({
  page,
}) => {
  const today = '2026-11-20';
  const puzzle = archivePuzzle(today);
  const start = new Date(`${today}T12:00:00Z`).getTime();
  await page.clock.install({ time: start - 1000 });
  await page.clock.pauseAt(start);
  await page.goto(`/ad?puzzleId=${puzzle.id}&mode=play`);
  // The test holds the browser's clock, which no player can: it moves it second by second only
  // once the app has drawn the page (the browser's day is not the server's) and its countdown runs.
  await whilePaused(page, () => hydrated(page, 100));
  await expect(heading(page, 'Quick Break')).toBeVisible();
  await expect(
    page.getByText('Thank you for supporting Linchpin by viewing our sponsors.'),
  ).toBeVisible();
  const slot = page.getByRole('region', { name: 'Advertisement' });
  expect((await slot.boundingBox())?.height).toBeGreaterThanOrEqual(250);

  for (const seconds of [5, 4, 3, 2, 1]) {
    await expect(page.getByRole('button', { name: `Continue in ${seconds}s` })).toBeDisabled();
    await page.clock.runFor(1000);
  }
  const next = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(`/game?puzzleId=${puzzle.id}&mode=play`);
  await whilePaused(page, () =>
    expect(page.getByRole('heading', { level: 1, name: puzzle.title })).toBeVisible({
      timeout: 100,
    }),
  );
});

test('the ad slot shows the failure state when no ad client is configured', async ({ page }) => {
  await page.goto('/ad');
  const slot = page.getByRole('region', { name: 'Advertisement' });
  await expect(slot.getByText('Advertisement unavailable')).toBeVisible();
  await expect(slot.getByText('Please ensure ad blockers are disabled')).toBeVisible();
  await expect(
    slot.getByText('Error: AdSense: adClient and adSlot are required props.'),
  ).toBeVisible();
});

test('Twodle shows a real, short, muted, looping demo video with a poster and a description', async ({
  page,
  request,
}) => {
  await page.goto('/twodle');
  await expect(heading(page, 'Twodle')).toBeVisible();
  await expect(page.getByText(/Come back soon/)).toBeVisible();
  const video = page.locator('video');
  await expect(video).toHaveAccessibleName('Twodle demo video');
  await expect(video).toHaveAccessibleDescription(/Rain.*Bow.*Rainbow/);
  for (const attribute of ['controls', 'loop', 'playsinline', 'poster']) {
    await expect(video).toHaveAttribute(attribute);
  }
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);

  let total = 0;
  for (const [attribute, type] of [
    ['src', 'video/webm'],
    ['poster', 'image/webp'],
  ] as const) {
    const file = await request.get((await video.getAttribute(attribute)) ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain(type);
    total += (await file.body()).length;
  }
  expect(total).toBeLessThan(1024 * 1024);

  // The browser decodes it: a real video of 5 to 8 seconds.
  const duration = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true });
        v.addEventListener('error', () => reject(new Error('video failed to load')), {
          once: true,
        });
        v.preload = 'metadata';
        v.load();
      }),
  );
  expect(duration).toBeGreaterThanOrEqual(5);
  expect(duration).toBeLessThanOrEqual(8);
});

test('the privacy page lists every stored cookie and record with its lifetime', async ({
  page,
}) => {
  await page.goto('/privacy');
  const cookies = page.getByRole('table', { name: 'Cookies' });
  for (const name of [
    'linchpin_cookie_consent',
    'linchpin_difficulty',
    'linchpin_color_mode',
    'linchpin_dark_mode',
    'linchpin_has_seen_how_to_play',
    'linchpin_has_seen_note',
    'linchpin_game_mode',
    'linchpin_daily_stats',
    'linchpin_used_random_puzzles',
  ]) {
    await expect(cookies.getByRole('row', { name: new RegExp(`^${name} `) })).toContainText(
      '365 days',
    );
  }
  for (const name of ['linchpin_daily_puzzle', 'linchpin_random_daily_puzzle']) {
    await expect(cookies.getByRole('row', { name: new RegExp(`^${name} `) })).toContainText(
      '1 day',
    );
  }
  const records = page.getByRole('table', { name: /local storage/ });
  await expect(records).toContainText('linchpin_puzzleCompleted_<date>');
  await expect(records).toContainText('linchpin_completedPuzzles');
  await expect(page.getByText(/not meant for children under 13/)).toBeVisible();
});
