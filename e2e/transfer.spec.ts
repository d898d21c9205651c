import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { crc32, fromBase64Url, toBase64Url } from '../core/bits';
import { addDays, daysBetween } from '../core/dates';
import { EMPTY_PLAYER, type PlayerData } from '../core/records';
import { encodeTransfer, transferOf, transferPath, TRANSFER_VERSION } from '../core/transfer';
import { playedYear } from '../core/test/transfer-fixtures';
import {
  acceptCookies,
  archiveMonthPath,
  archivePuzzle,
  expectNoViolations,
  hydrated,
  loseGame,
  placeGroups,
  puzzleDated,
  readQr,
  transferBounds,
  wrongGroupings,
  winGame,
} from './support';

/**
 * "Move your games to another device" (docs/decisions.md): two browser contexts are two devices.
 * The link is read from the QR code on screen, as a phone's camera would.
 */
const DAY0 = '2026-11-16';
const day = (n: number) => addDays(DAY0, n);
const TODAY = day(4);
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

async function device(browser: Browser, date: string, scale = 1) {
  const context = await browser.newContext({ deviceScaleFactor: scale });
  const page = await context.newPage();
  await page.clock.install({ time: noon(date) });
  return { context, page };
}

/** The QR code of the link to one's games, read from a screenshot (readQr, e2e/support.ts). */
const readQrCode = (page: Page) => readQr(page, 'QR code of the link to your games');

const stat = (page: Page, label: string) =>
  page
    .locator('.stat')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

async function expectStats(page: Page, figures: Record<string, string>) {
  for (const [label, value] of Object.entries(figures)) {
    await expect(stat(page, label)).toHaveText(value);
  }
}

const storedNames = async (context: BrowserContext, page: Page) => ({
  cookies: (await context.cookies()).map((c) => c.name),
  storage: await page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((k) =>
      k.startsWith('linchpin_'),
    ),
  ),
});

test('two devices: the QR code moves every game, the streak and the game in progress', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const older = archivePuzzle(day(1));

  // Device A: three dailies (the third lost) and an archive puzzle, then a fourth daily started.
  const a = await device(browser, day(1), 2);
  await acceptCookies(a.page);
  await winGame(a.page, day(1));
  await a.page.clock.setSystemTime(noon(day(2)));
  await winGame(a.page, day(2));
  await a.page.clock.setSystemTime(noon(day(3)));
  await a.page.goto('/game');
  await loseGame(a.page, puzzleDated(day(3)));
  await winGame(a.page, older.date, `/game?puzzleId=${older.id}&mode=play`);
  await a.page.clock.setSystemTime(noon(TODAY));
  await a.page.goto('/game');
  const fourth = puzzleDated(TODAY);
  await placeGroups(a.page, wrongGroupings(fourth)[0] ?? []);
  await a.page.getByRole('button', { name: 'Submit' }).click();
  await expect(a.page.getByText('Try 2 of 6')).toBeVisible();

  // Device B: the day before A's first.
  const b = await device(browser, DAY0);
  await acceptCookies(b.page);
  await winGame(b.page, DAY0);
  await b.page.clock.setSystemTime(noon(TODAY));

  // A: /stats, then "Move your games to another device".
  await a.page.goto('/stats');
  await expectStats(a.page, { Played: '4', Won: '3', 'Max Streak': '2' });
  await a.page.getByRole('link', { name: 'Move your games to another device' }).click();
  await expect(a.page.getByRole('heading', { level: 1 })).toHaveText(
    'Move your games to another device',
  );
  await expect(
    a.page.getByText('This link carries 4 games, current streak 0, longest 2, 1 game in progress.'),
  ).toBeVisible();
  const link = await readQrCode(a.page);
  expect(link).toBe(await a.page.getByRole('textbox', { name: 'Link to your games' }).inputValue());
  expect(new URL(link).pathname).toBe('/transfer');
  expect(link.length).toBeLessThan(300);
  await expectNoViolations(a.page, 'the transfer view');

  // B opens the link: a preview, and nothing changes before "Add to this device".
  await b.page.goto(link);
  await expect(
    b.page.getByRole('heading', { name: 'Add these games to this device?' }),
  ).toBeVisible();
  const theirs = b.page.getByRole('region', { name: 'In the link' });
  await expect(theirs).toContainText('4 games, current streak 0, longest 2, 1 game in progress');
  await expect(theirs).toContainText(`From a device last played on Nov 20, 2026.`);
  await expect(b.page.getByRole('region', { name: 'On this device now' })).toContainText(
    '1 game, current streak 0, longest 1, 0 games in progress',
  );
  await expectNoViolations(b.page, 'the preview');
  await Promise.all([
    b.page.waitForURL('**/transfer?added'),
    b.page.getByRole('button', { name: 'Add to this device' }).click(),
  ]);
  await expect(b.page.locator('#main').getByRole('status')).toHaveText(
    'This device now has 5 games, current streak 0, longest 3, 1 game in progress.',
  );

  // The union on B: statistics (a streak of three across both devices), archive badges, the game.
  for (const reload of [false, true]) {
    await b.page.goto('/stats');
    if (reload) await b.page.reload();
    await expectStats(b.page, {
      Played: '5',
      Won: '4',
      'Current Streak': '0',
      'Max Streak': '3',
    });
    for (const [date, badge] of [
      [DAY0, 'Solved'],
      [day(1), 'Solved'],
      [day(2), 'Solved'],
      [day(3), 'Lost'],
      [older.date, 'Solved'],
    ] as const) {
      // The archive shows one month at a time: the puzzle's own month.
      await b.page.goto(archiveMonthPath(puzzleDated(date)));
      const item = b.page.getByRole('listitem').filter({ hasText: puzzleDated(date).title });
      await expect(item.getByText(badge, { exact: true })).toBeVisible();
    }
    await b.page.goto('/game');
    await expect(b.page.getByText('Try 2 of 6')).toBeVisible();
    await expect(
      b.page.getByRole('list', { name: 'Your tries' }).getByRole('listitem'),
    ).toHaveCount(1);
  }

  // The same link again changes nothing.
  await b.page.goto(link);
  await expect(b.page.getByRole('region', { name: 'On this device now' })).toContainText(
    '5 games, current streak 0, longest 3, 1 game in progress',
  );
  await Promise.all([
    b.page.waitForURL('**/transfer?added'),
    b.page.getByRole('button', { name: 'Add to this device' }).click(),
  ]);
  await expect(b.page.locator('#main').getByRole('status')).toHaveText(
    'This device now has 5 games, current streak 0, longest 3, 1 game in progress.',
  );
  await a.context.close();
  await b.context.close();
});

