import { expect, test } from '@playwright/test';
import { expectNoViolations, placeGroups, puzzleDated, setClock } from './support';

const TODAY = '2026-11-20';

test.beforeEach(async ({ page }) => {
  await setClock(page, `${TODAY}T12:00:00Z`);
});

test('home has no axe violations', async ({ page }) => {
  await page.goto('/');
  // The browser's day is not the server's: the page shows once the app has drawn this day's.
  await expect(page.getByRole('heading', { name: puzzleDated(TODAY).title })).toBeVisible();
  await expectNoViolations(page);
});

test('the board has no axe violations while playing, after feedback and when finished', async ({
  page,
}) => {
  const daily = puzzleDated(TODAY);
  await page.goto('/game');
  // The browser's day is not the server's: the board shows once the app has drawn this day's.
  await expect(page.getByRole('heading', { level: 1, name: daily.title })).toBeVisible();
  await expect(page.getByText('Try 1 of 6')).toBeVisible();
  await expectNoViolations(page);

  await placeGroups(
    page,
    daily.categories.map((c) => c.words),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Share' })).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Solved!' })).toBeVisible();
  await expectNoViolations(page);
});

test('the board can be played with the keyboard alone', async ({ page }) => {
  const daily = puzzleDated(TODAY);
  await page.goto('/game');
  await expect(page.getByText('Try 1 of 6')).toBeVisible();
  for (const [index, words] of daily.categories.map((c) => c.words).entries()) {
    await page.getByRole('button', { name: `Category ${index + 1}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    for (const word of words) {
      await page.getByRole('button', { name: new RegExp(`^${word}(,|$)`) }).focus();
      await page.keyboard.press('Space');
    }
  }
  await page.getByRole('button', { name: 'Submit' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Share' })).toBeVisible();
  // The dialog holds focus, and Escape closes it.
  await expect(
    page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Copy' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Solved!' })).toBeVisible();
});
