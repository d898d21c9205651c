import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  acceptCookies,
  archiveMonthLink,
  archiveMonthPath,
  archivePuzzle,
  loseGame,
  placeGroups,
  puzzleDated,
  setClock,
  playOneWrongTry,
} from './support';

const TODAY = '2026-11-20';
const daily = puzzleDated(TODAY);
const solution = daily.categories.map((c) => c.words);

/** Every cookie and Web Storage key of the product in this context. */
async function storedNames(context: BrowserContext, page: Page) {
  const cookies = (await context.cookies()).map((c) => c.name).sort();
  const storage = await page.evaluate(() => [
    ...Object.keys(localStorage),
    ...Object.keys(sessionStorage),
  ]);
  return { cookies, storage: storage.filter((key) => key.startsWith('linchpin_')).sort() };
}

async function winToday(page: Page) {
  await page.goto('/game');
  await placeGroups(page, solution);
  await page.getByRole('button', { name: 'Submit' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share).toBeVisible();
  await share.getByRole('button', { name: 'Close' }).click();
}

const accept = acceptCookies;

test.beforeEach(async ({ page }) => {
  await setClock(page, `${TODAY}T12:00:00Z`);
});

test('before any consent choice nothing is stored, and the game still plays', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Cookies on Linchpin' })).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).first().click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('switch', { name: 'Dark mode' })
    .click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Close' })
    .click();
  await winToday(page);
  await page.goto('/stats');
  await expect(
    page.getByText('You need to accept cookies to save and view your game statistics.'),
  ).toBeVisible();
  expect(await storedNames(context, page)).toEqual({ cookies: [], storage: [] });
});

test('accept, win today’s puzzle, and the statistics show it', async ({ page, context }) => {
  await accept(page);
  await winToday(page);
  await page.goto('/stats');
  const numbers = page.locator('.stat-numbers');
  for (const [label, value] of [
    ['Played', '1'],
    ['Won', '1'],
    ['Win %', '100'],
    ['Current Streak', '1'],
    ['Max Streak', '1'],
  ] as const) {
    await expect(numbers.locator('.stat', { hasText: label }).locator('dd')).toHaveText(value);
  }
  await expect(page.getByLabel('1 win in 1 try, your latest game')).toBeVisible();

  const { cookies, storage } = await storedNames(context, page);
  expect(cookies).toEqual(
    expect.arrayContaining([
      'linchpin_cookie_consent',
      'linchpin_daily_puzzle',
      'linchpin_daily_stats',
    ]),
  );
  // The finished daily's board is kept for the day (linchpin_games), so it reopens as it ended;
  // its result went to the crowd with this browser's random id (linchpin_crowd_id), and is kept
  // three days for a group of friends joined later today (linchpin_friend_result).
  expect(storage).toEqual([
    'linchpin_completedPuzzles',
    'linchpin_crowd_id',
    'linchpin_friend_result',
    'linchpin_games',
    `linchpin_puzzleCompleted_${TODAY}`,
  ]);

  // Home says where today's puzzle stands, and Play still leads to the finished board.
  await page.goto('/');
  await expect(page.getByText('Solved in 1 try.')).toBeVisible();
  await expect(page.getByRole('link', { name: "Play Today's Puzzle" })).toBeVisible();

  // Today's puzzle, already won, opens finished on its result, not on the Share dialog (that opens
  // by itself only as the game ends); Share is a press away.
  await page.goto('/game');
  await expect(page.getByRole('heading', { name: 'Solved!' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByText('You found all four groups in 1 try.')).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Share' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('dialog', { name: 'Share' })).toContainText(
    'Yay! I did it in 1 try!',
  );
});

test('a lost daily stays lost for the day, and counts once: played, not won, streak ended', async ({
  page,
}) => {
  // Six whole tries of clicks: longer than the default limit on a busy 2-core machine.
  test.setTimeout(120_000);
  await accept(page);
  await page.goto('/game');
  await loseGame(page, daily);

  // The lost board, reopened: on its result, without the Share dialog.
  const lostBoard = async () => {
    await expect(page.getByRole('heading', { name: 'Out of tries' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Share' })).toHaveCount(0);
    await expect(page.getByText('Try 6 of 6')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Puzzle Solution' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Random Puzzle' })).toBeVisible();
  };
  await page.reload();
  await lostBoard();

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByText('Not solved today.')).toBeVisible();
  await page.getByRole('link', { name: "Play Today's Puzzle" }).click();
  await lostBoard();

  // Today's puzzle in the archive: Lost, with its solution, and no Retry until tomorrow.
  await page.goto('/archive');
  const item = page.getByRole('listitem').filter({ hasText: daily.title });
  await expect(item.getByText('Lost', { exact: true })).toBeVisible();
  await expect(item.getByRole('link', { name: `View Solution: ${daily.title}` })).toBeVisible();
  await expect(item.getByRole('link', { name: `Retry ${daily.title}` })).toHaveCount(0);
  // Even a hand-made retry address opens the finished board.
  await page.goto(`/game?puzzleId=${daily.id}&mode=retry`);
  await lostBoard();

  await page.goto('/stats');
  const stat = (label: string) => page.locator('.stat', { hasText: label }).locator('dd');
  await expect(stat('Played')).toHaveText('1');
  await expect(stat('Won')).toHaveText('0');
  await expect(stat('Win %')).toHaveText('0');
  await expect(stat('Current Streak')).toHaveText('0');
});

test('a past puzzle lost shows Lost in the archive, with Retry and View Solution', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const older = archivePuzzle(TODAY);
  await accept(page);
  await page.goto(`/game?puzzleId=${older.id}&mode=play`);
  await loseGame(page, older);
  await page.goto(archiveMonthPath(older));
  const item = page.getByRole('listitem').filter({ hasText: older.title });
  await expect(item.getByText('Lost', { exact: true })).toBeVisible();
  await expect(item.getByText('Solved', { exact: true })).toHaveCount(0);
  await expect(item.getByRole('link', { name: `View Solution: ${older.title}` })).toBeVisible();
  await item.getByRole('link', { name: `Retry ${older.title}` }).click();
  await expect(page.getByText(/^Try 1 of \d$/)).toBeVisible();
  // The retry address turns into a play address, so a reload keeps the new game.
  await expect(page).toHaveURL(new RegExp(`puzzleId=${older.id}&mode=play$`));
});