const SETTINGS = {
  difficulty: 'normal',
  gameMode: 'legacy',
  palette: 'default',
  darkMode: true,
  seenHowToPlay: true,
  seenNote: false,
} as const;

/** A link made here, as device A's page makes it: two daily wins and dark mode. */
function madeLink(): string {
  const data = {
    ...EMPTY_PLAYER,
    history: [
      { date: day(1), id: puzzleDated(day(1)).id, attempts: 2, won: true, daily: true },
      { date: day(2), id: puzzleDated(day(2)).id, attempts: 3, won: true, daily: true },
    ],
    stats: { currentStreak: 2, maxStreak: 2, lastPlayedDate: day(2) },
  };
  const bounds = transferBounds(day(2));
  return transferPath(encodeTransfer(transferOf(data, SETTINGS, bounds), bounds));
}

test('without consent the flow asks for it; rejecting stores nothing and says so', async ({
  browser,
}) => {
  const c = await device(browser, day(3));
  await c.page.goto(madeLink());
  await expect(c.page.getByRole('region', { name: 'In the link' })).toContainText(
    '2 games, current streak 2, longest 2, 0 games in progress',
  );
  await c.page.getByRole('button', { name: 'Add to this device' }).click();
  await expect(c.page.getByText('To keep these games, this device must store them')).toBeVisible();
  await expectNoViolations(c.page, 'the consent question');
  await c.page.getByRole('button', { name: 'Store nothing' }).click();
  await expect(c.page.locator('#main').getByRole('status')).toHaveText(
    /^Nothing was stored on this device/,
  );
  expect(await storedNames(c.context, c.page)).toEqual({ cookies: [], storage: [] });
  await c.page.goto('/stats');
  await expect(c.page.getByText('You need to accept cookies')).toBeVisible();
  expect(await storedNames(c.context, c.page)).toEqual({ cookies: [], storage: [] });
  await c.context.close();
});

