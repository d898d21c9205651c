import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import LZString from 'lz-string';
import { draftToPuzzle } from '../core/custom-puzzle';
import { DRAFT_FIELDS, type PuzzleDraft } from '../core/puzzle-draft';
import { GOOD_DRAFT } from '../core/test/fixtures';
import {
  acceptCookies,
  expectNoViolations,
  hydrated,
  placeGroups,
  wrongGroupings,
} from './support';

/** /create, the puzzle builder, and /play#…, the puzzle its link carries (issue "Make your own"). */

const LABELS: Record<keyof PuzzleDraft, string> = {
  title: 'Title',
  author: 'Your name',
  specialWord: 'Special word',
  category1_name: 'Category 1 name',
  category1_word1: 'Category 1 word 1',
  category1_word2: 'Category 1 word 2',
  category2_name: 'Category 2 name',
  category2_word1: 'Category 2 word 1',
  category2_word2: 'Category 2 word 2',
  category3_name: 'Category 3 name',
  category3_word1: 'Category 3 word 1',
  category3_word2: 'Category 3 word 2',
  category4_name: 'Category 4 name',
  category4_word1: 'Category 4 word 1',
  category4_word2: 'Category 4 word 2',
};

const field = (page: Page, name: keyof PuzzleDraft) =>
  page.getByRole('textbox', { name: LABELS[name], exact: true });

async function fillDraft(page: Page, draft: PuzzleDraft = GOOD_DRAFT) {
  for (const name of DRAFT_FIELDS) await field(page, name).fill(draft[name]);
}

/** The groups of the draft's puzzle, as the board's circles take them. */
const PUZZLE = draftToPuzzle(GOOD_DRAFT, { id: 'x', date: '' });
const GROUPS = PUZZLE.categories.map((c) => c.words);

async function createLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create link' }).click();
  const box = page.getByRole('textbox', { name: 'Puzzle link' });
  await expect(box).toBeVisible();
  await expect(box).toHaveAttribute('readonly', '');
  return box.inputValue();
}

test('a puzzle built by its fields gets a link that a friend opens in a fresh browser and wins', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Make Your Own Puzzle' })).toBeVisible();
  await fillDraft(page);
  const link = await createLink(page);
  expect(link.startsWith(`${baseURL}/play#1.`)).toBe(true);
  expect(link.length).toBeLessThanOrEqual(600);

  // A friend: another browser with nothing of the author's, who has accepted cookies.
  const friend = await browser.newContext({ serviceWorkers: 'block' });
  await friend.addCookies([
    { name: 'linchpin_cookie_consent', value: 'accepted', url: baseURL ?? '' },
  ]);
  const other = await friend.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { level: 1, name: 'Under Lock' })).toBeVisible();
  await expect(other.getByText('By Robin')).toBeVisible();
  await expect(other.getByText('Normal Mode')).toBeVisible();
  await expect(other.getByText('Try 1 of 6')).toBeVisible();
  // A wrong try first: feedback and the try counter, as on the daily board.
  await placeGroups(other, wrongGroupings(PUZZLE)[0] ?? []);
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other.getByText('Try 2 of 6')).toBeVisible();
  await other.getByRole('button', { name: 'Clear All' }).click();
  await placeGroups(other, GROUPS);
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other.getByRole('heading', { name: 'Solved!' })).toBeVisible();
  const share = other.getByRole('dialog', { name: 'Share' });
  await expect(share).toBeVisible();
  const text = await share.getByTestId('share-text').textContent();
  expect(text).toContain('Under Lock by Robin');
  expect(text?.endsWith(`\n#Linchpin\n${link}`)).toBe(true);
  await share.getByRole('button', { name: 'Close' }).click();

  // Never recorded: no kept game or result in storage, nothing in the stats.
  const stored = await other.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('linchpin_')),
  );
  expect(stored).toEqual([]);
  const cookies = (await friend.cookies()).map((cookie) => cookie.name);
  expect(cookies.filter((name) => /stats|daily_puzzle/.test(name))).toEqual([]);
  await other.goto(`${baseURL}/stats`);
  await expect(other.locator('.stat', { hasText: 'Played' }).locator('dd')).toHaveText('0');
  await other.goto(`${baseURL}/archive`);
  await expect(other.getByRole('heading', { level: 1, name: 'Puzzle Archive' })).toBeVisible();
  await expect(other.getByText('Under Lock')).toHaveCount(0);
  await friend.close();
});

