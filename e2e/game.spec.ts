import { expect, test } from '@playwright/test';
import { BOARD_STRINGS } from '../src/features/game/board-strings';
import {
  archivePuzzle,
  chooseDifficulty,
  circle,
  placeGroups,
  puzzleDated,
  setClock,
  tile,
  winGame,
  wrongGroupings,
} from './support';

const TODAY = '2026-11-20';
const daily = puzzleDated(TODAY);
const solution = daily.categories.map((c) => c.words);

test.beforeEach(async ({ page }) => {
  await setClock(page, `${TODAY}T12:00:00Z`);
});

test('a player wins today’s puzzle in Normal mode', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: "Play Today's Puzzle" }).click();
  await expect(page.getByRole('heading', { level: 1, name: daily.title })).toBeVisible();
  await expect(page.getByText('Normal Mode')).toBeVisible();
  await expect(page.getByText('Try 1 of 6')).toBeVisible();
  for (const word of daily.words) await expect(tile(page, word)).toBeVisible();

  await placeGroups(page, solution);
  await page.getByRole('button', { name: 'Submit' }).click();

  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share).toBeVisible();
  await expect(share.getByTestId('share-text')).toContainText("I solved today's puzzle!");
  await expect(share.getByTestId('share-text')).toContainText('Yay! I did it in 1 try!');
  await share.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByRole('heading', { name: 'Solved!' })).toBeVisible();
  await expect(page.getByText('Try 1 of 6')).toBeVisible();
  await expect(
    page.getByText(`The special word "${daily.specialWord}" belongs to all four categories.`),
  ).toBeVisible();
  for (const name of ['Share', 'Random Puzzle'])
    await expect(page.getByRole('button', { name })).toBeVisible();
  for (const name of ['Back to Home', 'Archive'])
    await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
});

test('a daily won a moment ago stays won when the player then changes difficulty', async ({
  page,
}) => {
  // A new difficulty is a new game, and a new game of today's daily starts finished once it is
  // won (docs/spec.md §4 "Starting a game"): as a reload would show it, with or without cookies.
  await winGame(page, TODAY);
  await chooseDifficulty(page, 'Easy');
  await expect(page.getByText('Solved!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Share' })).toHaveCount(0);
});

test('a player wins in Easy mode on a phone, with counts after a wrong try', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/game');
  await chooseDifficulty(page, 'Easy');
  await expect(page.getByText('Easy Mode')).toBeVisible();
  await expect(page.getByText('Try 1 of 8')).toBeVisible();
  // The special word is given: on the centre tile, in all four groups.
  const centre = page.getByRole('group', { name: 'Words' }).getByRole('button').nth(4);
  await expect(centre).toHaveAccessibleName(`${daily.specialWord}, in all four groups`);

  const [wrong] = wrongGroupings(daily);
  await placeGroups(page, wrong ?? [], [daily.specialWord]);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Try 2 of 8')).toBeVisible();
  const bars = page.getByRole('list', { name: 'Your tries' });
  await expect(bars).toContainText('/3');

  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(centre).toHaveAccessibleName(`${daily.specialWord}, in all four groups`);
  await placeGroups(page, solution, [daily.specialWord]);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Share' })).toContainText(
    'Yay! I did it in 2 tries!',
  );
});

test('a player who runs out of tries sees the solution', async ({ page }) => {
  // Six whole tries of clicks: longer than the default limit on a busy 2-core machine.
  test.setTimeout(90_000);
  await page.goto('/game');
  const groupings = wrongGroupings(daily);
  for (const [index, grouping] of groupings.entries()) {
    await page.getByRole('button', { name: 'Clear All' }).click();
    await placeGroups(page, grouping);
    await page.getByRole('button', { name: 'Submit' }).click();
    if (index < groupings.length - 1)
      await expect(page.getByText(`Try ${index + 2} of 6`)).toBeVisible();
  }
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share).toContainText("Today's puzzle was a little hard");
  await expect(share).not.toContainText('Yay!');
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Out of tries' })).toBeVisible();
  await expect(page.getByText('Try 6 of 6')).toBeVisible();
  const panel = page.getByRole('region', { name: 'Puzzle Solution' });
  for (const category of daily.categories) await expect(panel).toContainText(category.name);
});

