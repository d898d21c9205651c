import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { utcDate } from '../core/dates';
import {
  acceptCookies,
  expectNoViolations,
  loseGame,
  puzzleDated,
  readQr,
  winGame,
} from './support';

/**
 * "Play with friends" (docs/decisions.md "Groups of friends"): three browser contexts are three
 * devices. The server runs on the real clock, so the devices do too: today's puzzle is the
 * catalogue's of the real day.
 */
const today = () => utcDate(Date.now());
const INVITE_QR = 'QR code of the invite link';
const MARKUP = '<img src=x onerror=alert(1)>';

async function device(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A name with markup must never run: any dialog would be a script the page let in.
  page.on('dialog', () => {
    throw new Error('A dialog opened: markup in a name ran as HTML');
  });
  return { context, page };
}

const storedNames = async (context: BrowserContext, page: Page) => ({
  cookies: (await context.cookies()).map((c) => c.name),
  storage: await page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((k) =>
      k.startsWith('linchpin_'),
    ),
  ),
});

const todayRow = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Today' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });

async function startGroup(page: Page, groupName: string, name: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Group name' }).fill(groupName);
  await page.getByRole('textbox', { name: 'Your name' }).fill(name);
  await page.getByRole('button', { name: 'Start a group' }).click();
  const link = page.getByRole('textbox', { name: 'Invite link' });
  await expect(link).toBeVisible();
  return link.inputValue();
}

async function joinBy(page: Page, link: string, name: string) {
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Your name' }).fill(name);
  await page.getByRole('button', { name: 'Join this group' }).click();
}

test('three devices: start, join by link and by QR code, results after finishing, rename, remove, leave', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const puzzle = puzzleDated(today());
  const groupName = MARKUP;

  // A starts a group from /stats.
  const a = await device(browser);
  await acceptCookies(a.page);
  await a.page.goto('/stats');
  await a.page.getByRole('link', { name: 'Play with friends' }).click();
  await expect(a.page.getByRole('heading', { level: 1 })).toHaveText('Play with friends');
  await expectNoViolations(a.page, '/friends');
  const link = await startGroup(a.page, groupName, 'Ann');
  const invite = new URL(link);
  expect(invite.pathname).toBe('/friends/join');
  expect(invite.hash).toMatch(/^#[A-Za-z0-9_-]{22}$/);
  expect(invite.search).toBe('');
  // The name with markup is shown as those characters.
  await expect(a.page.getByRole('heading', { name: MARKUP })).toBeVisible();
  await expectNoViolations(a.page, 'the new group’s invite');
  await a.page.getByRole('link', { name: 'Open the group' }).click();
  await expect(todayRow(a.page, 'Ann')).toContainText('Not yet');

  // A plays today's puzzle; the result reaches the group by itself.
  await winGame(a.page, today());

  // B joins by the link, before playing: sees that A played, not how.
  const b = await device(browser);
  await acceptCookies(b.page);
  await b.page.goto(link);
  await expect(b.page.getByRole('heading', { name: MARKUP })).toBeVisible();
  await expect(b.page.getByRole('listitem').filter({ hasText: 'Ann' })).toBeVisible();
  await expect(b.page.getByText('Joining shares your results of each day’s puzzle')).toBeVisible();
  await expectNoViolations(b.page, 'the invite');
  await b.page.getByRole('textbox', { name: 'Your name' }).fill('Ben');
  await b.page.getByRole('button', { name: 'Join this group' }).click();
  await expect(todayRow(b.page, 'Ann')).toContainText('Yes');
  await expect(
    b.page.getByText('Finish today’s puzzle to see how the others played'),
  ).toBeVisible();
  await expect(b.page.getByText(/Won in/)).toHaveCount(0);
  await expectNoViolations(b.page, 'the group before finishing');

  // C scans the QR code on A's screen, and is asked for consent on joining.
  await a.page.goto(`/friends`);
  await a.page.getByRole('link', { name: MARKUP }).click();
  const scanned = await readQr(a.page, INVITE_QR);
  expect(scanned).toBe(link);
  const c = await device(browser);
  await joinBy(c.page, scanned, 'Cat');
  await c.page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(todayRow(c.page, 'Cat')).toContainText('Not yet');

  // B and C play: each then sees every result.
  await winGame(b.page, today());
  await c.page.goto('/game');
  await loseGame(c.page, puzzle);
  for (const page of [a.page, b.page, c.page]) {
    await page.goto('/friends');
    await page.getByRole('link', { name: MARKUP }).click();
    await expect(todayRow(page, 'Ann')).toContainText('Won in 1 try');
    await expect(todayRow(page, 'Ben')).toContainText('Won in 1 try');
    await expect(todayRow(page, 'Cat')).toContainText('Lost after 6 tries');
    await expect(page.getByRole('img', { name: 'Cat’s grid' })).toBeVisible();
  }
  await expect(
    b.page.getByRole('region', { name: 'This week' }).getByRole('row').nth(1),
  ).toContainText('Ann');
  await expectNoViolations(b.page, 'the group after finishing');

  // B renames, A removes C, B leaves: each is seen by the others.
  await b.page.getByRole('textbox', { name: 'Your name' }).fill('Benny');
  await b.page.getByRole('button', { name: 'Change your name' }).click();
  await expect(b.page.getByText('Your name was changed.')).toBeVisible();
  await a.page.reload();
  await expect(todayRow(a.page, 'Benny')).toBeVisible();
  await a.page.getByRole('button', { name: 'Remove Cat' }).click();
  await expect(a.page.getByText('Cat was removed from the group.')).toBeVisible();
  await c.page.reload();
  await expect(c.page.getByText('You are no longer in this group on this device.')).toBeVisible();
  await b.page.getByRole('button', { name: 'Leave this group' }).click();
  await b.page.getByRole('button', { name: 'Yes, leave this group' }).click();
  await expect(b.page.getByText('You are not in any group on this device yet.')).toBeVisible();
  await a.page.reload();
  await expect(a.page.getByRole('region', { name: 'Today' }).getByRole('rowheader')).toHaveText([
    /^Ann/,
  ]);
  for (const d of [a, b, c]) await d.context.close();
});