test('Retry of a past puzzle with a game under way starts it afresh, and a reload agrees', async ({
  page,
}) => {
  const older = archivePuzzle(TODAY);
  await accept(page);
  await playOneWrongTry(page, older);

  await page.goto(`/game?puzzleId=${older.id}&mode=retry`);
  await expect(page).toHaveURL(new RegExp(`puzzleId=${older.id}&mode=play$`));
  // docs/spec.md §4: Retry resets the game and zeroes the tries; the game left before it does not
  // come back once the address has turned into play's.
  await expect(page.getByText(/^Try 1 of \d$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear All' })).toBeVisible();
  await expect(page.getByText(/^Try 2 of \d$/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(/^Try 1 of \d$/)).toBeVisible();
});

test('reject stores nothing but the choice, and switching to reject deletes everything', async ({
  page,
  context,
}) => {
  await accept(page);
  await winToday(page);
  expect((await storedNames(context, page)).storage.length).toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Linchpin home' }).click();
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  expect(await storedNames(context, page)).toEqual({
    cookies: ['linchpin_cookie_consent'],
    storage: [],
  });
  expect((await context.cookies())[0]?.value).toBe('rejected');

  await winToday(page);
  expect(await storedNames(context, page)).toEqual({
    cookies: ['linchpin_cookie_consent'],
    storage: [],
  });
});

test('the archive: play, Solved badge, Retry and View Solution', async ({ page }) => {
  const older = archivePuzzle(TODAY);
  await accept(page);
  await page.goto('/archive');
  await expect(page.getByRole('heading', { level: 1, name: 'Puzzle Archive' })).toBeVisible();
  // A month at a time: the puzzle's month is a tap away.
  await archiveMonthLink(page, older).click();
  const item = page.getByRole('listitem').filter({ hasText: older.title });
  await expect(item).toContainText('Apr 7, 2025');
  await item.getByRole('link', { name: `Play ${older.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: older.title })).toBeVisible();
  await placeGroups(
    page,
    older.categories.map((c) => c.words),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Share' })).toContainText('I solved the puzzle!');
  await page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Close' }).click();

  await page.getByRole('link', { name: 'Archive' }).click();
  await archiveMonthLink(page, older).click();
  const solved = page.getByRole('listitem').filter({ hasText: older.title });
  await expect(solved.getByText('Solved', { exact: true })).toBeVisible();
  await solved.getByRole('link', { name: `View Solution: ${older.title}` }).click();
  await expect(page.getByRole('heading', { name: 'Puzzle Solution' })).toBeVisible();
  await expect(
    page.getByText(`The special word "${older.specialWord}" belongs to all four categories.`),
  ).toBeVisible();

  await page.goto(archiveMonthPath(older));
  await page
    .getByRole('listitem')
    .filter({ hasText: older.title })
    .getByRole('link', { name: `Retry ${older.title}` })
    .click();
  await expect(page.getByText(/^Try 1 of \d$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.goto(archiveMonthPath(older));
  const again = page.getByRole('listitem').filter({ hasText: older.title });
  await expect(again.getByRole('link', { name: `Play ${older.title}` })).toBeVisible();
  await expect(again.getByText('Solved', { exact: true })).toHaveCount(0);
});

test('share copies the exact text and says "Message copied!" for 2 seconds', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await winToday(page);
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  const expected = [
    "I solved today's puzzle!",
    `Linchpin #${daily.id.replace('puzzle_', '')}`,
    `${daily.title}${daily.author ? ` by ${daily.author}` : ''}`,
    'Yay! I did it in 1 try!',
    '🟩🟩🟩🟩',
    '#Linchpin',
    `${baseURL ?? ''}/`,
  ].join('\n');
  await expect(share.getByTestId('share-text')).toHaveText(expected);
  for (const site of ['X', 'Bluesky', 'Threads']) {
    const link = share.getByRole('link', { name: site, exact: true });
    await expect(link).toHaveAttribute('href', new RegExp(encodeURIComponent('#Linchpin')));
  }
  await share.getByRole('button', { name: 'Copy' }).click();
  await expect(share.getByText('Message copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  await page.clock.runFor(2100);
  await expect(share.getByText('Message copied!')).toHaveCount(0);
});

test('settings persist with consent: dark mode and the colour-blind palette', async ({ page }) => {
  await accept(page);
  await page.goto('/game');
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('switch', { name: 'Dark mode' }).check();
  await settings.getByRole('switch', { name: 'Color-blind palette' }).check();
  await expect(
    settings.getByRole('img', { name: 'Color Blind Friendly palette preview' }),
  ).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Settings' })
      .getByRole('switch', { name: 'Color-blind palette' }),
  ).toBeChecked();
});
