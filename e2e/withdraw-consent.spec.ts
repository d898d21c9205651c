import { expect, test } from '@playwright/test';
import { setClock } from './support';

/**
 * Taking consent back, the way a new player would: accept the banner, go to another page, press
 * "Cookie settings" in the footer. Exactly one banner shows, and its Reject deletes everything
 * the product stored. With the service worker in control, as for any player after a moment on
 * the site: it used to answer "/" after Accept with the build's page, banner and all, and the
 * dead banner stayed beside the one "Cookie settings" opened.
 */
test.use({ serviceWorkers: 'allow' });

test.beforeEach(async ({ page }) => {
  await setClock(page, '2026-11-20T12:00:00Z');
});

test('accept, go to another page, Cookie settings: one banner, and Reject deletes everything', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookies on Linchpin' });
  await expect(banner).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
  await Promise.all([
    page.waitForEvent('load'),
    banner.getByRole('button', { name: 'Accept', exact: true }).click(),
  ]);
  await expect(banner).toHaveCount(0);
  const stored = async () => ({
    cookies: (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).sort(),
    storage: await page.evaluate(() =>
      [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) =>
        key.startsWith('linchpin_'),
      ),
    ),
  });
  // Accepting kept this visit's preferences.
  expect((await stored()).cookies.length).toBeGreaterThan(1);

  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(banner).toBeVisible();
  await expect(banner).toHaveCount(1);
  await banner.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(banner).toHaveCount(0);
  await expect.poll(stored).toEqual({ cookies: ['linchpin_cookie_consent=rejected'], storage: [] });
});
