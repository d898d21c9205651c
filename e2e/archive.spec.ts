import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations, hydrated, readPuzzles, setClock } from './support';

/**
 * The archive by month: newest month first, one month shown at a time, the others a tap away; a
 * search by title or author and "Unsolved only"; never taller than 8,000 px on a phone.
 */
const TODAY = '2026-11-20';
const released = readPuzzles()
  .filter((puzzle) => puzzle.date <= TODAY)
  .sort((a, b) => (a.date < b.date ? 1 : -1));
const monthKeys = [...new Set(released.map((puzzle) => puzzle.date.slice(0, 7)))];
const NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const label = (key: string) => `${NAMES[Number(key.slice(5)) - 1]} ${key.slice(0, 4)}`;
const newest = monthKeys[0]!;
const oldest = monthKeys.at(-1)!;
const inMonth = (key: string) => released.filter((puzzle) => puzzle.date.startsWith(key));
const biggest = [...monthKeys].sort((a, b) => inMonth(b).length - inMonth(a).length)[0]!;

/** The archive's own announcement of what the search and filter found. */
const found = (page: Page) => page.getByRole('status').filter({ hasText: /match/ });
const monthHeadings = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });
const monthLink = (page: Page, key: string) =>
  page
    .getByRole('navigation', { name: 'Months' })
    .getByRole('link', { name: new RegExp(`^${label(key).slice(0, 3)} ${key.slice(0, 4)},`) });

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await setClock(page, `${TODAY}T12:00:00Z`);
});

test('one month at a time, newest first; another month is a tap away; the page stays under 8,000 px', async ({
  page,
}) => {
  await page.goto('/archive');
  await expect(monthHeadings(page)).toHaveText([label(newest)]);
  for (const puzzle of inMonth(newest)) {
    await expect(page.getByRole('heading', { level: 3, name: puzzle.title })).toBeVisible();
  }
  await expect(monthLink(page, newest)).toHaveAttribute('aria-current', 'true');
  await monthLink(page, oldest).click();
  await expect(monthHeadings(page)).toHaveText([label(oldest)]);
  await expect(monthLink(page, oldest)).toHaveAttribute('aria-current', 'true');
  const first = inMonth(oldest).at(-1)!;
  await expect(page.getByRole('link', { name: `Play ${first.title}`, exact: true })).toBeVisible();

  // The fullest month, by a link to it, with the first-visit banner: the page's whole height.
  await page.goto(`/archive#month-${biggest}`);
  await expect(monthHeadings(page)).toHaveText([label(biggest)]);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, `${inMonth(biggest).length} puzzles in ${label(biggest)}`).toBeLessThanOrEqual(
    8000,
  );
});

test('search by title or author, and Unsolved only, each announced', async ({ page, baseURL }) => {
  const solved = released[1]!;
  const record = (value: unknown) => JSON.stringify({ expires: '2099-01-01', value });
  await page
    .context()
    .addCookies([{ name: 'linchpin_cookie_consent', value: 'accepted', url: baseURL ?? '' }]);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    `linchpin_puzzleCompleted_${solved.date}`,
    record({
      completed: true,
      won: true,
      date: solved.date,
      puzzleId: solved.id,
      score: 4,
      attempts: 2,
    }),
  ] as const);
  await page.goto('/archive');
  // The browser's day is not the server's: the app draws the archive afresh, and a search filled
  // in at once (fill, not key by key) would be in the page it replaces.
  await hydrated(page);
  const search = page.getByRole('searchbox', { name: 'Search puzzles' });
  const target = released.find((puzzle) => puzzle.date.slice(0, 7) !== newest)!;
  await search.fill(target.title);
  const matches = released.filter((p) =>
    `${p.title} ${p.author ?? ''}`.toLowerCase().includes(target.title.toLowerCase()),
  );
  await expect(found(page)).toHaveText(
    `${matches.length} ${matches.length === 1 ? 'puzzle matches' : 'puzzles match'}.`,
  );
  await expect(page.getByRole('heading', { level: 3, name: target.title })).toBeVisible();
  await expect(monthHeadings(page)).toHaveText([label(target.date.slice(0, 7))]);

  await search.fill('no puzzle is called this');
  await expect(found(page)).toHaveText('No puzzles match.');
  await expect(monthHeadings(page)).toHaveCount(0);

  const author = released.find((p) => p.author && p.author !== 'Linchpin Team')?.author;
  if (author) {
    await search.fill(author);
    await expect(page.getByText(author, { exact: false }).first()).toBeVisible();
  }

  await search.fill('');
  await expect(
    page.getByRole('heading', { level: 3, name: new RegExp(`^${solved.title}`) }),
  ).toContainText('Solved');
  await page.getByRole('checkbox', { name: 'Unsolved only' }).check();
  await expect(found(page)).toHaveText(`${released.length - 1} puzzles match.`);
  await expect(
    page.getByRole('heading', { level: 3, name: new RegExp(`^${solved.title}`) }),
  ).toHaveCount(0);
});

test('the months are reachable by keyboard, and the archive is axe clean', async ({ page }) => {
  test.slow();
  await page.goto('/archive');
  await expect(monthHeadings(page)).toHaveText([label(newest)]);
  // axe reads the page as it stands: once the app has drawn it (it draws the browser's own day).
  await hydrated(page);
  await expectNoViolations(page, 'archive with the first-visit banner');
  const second = monthKeys[1]!;
  await monthLink(page, second).focus();
  await page.keyboard.press('Enter');
  await expect(monthHeadings(page)).toHaveText([label(second)]);
  await expect(monthLink(page, second)).toHaveAttribute('aria-current', 'true');
  // The next Tab goes into the month just opened (the link's target is the focus's new start).
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('href', /\/game\?puzzleId=/);
  expect(await focused.evaluate((el) => el.closest('section')?.id)).toBe(`month-${second}`);
});