test('a guessed or altered invite code says so and shows nothing', async ({ browser }) => {
  const a = await device(browser);
  await acceptCookies(a.page);
  await a.page.goto('/friends');
  const link = await startGroup(a.page, 'Secret club', 'Ann');
  const code = new URL(link).hash.slice(1);
  const altered = `${code.slice(0, 5)}${code[5] === 'A' ? 'B' : 'A'}${code.slice(6)}`;
  const b = await device(browser);
  for (const guess of [altered, 'A'.repeat(22), code.slice(0, 10)]) {
    await b.page.goto(`/friends/join#${guess}`);
    await expect(b.page.getByRole('alert')).toContainText(
      'This invite link does not open any group',
    );
    await expect(b.page.getByText('Secret club')).toHaveCount(0);
    await expect(b.page.getByRole('button', { name: 'Join this group' })).toHaveCount(0);
  }
  await expectNoViolations(b.page, 'a refused invite');
  await a.context.close();
  await b.context.close();
});

test('consent rejected on joining: nothing stored, nothing sent', async ({ browser }) => {
  const a = await device(browser);
  await acceptCookies(a.page);
  await a.page.goto('/friends');
  const link = await startGroup(a.page, 'Family', 'Ann');
  await a.page.getByRole('link', { name: 'Open the group' }).click();

  const b = await device(browser);
  const posts: string[] = [];
  b.page.on('request', (request) => {
    if (request.method() !== 'GET') posts.push(request.url());
  });
  await joinBy(b.page, link, 'Ben');
  await expect(b.page.getByText('Do you accept?')).toBeVisible();
  await expectNoViolations(b.page, 'the consent question');
  await b.page.getByRole('button', { name: 'Store nothing' }).click();
  await expect(
    b.page.getByText('Nothing was stored on this device and nothing was sent.'),
  ).toBeVisible();
  expect(posts).toEqual([]);
  expect(await storedNames(b.context, b.page)).toEqual({ cookies: [], storage: [] });
  await a.page.reload();
  await expect(a.page.getByRole('heading', { name: 'Family' })).toBeVisible();
  await expect(a.page.getByRole('region', { name: 'Today' }).getByRole('rowheader')).toHaveText([
    /^Ann/,
  ]);
  await a.context.close();
  await b.context.close();
});

