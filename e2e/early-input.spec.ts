import { expect, test, type Page } from '@playwright/test';
import { archivePuzzle, circle, hydrated, puzzleDated, setClock, tile } from './support';

/**
 * Every tap counts: a page paints long before its code has arrived, and whatever the player does
 * in between takes effect once the app has hydrated, exactly once and in order. These tests hold
 * the app's code back for 2 seconds and act the moment a control is visible, as a player does (as
 * every test of the suite does), then wait for the app (`hydrated`): what it does then is their
 * subject.
 */

const today = new Date().toISOString().slice(0, 10);
const daily = puzzleDated(today);
const DELAY_MS = 2000;

async function holdBackCode(page: Page): Promise<void> {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    await route.continue();
  });
}

const notYetHydrated = async (page: Page) =>
  expect(await page.locator('html').getAttribute('data-ready')).toBeNull();

// Words of today's puzzle that are not its special word (which the easy board locks).
const words = daily.words.filter((word) => word !== daily.specialWord);
const [first = '', second = '', third = ''] = words;

test('circles and tiles pressed before the code arrives are all applied, in order', async ({
  page,
}) => {
  await holdBackCode(page);
  await page.goto('/game', { waitUntil: 'commit' });
  await circle(page, 1).click();
  await tile(page, first).click();
  await tile(page, second).click();
  await circle(page, 2).click();
  await tile(page, third).click();
  // A second press of the same circle deselects it, as it would after.
  await circle(page, 3).click();
  await circle(page, 3).click();
  await notYetHydrated(page);
  // The press shows at once, before the app is here.
  await expect(circle(page, 1)).toHaveAttribute('data-early', '');

  await hydrated(page);
  await expect(tile(page, first)).toHaveAccessibleName(`${first}, in group 1`);
  await expect(tile(page, second)).toHaveAccessibleName(`${second}, in group 1`);
  await expect(tile(page, third)).toHaveAccessibleName(`${third}, in group 2`);
  // Circle 3 was chosen, then deselected: no circle is chosen now.
  for (const n of [1, 2, 3, 4])
    await expect(circle(page, n)).toHaveAttribute('aria-pressed', 'false');
  for (const word of words.slice(3)) await expect(tile(page, word)).toHaveAccessibleName(word);
  await expect(circle(page, 1)).not.toHaveAttribute('data-early', '');
});

/**
 * /game with the browser's day an earlier one and the app's code held back: the server's page is
 * today's, so the app will render the board of the browser's day in its place (as for a tab left
 * open overnight), showing the loading line until that puzzle arrives. Its word tiles.
 */
async function openAnotherDaysBoard(page: Page) {
  await setClock(page, `${archivePuzzle(today).date}T12:00:00Z`);
  return openTodaysBoard(page);
}

/** /game with the app's code held back: the server's page, which the app will hydrate. */
async function openTodaysBoard(page: Page) {
  await holdBackCode(page);
  await page.goto('/game', { waitUntil: 'commit' });
  return page.getByRole('group', { name: 'Words' }).getByRole('button');
}

test('on a page of another day, rendered afresh, a press replays only on the same control', async ({
  page,
}) => {
  const grid = await openAnotherDaysBoard(page);
  await circle(page, 1).click();
  await grid.nth(0).click();
  await grid.nth(1).click();
  await notYetHydrated(page);
  await expect(circle(page, 1)).toHaveAttribute('data-early', '');

  await hydrated(page);
  // The circle is the same control on the other day's board: chosen. The tiles in the places
  // pressed now hold that day's words, which the player never saw: nothing is put in a group.
  await expect(circle(page, 1)).toHaveAttribute('aria-pressed', 'true');
  await expect(grid).toHaveCount(9);
  await expect(page.getByRole('button', { name: /, in group \d$/ })).toHaveCount(0);
});

