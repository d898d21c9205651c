import { expect, test } from '@playwright/test';
import { addCookies, PLAYER_COOKIES, puzzleDated } from './support';

/**
 * The first paint, before any of the app's code has run: the page's HTML and its first inline
 * script alone (the app's scripts are refused).
 */

const today = new Date().toISOString().slice(0, 10);
const daily = puzzleDated(today);

test('the first paint, before any of the app’s code, is in the player’s theme and palette, with no banner once they chose', async ({
  page,
  context,
}) => {
  await addCookies(context, PLAYER_COOKIES);
  // The app's code never arrives: what shows is the page's HTML and its first inline script.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveAttribute('data-palette', 'colorBlind');
  await expect(page.getByRole('heading', { name: daily.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookies on Linchpin' })).toBeHidden();
  await expect(page.getByText('New here?')).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
    'rgb(247, 244, 238)',
  );
  await page.screenshot({ path: test.info().outputPath('first-paint-dark.png') });
  // A board of another difficulty than a first visit's is not shown until it is the right one.
  await page.goto('/game');
  await expect(html).toHaveAttribute('data-difficulty', 'easy');
  await expect(page.locator('.board')).toBeHidden();
});

test('a first visit’s first paint shows the banner; a rejected choice hides it', async ({
  page,
  context,
}) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Cookies on Linchpin' })).toBeVisible();
  await addCookies(context, { linchpin_cookie_consent: 'rejected' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: daily.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookies on Linchpin' })).toBeHidden();
});
