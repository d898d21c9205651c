import { expect, test, type Browser, type Page } from '@playwright/test';
import { utcDate } from '../core/dates';
import { MAX_GROUPS_PER_DEVICE } from '../core/friends';
import { acceptCookies, hydrated, readQr, winGame } from './support';

/**
 * Groups of friends travel with "Move your games to another device" (the link's section 6,
 * core/transfer.ts): the other device is then in the same groups as the same member, and posts
 * its result as that member. Two browser contexts are two devices, on the real clock (the server's).
 */
const today = () => utcDate(Date.now());

async function device(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptCookies(page);
  return { context, page };
}

async function startGroup(page: Page, groupName: string, name: string): Promise<void> {
  await page.goto('/friends');
  await page.getByRole('textbox', { name: 'Group name' }).fill(groupName);
  await page.getByRole('textbox', { name: 'Your name' }).fill(name);
  await page.getByRole('button', { name: 'Start a group' }).click();
  await expect(page.getByRole('textbox', { name: 'Invite link' })).toBeVisible();
}

const todayRows = (page: Page) =>
  page.getByRole('region', { name: 'Today' }).getByRole('rowheader');

async function openGroup(page: Page, groupName: string): Promise<void> {
  await page.goto('/friends');
  await page.getByRole('link', { name: groupName }).click();
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
}

async function addAndWait(page: Page): Promise<void> {
  await Promise.all([
    page.waitForURL('**/transfer?added'),
    page.getByRole('button', { name: 'Add to this device' }).click(),
  ]);
}

test('by the link: the other device is in the group as the same member, and posts as them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await device(browser);
  await startGroup(a.page, 'Moving crew', 'Ann');
  await a.page.goto('/transfer');
  await expect(
    a.page.getByText('It also carries your 1 group of friends (Moving crew)'),
  ).toBeVisible();
  const link = await readQr(a.page, 'QR code of the link to your games');

  const b = await device(browser);
  await b.page.goto(link);
  await expect(b.page.getByRole('region', { name: 'In the link' })).toContainText(
    'In 1 group of friends (Moving crew).',
  );
  await addAndWait(b.page);
  await expect(b.page.getByText('In 1 group of friends (Moving crew).')).toBeVisible();

  // B sees the group, as Ann, and its result reaches the group as Ann's: no new member.
  await openGroup(b.page, 'Moving crew');
  await expect(todayRows(b.page)).toHaveCount(1);
  await expect(todayRows(b.page)).toContainText('Ann');
  await expect(todayRows(b.page)).toContainText('(you)');
  await winGame(b.page, today());
  await openGroup(a.page, 'Moving crew');
  await expect(todayRows(a.page)).toHaveCount(1);
  const annToday = a.page.getByRole('region', { name: 'Today' }).getByRole('row').nth(1);
  await expect(annToday).toContainText('Won in 1 try');
  await a.context.close();
  await b.context.close();
});

test('by the file: both devices keep their groups, and each result goes to each as its member', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await device(browser);
  await startGroup(a.page, 'Family', 'Ann');
  await a.page.goto('/transfer');
  const [download] = await Promise.all([
    a.page.waitForEvent('download'),
    a.page.getByRole('button', { name: 'Save a backup file' }).click(),
  ]);
  const file = await download.path();

  // B is in a group of its own already.
  const b = await device(browser);
  await startGroup(b.page, 'Work', 'Bo');
  await b.page.goto('/transfer');
  await hydrated(b.page); // the file chooser belongs to the app's button
  const [chooser] = await Promise.all([
    b.page.waitForEvent('filechooser'),
    b.page.getByRole('button', { name: 'Restore from a file' }).click(),
  ]);
  await chooser.setFiles(file);
  await expect(b.page.getByRole('region', { name: 'In the file' })).toContainText(
    'In 1 group of friends (Family).',
  );
  await expect(b.page.getByRole('region', { name: 'On this device now' })).toContainText(
    'In 1 group of friends (Work).',
  );
  await addAndWait(b.page);
  await expect(b.page.getByText('In 2 groups of friends (Work, Family).')).toBeVisible();

  await winGame(b.page, today());
  await openGroup(b.page, 'Family');
  await expect(todayRows(b.page)).toHaveCount(1);
  await expect(todayRows(b.page)).toContainText('Ann');
  await openGroup(b.page, 'Work');
  await expect(todayRows(b.page)).toHaveCount(1);
  await expect(todayRows(b.page)).toContainText('Bo');
  await openGroup(a.page, 'Family');
  await expect(a.page.getByRole('region', { name: 'Today' }).getByRole('row').nth(1)).toContainText(
    'Won in 1 try',
  );
  await a.context.close();
  await b.context.close();
});

test(`a device in ${MAX_GROUPS_PER_DEVICE} groups: the link's group is left out, and the preview says so`, async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await device(browser);
  await startGroup(a.page, 'Far away', 'Ann');
  await a.page.goto('/transfer');
  const link = await a.page.getByRole('textbox', { name: 'Link to your games' }).inputValue();

  const b = await device(browser);
  for (let i = 1; i <= MAX_GROUPS_PER_DEVICE; i += 1) await startGroup(b.page, `Full ${i}`, 'Bo');
  await b.page.goto(link);
  await expect(b.page.getByText(/^No room for 1 group of friends \(Far away\)/)).toContainText(
    `a device belongs to at most ${MAX_GROUPS_PER_DEVICE} groups`,
  );
  await addAndWait(b.page);
  await b.page.goto('/friends');
  await expect(b.page.getByRole('link', { name: /^Full \d+$/ })).toHaveCount(MAX_GROUPS_PER_DEVICE);
  await expect(b.page.getByRole('link', { name: 'Far away' })).toHaveCount(0);
  await a.context.close();
  await b.context.close();
});