test('the whole flow by keyboard', async ({ browser }) => {
  const a = await device(browser);
  await acceptCookies(a.page);
  await a.page.goto('/friends');
  const start = a.page.getByRole('textbox', { name: 'Group name' });
  await start.focus();
  await a.page.keyboard.type('Keys');
  await a.page.keyboard.press('Tab');
  await a.page.keyboard.type('Ann');
  await a.page.keyboard.press('Enter');
  const link = await a.page.getByRole('textbox', { name: 'Invite link' }).inputValue();

  const b = await device(browser);
  await acceptCookies(b.page);
  await b.page.goto(link);
  await b.page.getByRole('textbox', { name: 'Your name' }).focus();
  await b.page.keyboard.type('Ben');
  await b.page.keyboard.press('Enter');
  await expect(todayRow(b.page, 'Ben')).toBeVisible();
  // To "Leave this group" and its confirmation by Tab and Enter alone.
  const leave = b.page.getByRole('button', { name: 'Leave this group' });
  for (let i = 0; i < 40 && !(await leave.evaluate((el) => el === document.activeElement)); i++)
    await b.page.keyboard.press('Tab');
  await b.page.keyboard.press('Enter');
  const confirm = b.page.getByRole('button', { name: 'Yes, leave this group' });
  for (let i = 0; i < 5 && !(await confirm.evaluate((el) => el === document.activeElement)); i++)
    await b.page.keyboard.press('Tab');
  await b.page.keyboard.press('Enter');
  await expect(b.page.getByText('You are not in any group on this device yet.')).toBeVisible();
  await a.context.close();
  await b.context.close();
});

test('a group’s page asks again when the player comes back to it', async ({ browser }) => {
  const a = await device(browser);
  await acceptCookies(a.page);
  await a.page.goto('/friends');
  const link = await startGroup(a.page, 'Returning', 'Ann');
  const b = await device(browser);
  await acceptCookies(b.page);
  await joinBy(b.page, link, 'Ben');
  await expect(todayRow(b.page, 'Ann')).toContainText('Not yet');
  // A's result reaches the server after the game ends, by itself: B comes back after that.
  const sent = a.page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/friends/results') && response.request().method() === 'POST',
  );
  await winGame(a.page, today());
  await sent;
  // B comes back after being away longer than a moment: a focus within the page's RETURN_PAUSE_MS
  // (2 s, src/features/friends/friends-group-page.tsx) of its last ask is the same return, not a
  // new one. Until then B's page, left open, hears nothing.
  await b.page.waitForTimeout(2_500);
  await b.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(todayRow(b.page, 'Ann')).toContainText('Yes');
  await a.context.close();
  await b.context.close();
});

test('screenshots of /friends, an invite and a group at 390, 320 and 1280 px', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const consent = {
    name: 'linchpin_cookie_consent',
    value: 'accepted',
    url: info.project.use.baseURL ?? '',
  };
  for (const [width, height] of [
    [390, 844],
    [320, 568],
    [1280, 800],
  ] as const) {
    const fits = async (page: Page) =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    const context = await browser.newContext({ viewport: { width, height } });
    await context.addCookies([consent]);
    const page = await context.newPage();
    // The narrowest screen shows the whole table: today's puzzle finished first.
    if (width === 320) await winGame(page, today());
    await page.goto('/friends');
    const link = await startGroup(
      page,
      'A rather long group name, forty letters',
      'Wolfeschlegelsteinh',
    );
    await expect(page.getByRole('img', { name: INVITE_QR })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`invite-${width}.png`), fullPage: true });
    await fits(page);
    await page.getByRole('link', { name: 'Open the group' }).click();
    await expect(todayRow(page, 'Wolfeschlegelsteinh')).toBeVisible();
    await page.screenshot({ path: info.outputPath(`group-${width}.png`), fullPage: true });
    await fits(page);
    // Every table's columns fit the screen: nothing to scroll sideways.
    for (const frame of await page.locator('.friends-table-frame').all())
      expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoViolations(page, `the group at ${width} px`);
    const other = await browser.newContext({ viewport: { width, height } });
    await other.addCookies([consent]);
    const join = await other.newPage();
    await join.goto(link);
    await expect(join.getByRole('button', { name: 'Join this group' })).toBeVisible();
    await join.screenshot({ path: info.outputPath(`join-${width}.png`), fullPage: true });
    await fits(join);
    await context.close();
    await other.close();
  }
});