test('Copy link copies it and says "Link copied!" for 2 seconds', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/create');
  await fillDraft(page);
  const link = await createLink(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByText('Link copied!')).toHaveCount(0, { timeout: 3500 });
});

test('when the clipboard is refused, the link is selected for copying by hand', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
  });
  await page.goto('/create');
  await fillDraft(page);
  const link = await createLink(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Copying was blocked: the link is selected')).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Puzzle link' });
  await expect(box).toBeFocused();
  expect(
    await box.evaluate((input: HTMLInputElement) =>
      input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    ),
  ).toBe(link);
});

test('where the browser has a share sheet, Share link hands it the link', async ({ page }) => {
  await page.addInitScript(() => {
    Object.assign(window, { shared: [] as unknown[] });
    Object.defineProperty(navigator, 'share', {
      value: (data: unknown) => {
        (window as unknown as { shared: unknown[] }).shared.push(data);
        return Promise.resolve();
      },
    });
  });
  await page.goto('/create');
  await fillDraft(page);
  const link = await createLink(page);
  await page.getByRole('button', { name: 'Share link' }).click();
  expect(await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([
    { title: 'Under Lock', url: link },
  ]);
});

test('problems show beside their fields as the player types, and nothing is made while one remains', async ({
  page,
}) => {
  await page.goto('/create');
  // The subject is what the app says as fields are typed and left: leaving a field is not held
  // before the app is here (presses, keys and submissions are), so the app learns of it after.
  await hydrated(page);
  // A blank field is not nagged before it was left or a button pressed.
  await field(page, 'specialWord').fill('Key');
  await field(page, 'category1_name').fill('Piano parts');
  await expect(page.getByText('Please give your puzzle a title.')).toHaveCount(0);
  await expect(page.getByText('Please enter word 1 of category 1.')).toHaveCount(0);
  await field(page, 'title').focus();
  await field(page, 'author').focus();
  await expect(page.getByText('Please give your puzzle a title.')).toBeVisible();

  await fillDraft(page);
  await field(page, 'category2_word2').fill('key');
  await expect(
    page.getByText('This is the special word, which already joins every category'),
  ).toBeVisible();
  await field(page, 'category3_word1').fill('Pedal');
  await expect(
    page.getByText('"Pedal" is already used: all nine words must be different.'),
  ).toBeVisible();
  await field(page, 'category4_name').fill('Largo and friends');
  await expect(page.getByText('This name gives away "Largo"')).toBeVisible();
  await field(page, 'title').fill('');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByText('Please give your puzzle a title.')).toBeVisible();
  // Title, both uses of "Pedal", the repeated special word and the name that gives a word away.
  await expect(
    page.getByRole('form', { name: 'Make Your Own Puzzle' }).getByRole('alert'),
  ).toContainText('5 fields need your attention');
  await expect(field(page, 'category1_word1')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'title')).toBeFocused();
  await expect(field(page, 'category2_word2')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Puzzle link' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Play it' }).click();
  await expect(page).toHaveURL(/\/create$/);

  // Put right, the puzzle is made.
  await fillDraft(page);
  await expect(page.locator('.form-error')).toHaveCount(0);
  await createLink(page);
});

