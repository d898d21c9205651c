import { expect, test, type Page } from '@playwright/test';
import {
  acceptCookies,
  archivePuzzle,
  circle,
  hydrated,
  loseGame,
  placeGroups,
  puzzleDated,
  setClock,
  tile,
  playOneWrongTry,
  wrongGroupings,
} from './support';

const TODAY = '2026-11-20';
const daily = puzzleDated(TODAY);

/** What the player sees of the board: each tile's word and groups in order, and the chosen circle. */
async function boardSnapshot(page: Page) {
  const grid = page.getByRole('group', { name: 'Words' });
  await expect(grid.getByRole('button')).toHaveCount(9);
  const tiles = await grid
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  const circles = await page
    .getByRole('group', { name: 'Groups' })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-pressed')));
  const colours = await page
    .locator('.selector-circle')
    .evaluateAll((buttons) => buttons.map((b) => getComputedStyle(b).backgroundColor));
  return { tiles, circles, colours };
}

/** A wrong submission, then two words placed and circle 2 chosen: a game under way. */
async function startGame(page: Page) {
  const [wrong] = wrongGroupings(daily);
  await placeGroups(page, wrong ?? []);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Try 2 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Clear All' }).click();
  await circle(page, 3).click();
  await tile(page, daily.categories[0]?.words[1] ?? '').click();
  await circle(page, 2).click();
  await tile(page, daily.categories[1]?.words[2] ?? '').click();
  await expect(circle(page, 2)).toHaveAttribute('aria-pressed', 'true');
  return boardSnapshot(page);
}

async function expectSameGame(page: Page, before: Awaited<ReturnType<typeof boardSnapshot>>) {
  await expect(page.getByText('Try 2 of 6')).toBeVisible();
  expect(await boardSnapshot(page)).toEqual(before);
  await expect(page.getByRole('list', { name: 'Your tries' }).getByRole('listitem')).toHaveCount(1);
}

test.beforeEach(async ({ page }) => {
  await setClock(page, `${TODAY}T12:00:00Z`);
});

test('with consent, a game in progress survives a reload, Home then Play, a new tab and /stats', async ({
  page,
  context,
}) => {
  await acceptCookies(page);
  await page.goto('/game');
  const before = await startGame(page);

  await page.reload();
  await expectSameGame(page, before);

  await page.getByRole('link', { name: 'Linchpin home' }).click();
  await expect(page.getByText('In progress: try 2 of 6.')).toBeVisible();
  await page.getByRole('link', { name: "Play Today's Puzzle" }).click();
  await expectSameGame(page, before);

  await page.goto('/stats');
  await page.goBack();
  await expectSameGame(page, before);

  // Closing the tab and opening the game again in a new one.
  await page.close();
  const again = await context.newPage();
  await again.goto('/game');
  await expectSameGame(again, before);
});

test('an archive puzzle in progress is kept beside the daily one', async ({ page }) => {
  const older = archivePuzzle(TODAY);
  await acceptCookies(page);
  await playOneWrongTry(page, older);
  await expect(page.getByText('Try 2 of 6')).toBeVisible();
  const before = await boardSnapshot(page);

  await page.goto('/game');
  // The server's board is a fresh one too: the app must have read the kept games to say so.
  await hydrated(page);
  await expect(page.getByText('Try 1 of 6')).toBeVisible();
  await page.goto(`/game?puzzleId=${older.id}&mode=play`);
  await expect(page.getByText('Try 2 of 6')).toBeVisible();
  expect(await boardSnapshot(page)).toEqual(before);
});

test('without consent nothing is stored, but the game survives moving around the site', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto('/game');
  const before = await startGame(page);
  await page.getByRole('link', { name: 'Linchpin home' }).click();
  await page.getByRole('link', { name: "Play Today's Puzzle" }).click();
  await expectSameGame(page, before);

  // A daily lost in this visit stays lost in this visit (the first wrong grouping was tried).
  await loseGame(page, daily, 1);
  await page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByText('Not solved today.')).toBeVisible();
  await page.getByRole('link', { name: "Play Today's Puzzle" }).click();
  await expect(page.getByRole('heading', { name: 'Out of tries' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Share' })).toHaveCount(0);

  expect((await context.cookies()).map((c) => c.name)).toEqual([]);
  const keys = await page.evaluate(() => [
    ...Object.keys(localStorage),
    ...Object.keys(sessionStorage),
  ]);
  expect(keys.filter((key) => key.startsWith('linchpin_'))).toEqual([]);
});

test('every stored key overwritten with garbage: the page reloads to a playable board', async ({
  page,
  context,
}) => {
  await acceptCookies(page);
  await page.goto('/game');
  await startGame(page);
  await page.getByRole('button', { name: 'Settings' }).first().click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Close' })
    .click();

  const garbage = [
    '{"broken',
    '<script>alert(1)</script>',
    'null',
    '[1,2,',
    '{"expires":"2099-01-01","value":[{"puzzleId":"puzzle_1"}]}',
  ];
  for (const [round, keepConsent] of [
    [0, true],
    [1, false],
  ] as const) {
    const cookies = await context.cookies();
    expect(cookies.length).toBeGreaterThan(1);
    await context.addCookies(
      cookies
        .filter((c) => !(keepConsent && c.name === 'linchpin_cookie_consent'))
        .map((c, i) => ({
          ...c,
          value: encodeURIComponent(garbage[(i + round) % garbage.length] ?? ''),
        })),
    );
    await page.evaluate((values) => {
      Object.keys(localStorage)
        .filter((key) => key.startsWith('linchpin_'))
        .forEach((key, i) => localStorage.setItem(key, values[i % values.length] ?? ''));
      localStorage.setItem(
        'linchpin_games',
        JSON.stringify({ expires: '2099-01-01', value: [{ puzzleId: 'puzzle_1', words: 'x' }] }),
      );
    }, garbage);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: daily.title })).toBeVisible();
    await expect(page.getByText('Try 1 of 6')).toBeVisible();
    await circle(page, 1).click();
    await tile(page, daily.words[0] ?? '').click();
    await expect(tile(page, daily.words[0] ?? '')).toHaveAccessibleName(/in group 1$/);
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  }
});