const FOCUS_CASES = [
  { title: 'on a page of another day, drawn afresh', open: openAnotherDaysBoard },
  { title: 'on a page hydrated', open: openTodaysBoard },
];
for (const { title, open } of FOCUS_CASES) {
  test(`${title}, the control reached with the keyboard keeps the focus`, async ({ page }) => {
    const grid = await open(page);
    await page.getByRole('button', { name: 'About the modes' }).focus();
    await page.keyboard.press('Tab');
    await expect(grid.nth(0)).toBeFocused();
    await notYetHydrated(page);

    await hydrated(page);
    await expect(grid.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(grid.nth(1)).toBeFocused();
  });
}

/** Fills the contact form's name and message as a player does, the moment the fields show. */
async function typeIntoContactForm(page: Page) {
  await page.getByRole('textbox', { name: 'Your name' }).fill('Early Ada');
  await page.getByRole('textbox', { name: 'Message' }).fill('Typed before the code came.');
}

/** Sends the contact form and returns what was posted. */
async function sendContactForm(page: Page): Promise<unknown> {
  await page.getByRole('textbox', { name: /^Email/ }).fill('ada@example.com');
  const posted = page.waitForRequest('**/api/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  return (await posted).postDataJSON();
}

const TYPED = { name: 'Early Ada', message: 'Typed before the code came.' };

/** Serves /contact with HTML that differs from what the app renders: hydration draws it again. */
async function serveMismatchedContactPage(page: Page) {
  await page.route(
    (url) => url.pathname === '/contact',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('<h1>Contact</h1>', '<h1>Contact us</h1>');
      await route.fulfill({ response, body: html });
    },
  );
}

const REDRAW_CASES = [
  {
    title: 'on a page of another day, drawn afresh',
    // The server's page is today's; the browser's day is an earlier one.
    prepare: (page: Page) => setClock(page, `${archivePuzzle(today).date}T12:00:00Z`),
  },
  { title: 'on a page hydration draws again (a mismatch)', prepare: serveMismatchedContactPage },
];
for (const { title, prepare } of REDRAW_CASES) {
  test(`${title}, text typed before the code arrives and the focus stay`, async ({ page }) => {
    await prepare(page);
    await holdBackCode(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    await typeIntoContactForm(page);
    const drawnByServer = await page.getByRole('textbox', { name: 'Message' }).elementHandle();
    await notYetHydrated(page);

    await hydrated(page);
    expect(await drawnByServer?.evaluate((node) => node.isConnected)).toBe(false);
    await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue(TYPED.name);
    // The field the player was typing in has the focus again.
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
    expect(await sendContactForm(page)).toMatchObject(TYPED);
  });
}

test('Submit pressed on an incomplete board before the code arrives shows its message after', async ({
  page,
}) => {
  await holdBackCode(page);
  await page.goto('/game', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await notYetHydrated(page);
  await hydrated(page);
  await expect(page.getByText('Sort the words into 4 groups of 3 words each')).toBeVisible();
});

test('Settings opened and the cookie banner accepted before the code arrives', async ({
  page,
  context,
}) => {
  await holdBackCode(page);
  await page.goto('/game', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Settings' }).click();
  await notYetHydrated(page);
  await hydrated(page);
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();

  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Accept' }).click();
  await notYetHydrated(page);
  // Accept stores the choice and reloads (docs/spec.md §4).
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'linchpin_cookie_consent'))
    .toMatchObject({ value: 'accepted' });
  await expect(page.getByRole('region', { name: 'Cookies on Linchpin' })).toBeHidden();
});

test('the keyboard before the code arrives: Tab to a circle and a tile, Space presses them', async ({
  page,
}) => {
  await holdBackCode(page);
  await page.goto('/game', { waitUntil: 'commit' });
  await circle(page, 1).focus();
  await page.keyboard.press('Space');
  await tile(page, first).focus();
  await page.keyboard.press('Space');
  await notYetHydrated(page);
  await hydrated(page);
  await expect(tile(page, first)).toHaveAccessibleName(`${first}, in group 1`);
});

test('text typed into the contact form before the code arrives stays, and is what is sent', async ({
  page,
}) => {
  await holdBackCode(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  await typeIntoContactForm(page);
  await notYetHydrated(page);
  await hydrated(page);
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue(TYPED.name);
  expect(await sendContactForm(page)).toMatchObject(TYPED);
});

test('hydration keeps the nine tiles the server drew, on a first visit and with a game in progress', async ({
  page,
  context,
  baseURL,
}) => {
  const keptTiles = async () => {
    const page = await context.newPage();
    await holdBackCode(page);
    await page.goto('/game', { waitUntil: 'commit' });
    const handles = await page.getByRole('group', { name: 'Words' }).getByRole('button').all();
    const elements = await Promise.all(handles.map((handle) => handle.elementHandle()));
    await hydrated(page);
    const connected = await Promise.all(
      elements.map((element) => element?.evaluate((node) => node.isConnected)),
    );
    const name = await tile(page, first).getAttribute('aria-label');
    await page.close();
    return { connected, name };
  };
  expect((await keptTiles()).connected).toEqual(Array(9).fill(true));

  // With consent, a game in progress is kept; the next load applies it to the same tiles.
  await context.addCookies([
    { name: 'linchpin_cookie_consent', value: 'accepted', url: baseURL ?? '' },
  ]);
  await page.goto('/game');
  await hydrated(page);
  await circle(page, 1).click();
  await tile(page, first).click();
  await expect(tile(page, first)).toHaveAccessibleName(`${first}, in group 1`);
  const again = await keptTiles();
  expect(again.connected).toEqual(Array(9).fill(true));
  expect(again.name).toBe(`${first}, in group 1`);
});
