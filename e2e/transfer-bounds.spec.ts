import { expect, test, type Page } from '@playwright/test';
import { addDays } from '../core/dates';
import { EMPTY_PLAYER, type PlayerData } from '../core/records';
import { encodeTransfer, transferOf, transferPath, writeCode } from '../core/transfer';
import { craftedStreakCode } from '../core/test/transfer-fixtures';
import { acceptCookies, expectNoViolations, transferBounds, winGame } from './support';

/**
 * Issue 41, in Chromium: a link outside the bounds (core/transfer-bounds.ts) is damaged and
 * changes nothing; a history too long for a QR code still gets its link and backup file; /transfer
 * never shows the error screen.
 */
const TODAY = '2026-11-20';
const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const SETTINGS = {
  difficulty: 'normal',
  gameMode: 'legacy',
  palette: 'default',
  darkMode: null,
  seenHowToPlay: true,
  seenNote: true,
} as const;
const DAMAGED = 'This link is damaged: part of it is missing or was changed.';
const ERROR_SCREEN = 'Unexpected Application Error';

const stat = (page: Page, label: string) =>
  page
    .locator('.stat')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('a crafted link with a longest streak of 2^30 is damaged, and /transfer keeps working', async ({
  page,
  context,
}) => {
  await page.clock.install({ time: noon(TODAY) });
  await acceptCookies(page);
  const code = craftedStreakCode(TODAY);
  expect(code).toHaveLength(27);
  await page.goto(`/transfer#${code}`);
  await expect(page.getByRole('alert')).toContainText(DAMAGED);
  await expect(page.getByRole('button', { name: 'Add to this device' })).toHaveCount(0);
  await page.goto('/stats');
  await expect(stat(page, 'Max Streak')).toHaveText('0');

  // A device that took such a link before this was fixed still makes its link.
  await context.addCookies([
    {
      name: 'linchpin_daily_stats',
      value: JSON.stringify({ currentStreak: 0, maxStreak: 2 ** 30, lastPlayedDate: null }),
      url: page.url(),
    },
  ]);
  await page.goto('/transfer');
  await expect(page.getByRole('img', { name: 'QR code of the link to your games' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Link to your games' })).toHaveValue(
    /\/transfer#/,
  );
  await expect(page.getByText(ERROR_SCREEN)).toHaveCount(0);
});

test('a link dated tomorrow changes nothing on a device that won today', async ({ page }) => {
  await page.clock.install({ time: noon(TODAY) });
  await acceptCookies(page);
  const won = await winGame(page, TODAY);
  const tomorrow = addDays(TODAY, 1);
  // What another device whose clock runs a day ahead would send: tomorrow's daily, lost.
  const link = writeCode(
    {
      madeOn: tomorrow,
      settings: SETTINGS,
      stats: { currentStreak: 0, maxStreak: 0, lastPlayedDate: tomorrow },
      daily: { completed: true, won: false, date: tomorrow, score: 0, attempts: 6 },
      randomDaily: null,
      history: [],
      completions: [],
      games: [],
      groups: [],
    },
    1,
  );
  expect(link.length).toBeLessThanOrEqual(24);
  await page.goto(transferPath(link));
  await expect(page.getByRole('alert')).toContainText(DAMAGED);
  await expect(page.getByRole('button', { name: 'Add to this device' })).toHaveCount(0);
  await page.goto('/stats');
  await expect(stat(page, 'Played')).toHaveText('1');
  await expect(stat(page, 'Current Streak')).toHaveText('1');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('In progress')).toHaveCount(0);
  expect(won.date).toBe(TODAY);
});

/** Finished games, six a day from the first puzzle, of puzzles the catalogue holds on `today`. */
function longHistory(today: string, count: number): PlayerData {
  const bounds = transferBounds(today);
  const history = Array.from({ length: count }, (_, i) => ({
    date: addDays(bounds.firstPuzzle, Math.floor(i / 6)),
    id: `puzzle_${1 + ((i * 7) % bounds.lastPuzzle)}`,
    attempts: 1 + (i % 6),
    won: i % 5 !== 0,
  }));
  return { ...EMPTY_PLAYER, history };
}

test('a 3,000-game history: the link, the share sheet and the backup file, without a QR code', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const today = TODAY;
  const bounds = transferBounds(today);
  const code = encodeTransfer(transferOf(longHistory(today, 3000), SETTINGS, bounds), bounds);
  // Past what a QR code holds (2,953 bytes).
  expect(code.length).toBeGreaterThan(2953);
  await page.clock.install({ time: noon(today) });
  await acceptCookies(page);
  await page.goto(transferPath(code));
  await expect(page.getByRole('region', { name: 'In the link' })).toContainText('3,000 games');
  await Promise.all([
    page.waitForURL('**/transfer?added'),
    page.getByRole('button', { name: 'Add to this device' }).click(),
  ]);
  await expect(page.getByText('This device now has 3,000 games')).toBeVisible();

  await page.goto('/transfer');
  await expect(page.getByText('This link carries 3,000 games')).toBeVisible();
  await expect(
    page.getByText('Your games make a link too long for a QR code: copy it, share it, or save'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of the link to your games' })).toHaveCount(0);
  const link = await page.getByRole('textbox', { name: 'Link to your games' }).inputValue();
  expect(link.endsWith(transferPath(code))).toBe(true);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save a backup file' })).toBeVisible();
  await expect(page.getByText(ERROR_SCREEN)).toHaveCount(0);
  await expectNoViolations(page, 'a link too long for a QR code');
  for (const [width, height] of [
    [390, 844],
    [320, 568],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: info.outputPath(`too-long-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }

  // The backup file holds the same link.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save a backup file' }).click(),
  ]);
  const file = JSON.parse(
    await (
      await download.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString()),
  ) as { code: string };
  expect(file.code).toBe(code);
});

test('games in progress of both devices past the cap: the preview says how many would not fit', async ({
  page,
}, info) => {
  await page.clock.install({ time: noon(TODAY) });
  await acceptCookies(page);
  const bounds = transferBounds(TODAY);
  /** 20 games in progress of puzzles from `first`, each with its nine words, one try made. */
  const games = (first: number, playedOn: string) =>
    Array.from({ length: 20 }, (_, i) => ({
      puzzleId: `puzzle_${first + i}`,
      playedOn,
      daily: false,
      difficulty: 'normal' as const,
      words: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'],
      colorOrder: [0, 1, 2, 3],
      groups: Array.from({ length: 9 }, () => []),
      activeCategory: null,
      submissions: [],
    }));
  await page.evaluate(
    (value) =>
      localStorage.setItem('linchpin_games', JSON.stringify({ expires: '2099-01-01', value })),
    games(1, addDays(TODAY, -1)),
  );
  const theirs = transferOf({ ...EMPTY_PLAYER, games: games(21, TODAY) }, SETTINGS, bounds);
  expect(theirs.games).toHaveLength(20);
  await page.goto(transferPath(encodeTransfer(theirs, bounds)));
  await expect(page.getByRole('region', { name: 'On this device now' })).toContainText(
    '20 games in progress',
  );
  await expect(
    page.getByText(
      '20 games in progress would not fit: a device keeps the 20 played most recently, so the oldest are left out.',
    ),
  ).toBeVisible();
  await expectNoViolations(page, 'the preview of games that would not fit');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath('left-out-390.png'), fullPage: true });
});

test("a game finished while the browser's storage is full says it was not kept", async ({
  page,
}) => {
  await page.clock.install({ time: noon(TODAY) });
  await acceptCookies(page);
  // Fill the site's localStorage to the last character.
  await page.evaluate(() => {
    let i = 0;
    for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
      const chunk = 'x'.repeat(size);
      for (;;) {
        try {
          localStorage.setItem(`fill${i}`, chunk);
          i += 1;
        } catch {
          break;
        }
      }
    }
  });
  await winGame(page, TODAY);
  await expect(page.getByRole('alert')).toHaveText(
    "This game is finished, but it was not kept: this browser's storage for the site is full. It will not count in your statistics.",
  );
});