test('a kept game whose puzzle changed is dropped, and a fresh game starts', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/game');
  await startGame(page);
  await page.evaluate(() => {
    const record = JSON.parse(localStorage.getItem('linchpin_games') ?? '{}') as {
      value: { words: string[] }[];
    };
    const game = record.value[0];
    if (game) game.words[0] = 'Tampered';
    localStorage.setItem('linchpin_games', JSON.stringify(record));
  });
  await page.reload();
  // The server's board is a fresh one too: the app must have read the kept game to say so.
  await hydrated(page);
  await expect(page.getByText('Try 1 of 6')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your tries' })).toHaveCount(0);
});

/** Moves focus in the 3x3 grid from one position to another with the arrow keys. */
async function arrowTo(page: Page, from: number, to: number) {
  const [fromRow, fromCol] = [Math.floor(from / 3), from % 3];
  const [toRow, toCol] = [Math.floor(to / 3), to % 3];
  for (let r = fromRow; r < toRow; r += 1) await page.keyboard.press('ArrowDown');
  for (let r = fromRow; r > toRow; r -= 1) await page.keyboard.press('ArrowUp');
  for (let c = fromCol; c < toCol; c += 1) await page.keyboard.press('ArrowRight');
  for (let c = fromCol; c > toCol; c -= 1) await page.keyboard.press('ArrowLeft');
}

test('the grid and the circles are crossed with the arrow keys, one tab stop each', async ({
  page,
}) => {
  await page.goto('/game');
  const grid = page.getByRole('group', { name: 'Words' });
  const tiles = grid.getByRole('button');
  // The browser's day is not the server's: the words are read from this day's board, once drawn.
  await expect(page.getByRole('heading', { level: 1, name: daily.title })).toBeVisible();
  await expect(tiles).toHaveCount(9);
  const words = await tiles.evaluateAll((buttons) => buttons.map((b) => b.textContent ?? ''));
  const focusedTile = () =>
    page.evaluate(() => Number((document.activeElement as HTMLElement).dataset.rovingIndex));

  // Into the grid with Tab: the first tile; Tab again leaves the grid for the first circle.
  await page.getByRole('button', { name: 'About the modes' }).focus();
  await page.keyboard.press('Tab');
  await expect(tiles.nth(0)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(circle(page, 1)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(tiles.nth(0)).toBeFocused();

  // Every direction, and Home/End.
  await page.keyboard.press('ArrowRight');
  await expect(tiles.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(tiles.nth(4)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tiles.nth(3)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(tiles.nth(0)).toBeFocused();
  await page.keyboard.press('End');
  await expect(tiles.nth(8)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tiles.nth(0)).toBeFocused();
  // The focused tile is drawn differently from the others.
  const lift = (n: number) => tiles.nth(n).evaluate((b) => getComputedStyle(b).outlineStyle);
  expect(await lift(0)).not.toBe(await lift(1));

  // A whole win with the keyboard alone: circles by arrows and Enter, words by arrows and Space.
  let at = 0;
  let circleAt = 0;
  for (const [index, category] of daily.categories.entries()) {
    await page.keyboard.press('Tab');
    for (; circleAt < index; circleAt += 1) await page.keyboard.press('ArrowRight');
    await expect(circle(page, index + 1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(circle(page, index + 1)).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focusedTile).toBe(at);
    for (const word of category.words) {
      const target = words.indexOf(word);
      await arrowTo(page, at, target);
      at = target;
      await expect.poll(focusedTile).toBe(at);
      await page.keyboard.press(index % 2 === 0 ? 'Space' : 'Enter');
    }
  }
  // Past the circles' one tab stop and Clear All to Submit.
  const submit = page.getByRole('button', { name: 'Submit' });
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Share' })).toContainText(
    'Yay! I did it in 1 try!',
  );
});
