import { expect, test } from '@playwright/test';

test('the home page loads and names the game', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Linchpin').first()).toBeVisible();
});
