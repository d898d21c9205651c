import { expect, test, type Page } from '@playwright/test';
import { PALETTES } from '../core/game/palette';
import { circle, hydrated, puzzleDated, setClock, tile } from './support';

/** The small things players notice every day (issue: the whole game on one screen). */
const TODAY = '2026-11-20';
const daily = puzzleDated(TODAY);

test.beforeEach(async ({ page }) => {
  await setClock(page, `${TODAY}T12:00:00Z`);
});

test('a group of more than three words is marked at its circle in words, and Submit names it', async ({
  page,
}) => {
  await page.goto('/game');
  await circle(page, 1).click();
  const words = daily.words.filter((word) => word !== daily.specialWord).slice(0, 4);
  for (const word of words) await tile(page, word).click();
  const groups = page.getByRole('group', { name: 'Groups' });
  await expect(groups.getByText('4/3 over')).toBeVisible();
  await expect(circle(page, 1)).toHaveAccessibleDescription('4/3 over');
  await page.getByRole('button', { name: 'Submit' }).click();
  const message = page.getByRole('status').filter({ hasText: 'Sort the words' });
  await expect(message).toContainText('Sort the words into 4 groups of 3 words each');
  await expect(message).toContainText('Group 1 has 4 words.');
  await expect(message).toContainText('Group 2 has 0 words.');
  await expect(page.getByText('Try 1 of 6')).toBeVisible();
});

const fills = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((elements) => elements.map((el) => getComputedStyle(el).backgroundColor));

test('the colour-blind preview in Settings shows the board’s colours in the board’s order', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([
    { name: 'linchpin_cookie_consent', value: 'accepted', url: baseURL ?? '' },
    { name: 'linchpin_color_mode', value: 'colorBlind', url: baseURL ?? '' },
  ]);
  await page.goto('/game');
  // The board's colours once the app has drawn its board (the browser's day is not the server's,
  // so the app draws the page afresh, in the player's palette).
  await hydrated(page);
  const board = await fills(page, '.selector-circle');
  expect(board).toHaveLength(4);
  // The board shuffles its colours: this puzzle's order is not the palette's own.
  const own = await page.evaluate(
    (colors) =>
      colors.map((hex) => {
        const probe = document.createElement('span');
        probe.style.background = hex;
        document.body.append(probe);
        const rgb = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return rgb;
      }),
    PALETTES.colorBlind.colors.map((color) => color.fill),
  );
  expect(board).not.toEqual(own);
  await page.getByRole('button', { name: 'Settings' }).first().click();
  const preview = page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('img', { name: 'Color Blind Friendly palette preview' });
  await expect(preview).toBeVisible();
  expect(
    await preview
      .locator('span')
      .evaluateAll((spans) => spans.map((el) => getComputedStyle(el).backgroundColor)),
  ).toEqual(board);
});

test('a malformed address gets the styled fallback screen with its status and a link home', async ({
  page,
}) => {
  const response = await page.goto('/%E0%A4%A');
  expect(response?.status()).toBe(400);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
  ).toBeVisible();
  await expect(page.getByText('400 Bad Request')).toBeVisible();
  // Styled as the app's own screen: a card on the page's background, the link a button.
  const main = page.getByRole('main');
  expect(await main.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('14px');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
    'rgba(0, 0, 0, 0)',
  );
  const home = page.getByRole('link', { name: 'Go to the home page' });
  expect(await home.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('999px');
  await home.click();
  await expect(page.getByRole('link', { name: "Play Today's Puzzle" })).toBeVisible();
});

test('the cookie banner says what is true: without consent nothing is stored, so a reload starts afresh', async ({
  page,
}) => {
  await page.goto('/game');
  const banner = page.getByRole('region', { name: 'Cookies on Linchpin' });
  await expect(banner).toContainText(
    'Without consent nothing is stored, so a reload starts afresh.',
  );
  await expect(banner).not.toContainText('plays just the same');
  // And so it is: a move made without consent is gone after a reload.
  await circle(page, 2).click();
  const word = daily.words.find((w) => w !== daily.specialWord) ?? '';
  await tile(page, word).click();
  await expect(tile(page, word)).toHaveAccessibleName(`${word}, in group 2`);
  await page.reload();
  await expect(banner).toBeVisible();
  await expect(tile(page, word)).toHaveAccessibleName(word);
});

test('the contact form counts the message’s characters as the player types near the 5,000 limit', async ({
  page,
}) => {
  await page.goto('/contact');
  // Thousands of characters are set at once (fill), which only the app's form takes in: typed
  // text before the app is here is handed over key by key (e2e/early-input.spec.ts).
  await hydrated(page);
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('x'.repeat(3900));
  await expect(page.getByText(/of 5,000 characters/)).toHaveCount(0);
  await message.fill('x'.repeat(4099));
  await message.press('End');
  await message.pressSequentially('ab');
  await expect(page.getByText('4,101 of 5,000 characters')).toBeVisible();
  await expect(message).toHaveAccessibleDescription('4,101 of 5,000 characters');
  await message.fill('x'.repeat(5003));
  await expect(page.getByText('5,003 of 5,000 characters: 3 too many')).toBeVisible();
});