test('Play it plays the puzzle on the real board, and the builder keeps what was typed', async ({
  page,
}) => {
  await page.goto('/create');
  await fillDraft(page);
  await page.getByRole('button', { name: 'Play it' }).click();
  await expect(page).toHaveURL(/\/play#1\./);
  await expect(page.getByRole('heading', { level: 1, name: 'Under Lock' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Words' }).getByRole('button')).toHaveCount(9);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.goBack();
  await expect(field(page, 'category4_word2')).toHaveValue('West');
});

test('with consent, what was typed survives a reload; without, it lasts the visit only', async ({
  page,
}) => {
  await page.goto('/create');
  // The subject is the app's memory of the draft: a link followed before the app is here is a
  // page load like any other (links are never held, docs/decisions.md), which keeps nothing.
  await hydrated(page);
  await field(page, 'title').fill('Half Made');
  await field(page, 'specialWord').fill('Bank');
  // No consent yet: kept in memory while moving around, gone on a reload, never stored.
  await page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'About' })
    .click();
  await page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Make a Puzzle' })
    .click();
  await expect(field(page, 'title')).toHaveValue('Half Made');
  expect(await page.evaluate(() => localStorage.getItem('linchpin_puzzle_draft'))).toBeNull();
  await page.reload();
  await expect(field(page, 'title')).toHaveValue('');

  await acceptCookies(page);
  await page.goto('/create');
  await field(page, 'title').fill('Half Made');
  await field(page, 'category2_word1').fill('River');
  // Reloaded once the draft is stored (what was typed before the app arrived is stored with it).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('linchpin_puzzle_draft')))
    .toContain('River');
  await page.reload();
  await expect(field(page, 'title')).toHaveValue('Half Made');
  await expect(field(page, 'category2_word1')).toHaveValue('River');

  // A damaged stored draft is no draft: an empty builder, no crash.
  await page.evaluate(() => localStorage.setItem('linchpin_puzzle_draft', '{"expires":'));
  await page.reload();
  // The server's builder is empty too: the app must have read the damaged draft to say so.
  await hydrated(page);
  await expect(field(page, 'title')).toHaveValue('');
});

/** A version-1 link whose fields are these values, as a tampered link could carry. */
const tamperedLink = (values: unknown) =>
  `/play#1.${LZString.compressToEncodedURIComponent(JSON.stringify(values))}`;

test('a damaged, cut, tampered or unknown-version link says so, with a way home', async ({
  page,
  baseURL,
}) => {
  const good = `/play#${(await import('../core/puzzle-link')).encodePuzzleLink(GOOD_DRAFT)}`;
  const withMarkup = tamperedLink(
    DRAFT_FIELDS.map((name) =>
      name === 'title' ? '<img src=x onerror="window.hacked=1">' : GOOD_DRAFT[name],
    ),
  );
  for (const address of [
    '/play',
    '/play#1.garbage',
    good.slice(0, good.length - 15),
    good.replace('#1.', '#2.'),
    tamperedLink(['too', 'few']),
    withMarkup,
  ]) {
    await page.goto(address);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This puzzle link is damaged.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  }
  // The same page, corrected in place, opens the puzzle.
  await page.goto(`${baseURL}${good}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Under Lock' })).toBeVisible();
});

test('Send to the editors stores a submission that the owner’s tool lists', async ({ page }) => {
  await page.goto('/create');
  await fillDraft(page);
  await field(page, 'author').fill('');
  const send = page.getByRole('button', { name: 'Send to the editors' });
  await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveCount(0);
  await send.click();
  const email = page.getByRole('textbox', { name: /^Email/ });
  await expect(email).toBeFocused();
  await email.fill('robin@example.com');
  await send.click();
  // The editors credit an author: the name is asked for beside its field.
  await expect(field(page, 'author')).toBeFocused();
  await expect(page.getByText('Please enter your name: the editors credit')).toBeVisible();
  await field(page, 'author').fill('Robin Editors-Test');
  const answered = page.waitForResponse('**/api/puzzle-submissions');
  await send.click();
  expect((await answered).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Sent to the editors!' })).toBeFocused();

  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'owner', '--', 'submissions', '--json'],
    { env: { ...process.env, DATA_DIR: process.env.LINCHPIN_E2E_DATA_DIR } },
  );
  const listed = JSON.parse(stdout) as { author: string; title: string; specialWord: string }[];
  expect(listed).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        author: 'Robin Editors-Test',
        title: 'Under Lock',
        specialWord: 'Key',
      }),
    ]),
  );
});

test('the builder is linked from the menu, the footer, the home page and Submit a Puzzle', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Get started' })
    .getByRole('link', { name: 'Make a Puzzle' })
    .click();
  await expect(page).toHaveURL(/\/create$/);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Make a Puzzle' }),
  ).toHaveAttribute('href', '/create');
  await expect(
    page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Make a Puzzle' }),
  ).toHaveAttribute('href', '/create');
  await page.goto('/submit-puzzle');
  await page.getByRole('link', { name: 'Make your own puzzle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Make Your Own Puzzle' })).toBeVisible();
});

test('axe finds nothing on the builder (empty, with problems, done) nor on a shared puzzle', async ({
  page,
}) => {
  await page.goto('/create');
  await expectNoViolations(page, 'empty builder');
  await page.getByRole('button', { name: 'Create link' }).click();
  await field(page, 'category1_word1').fill('Key');
  await expectNoViolations(page, 'builder with problems');
  await fillDraft(page);
  const link = await createLink(page);
  await page.getByRole('button', { name: 'Send to the editors' }).click();
  await expectNoViolations(page, 'builder with its link and the email field');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Under Lock' })).toBeVisible();
  await expectNoViolations(page, 'shared puzzle');
  await page.goto('/play#1.damaged');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This puzzle link is damaged.' })).toBeVisible();
  await expectNoViolations(page, 'damaged link');
});