test('the whole flow by keyboard, consent included; settings come from the link', async ({
  browser,
}) => {
  const c = await device(browser, day(3));
  await c.page.goto(madeLink());
  // Focus is on the preview's heading: Tab reaches "Add to this device".
  await expect(
    c.page.getByRole('heading', { name: 'Add these games to this device?' }),
  ).toBeFocused();
  await c.page.keyboard.press('Tab');
  await expect(c.page.getByRole('button', { name: 'Add to this device' })).toBeFocused();
  await c.page.keyboard.press('Enter');
  await expect(c.page.getByText('To keep these games, this device must store them')).toBeFocused();
  await c.page.keyboard.press('Tab');
  await expect(c.page.getByRole('button', { name: 'Accept and add' })).toBeFocused();
  await Promise.all([c.page.waitForURL('**/transfer?added'), c.page.keyboard.press('Enter')]);
  await expect(
    c.page.getByRole('heading', { name: 'Your games are on this device' }),
  ).toBeFocused();
  await expect(c.page.locator('#main').getByRole('status')).toHaveText(
    'This device now has 2 games, current streak 2, longest 2, 0 games in progress.',
  );
  await expect(c.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await c.page.keyboard.press('Tab');
  await expect(c.page.getByRole('link', { name: 'See your statistics' })).toBeFocused();
  await c.page.keyboard.press('Enter');
  await expectStats(c.page, { Played: '2', 'Current Streak': '2' });

  // From /stats to the QR code and the backup buttons, by keyboard alone.
  const move = c.page.getByRole('link', { name: 'Move your games to another device' });
  for (let i = 0; i < 40 && !(await move.evaluate((el) => el === document.activeElement)); i += 1) {
    await c.page.keyboard.press('Tab');
  }
  await c.page.keyboard.press('Enter');
  await expect(
    c.page.getByRole('img', { name: 'QR code of the link to your games' }),
  ).toBeVisible();
  for (const name of ['Copy link', 'Save a backup file', 'Restore from a file']) {
    await c.page.keyboard.press('Tab');
    if (name === 'Copy link') await c.page.keyboard.press('Tab'); // the link's box comes first
    await expect(c.page.getByRole('button', { name })).toBeFocused();
  }
  await c.context.close();
});

test('a damaged, edited, newer or foreign link says so and changes nothing', async ({ page }) => {
  await page.clock.install({ time: noon(day(3)) });
  await acceptCookies(page);
  const link = madeLink();
  const code = link.slice(link.indexOf('#') + 1);
  const bytes = fromBase64Url(code) as Uint8Array;
  const newer = bytes.slice(0, -4);
  newer[2] = TRANSFER_VERSION + 1;
  const signed = new Uint8Array(newer.length + 4);
  signed.set(newer);
  new DataView(signed.buffer).setUint32(newer.length, crc32(newer));
  const bounds = transferBounds(day(2));
  const foreign = encodeTransfer(transferOf(EMPTY_PLAYER, SETTINGS, bounds), bounds, [0x57, 0x44]);
  const cases = [
    [`/transfer#${code.slice(0, -6)}`, 'This link is damaged'],
    [
      `/transfer#${code.slice(0, 12)}${code[12] === 'A' ? 'B' : 'A'}${code.slice(13)}`,
      'This link is damaged',
    ],
    ['/transfer#1.N4IgLgpg', 'This link is damaged'],
    [`/transfer#${toBase64Url(signed)}`, 'This link was made by a newer version of Linchpin'],
    [`/transfer#${foreign}`, "This link holds another site's data"],
  ] as const;
  for (const [path, message] of cases) {
    await page.goto('/');
    await page.goto(path);
    await expect(page.getByRole('alert')).toContainText(message);
    await expect(page.getByRole('button', { name: 'Add to this device' })).toHaveCount(0);
  }
  await expectNoViolations(page, 'a damaged link');
  await page.goto('/stats');
  await expectStats(page, { Played: '0' });
});

test('a backup file: saved, then restored on another device with the same preview', async ({
  browser,
}) => {
  const a = await device(browser, day(3));
  await acceptCookies(a.page);
  await a.page.goto(madeLink());
  await Promise.all([
    a.page.waitForURL('**/transfer?added'),
    a.page.getByRole('button', { name: 'Add to this device' }).click(),
  ]);
  await a.page.goto('/transfer');
  const [download] = await Promise.all([
    a.page.waitForEvent('download'),
    a.page.getByRole('button', { name: 'Save a backup file' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`linchpin-games-${day(3)}.json`);
  const file = await download.path();

  const b = await device(browser, day(3));
  await acceptCookies(b.page);
  await b.page.goto('/transfer');
  await hydrated(b.page); // the file chooser belongs to the app's button
  const [chooser] = await Promise.all([
    b.page.waitForEvent('filechooser'),
    b.page.getByRole('button', { name: 'Restore from a file' }).click(),
  ]);
  await chooser.setFiles(file);
  await expect(b.page.getByRole('region', { name: 'In the file' })).toContainText('2 games');
  await Promise.all([
    b.page.waitForURL('**/transfer?added'),
    b.page.getByRole('button', { name: 'Add to this device' }).click(),
  ]);
  await expect(b.page.locator('#main').getByRole('status')).toContainText(
    'This device now has 2 games',
  );

  // A file that is not a backup: said, nothing changed.
  await b.page.goto('/transfer');
  const [again] = await Promise.all([
    b.page.waitForEvent('filechooser'),
    b.page.getByRole('button', { name: 'Restore from a file' }).click(),
  ]);
  await again.setFiles({
    name: 'other.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"app":"wordle"}'),
  });
  await expect(b.page.getByRole('alert')).toContainText("This file holds another site's data");
  await a.context.close();
  await b.context.close();
});

test('screenshots of the transfer view and the preview at 390, 320 and 1280 px', async ({
  browser,
}, info) => {
  for (const [width, height] of [
    [390, 844],
    [320, 568],
    [1280, 800],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    await context.addCookies([
      { name: 'linchpin_cookie_consent', value: 'accepted', url: info.project.use.baseURL ?? '' },
    ]);
    const page = await context.newPage();
    await page.clock.install({ time: noon(day(3)) });
    await page.goto(madeLink());
    await expect(
      page.getByRole('heading', { name: 'Add these games to this device?' }),
    ).toBeVisible();
    await page.screenshot({ path: info.outputPath(`preview-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await Promise.all([
      page.waitForURL('**/transfer?added'),
      page.getByRole('button', { name: 'Add to this device' }).click(),
    ]);
    await page.goto('/transfer');
    await expect(
      page.getByRole('img', { name: 'QR code of the link to your games' }),
    ).toBeVisible();
    await page.screenshot({ path: info.outputPath(`transfer-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await context.close();
  }
});

test('Settings leads to the same view', async ({ page }) => {
  await page.clock.install({ time: noon(day(3)) });
  await acceptCookies(page);
  await page.getByRole('button', { name: 'Settings' }).first().click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('link', { name: 'Move your games to another device' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/transfer$/);
  await expect(page.getByRole('img', { name: 'QR code of the link to your games' })).toBeVisible();
});

/**
 * A year of daily play and 60 archive games (`playedYear`) ending the day before `today`, of
 * puzzles the catalogue holds then (a link carries no others, core/transfer-bounds.ts).
 */
function yearInCatalogue(today: string): PlayerData {
  const { lastPuzzle } = transferBounds(today);
  const year = playedYear(365, 60);
  const shift = daysBetween(addDays('2026-01-01', 366), today);
  const id = (played: string) => `puzzle_${1 + ((Number(played.split('_')[1]) - 1) % lastPuzzle)}`;
  const completions = Object.values(year.completions).flatMap((c) =>
    c ? [{ ...c, date: addDays(c.date, shift), puzzleId: id(c.puzzleId) }] : [],
  );
  return {
    ...year,
    history: year.history.map((g) => ({ ...g, date: addDays(g.date, shift), id: id(g.id) })),
    completions: Object.fromEntries(completions.map((c) => [c.date, c])),
    stats: year.stats && { ...year.stats, lastPlayedDate: addDays(today, -1) },
    games: year.games.map((g) => ({ ...g, playedOn: today })),
  };
}

test('a year of daily play and the archive: a link of at most 1,500 characters, read from a 390 px screen', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const today = day(4);
  const year = yearInCatalogue(today);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
  });
  const page = await context.newPage();
  await page.clock.install({ time: noon(today) });
  await acceptCookies(page);
  const record = (value: unknown) => JSON.stringify({ expires: '2099-01-01', value });
  await page.evaluate(
    ({ items }) => {
      for (const [name, value] of items) localStorage.setItem(name, value);
    },
    {
      items: [
        ['linchpin_completedPuzzles', record(year.history)],
        ['linchpin_games', record(year.games)],
        ...Object.values(year.completions).map(
          (c) => [`linchpin_puzzleCompleted_${c?.date}`, record(c)] as const,
        ),
      ],
    },
  );
  await context.addCookies([
    { name: 'linchpin_daily_stats', value: JSON.stringify(year.stats), url: page.url() },
  ]);
  await page.goto('/transfer');
  await expect(page.getByText('This link carries 425 games')).toBeVisible();
  const link = await readQrCode(page);
  expect(link).toBe(await page.getByRole('textbox', { name: 'Link to your games' }).inputValue());
  expect(link.length).toBeGreaterThan(1000);
  expect(link.length).toBeLessThanOrEqual(1500);
  await context.close();
});