test('an incomplete grouping is refused for 3 seconds and costs no try', async ({ page }) => {
  await page.goto('/game');
  await placeGroups(page, solution.slice(0, 2));
  await page.getByRole('button', { name: 'Submit' }).click();
  const message = page.getByText('Sort the words into 4 groups of 3 words each');
  await expect(message).toBeVisible();
  await expect(page.getByText('Try 1 of 6')).toBeVisible();
  await page.clock.runFor(3100);
  await expect(message).toBeHidden();
});

test('the same grouping twice is refused gently', async ({ page }) => {
  await page.goto('/game');
  const [wrong] = wrongGroupings(daily);
  await placeGroups(page, wrong ?? []);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Try 2 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('You already tried this grouping.')).toBeVisible();
  await expect(page.getByText('Try 2 of 6')).toBeVisible();
});

test('choosing a colour twice deselects it, and words show their groups by number', async ({
  page,
}) => {
  await page.goto('/game');
  const word = daily.words[0] ?? '';
  await circle(page, 2).click();
  await tile(page, word).click();
  await circle(page, 3).click();
  await tile(page, word).click();
  await expect(tile(page, word)).toHaveAccessibleName(`${word}, in groups 2 and 3`);
  await circle(page, 3).click();
  await expect(circle(page, 3)).toHaveAttribute('aria-pressed', 'false');
  await tile(page, word).click();
  await expect(page.getByText('Pick a colour circle first')).toBeVisible();
});

test('difficulty cannot change during an active game', async ({ page }) => {
  await page.goto('/game');
  const [wrong] = wrongGroupings(daily);
  await placeGroups(page, wrong ?? []);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('radio', { name: 'Easy' }).click();
  await expect(
    dialog.getByText('Difficulty cannot be changed during an active game.'),
  ).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Normal' })).toBeChecked();
});

test('solution mode shows every category and the special word', async ({ page }) => {
  const puzzle = archivePuzzle(TODAY);
  await page.goto(`/game?puzzleId=${puzzle.id}&mode=solution`);
  const panel = page.getByRole('region', { name: 'Puzzle Solution' });
  await expect(panel).toBeVisible();
  for (const category of puzzle.categories) {
    await expect(panel).toContainText(category.name);
    await expect(page.locator('.selector-caption', { hasText: category.name })).toBeVisible();
  }
  await expect(panel).toContainText(
    `The special word "${puzzle.specialWord}" belongs to all four categories.`,
  );
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  // An archive puzzle shows its date.
  await expect(
    page
      .getByText(new Date(`${puzzle.date}T00:00:00Z`).getUTCFullYear().toString(), { exact: false })
      .first(),
  ).toBeVisible();
});

test('an unknown or future puzzle id shows the not-found screen', async ({ page }) => {
  await page.goto('/game?puzzleId=puzzle_9999&mode=play');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('404 Not Found')).toBeVisible();
  await expect(page.getByText(BOARD_STRINGS.puzzleNotFound)).toBeVisible();

  const future = puzzleDated('2026-12-01');
  await page.goto(`/game?puzzleId=${future.id}`);
  await expect(page.getByText(BOARD_STRINGS.puzzleNotFound)).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown route shows the fallback with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('404 Not Found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
});

test('Drag and Drop mode is coming soon, with a way back to Legacy Mode', async ({ page }) => {
  await page.goto('/game');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('radio', { name: 'Drag and Drop' })
    .check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
  await page.getByRole('button', { name: 'Switch to Legacy Mode' }).click();
  await expect(page.getByText('Try 1 of 6')).toBeVisible();
});
