import { expect, test, type Page } from '@playwright/test';
import type { Puzzle } from '../core/puzzle';
import {
  addCookies,
  archivePuzzle,
  loseGame,
  placeGroups,
  puzzleDated,
  wrongGroupings,
} from './support';

// The server renders with its own clock and these tests leave the browser's alone: the daily
// puzzle is the server's today.
const today = new Date().toISOString().slice(0, 10);
const daily = puzzleDated(today);
const older = archivePuzzle(today);
const numberOf = (puzzle: Puzzle) => puzzle.id.replace('puzzle_', '');
const ROW = /^[🟩🟨🟧🟥]{4}$/u;
const COLOUR_BLIND_ROW = /^[🟦🟧⬜⬛]{4}$/u;

/** Wins `puzzle` on the open board after `wrong` wrong tries. */
async function win(page: Page, puzzle: Puzzle, wrong = 0) {
  for (const grouping of wrongGroupings(puzzle).slice(0, wrong)) {
    await placeGroups(page, grouping);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Clear All' }).click();
  }
  await placeGroups(
    page,
    puzzle.categories.map((c) => c.words),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
}

const shareText = async (page: Page) =>
  (await page.getByRole('dialog', { name: 'Share' }).getByTestId('share-text').textContent()) ?? '';

test('after a win, Share shows the number, a row per try and the link, and every network gets what it needs', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.goto('/game');
  await win(page, daily, 2);
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share).toBeVisible();
  const text = await shareText(page);
  const lines = text.split('\n');
  const link = `${baseURL ?? ''}/`;
  expect(lines.slice(0, 4)).toEqual([
    "I solved today's puzzle!",
    `Linchpin #${numberOf(daily)}`,
    `${daily.title}${daily.author ? ` by ${daily.author}` : ''}`,
    'Yay! I did it in 3 tries!',
  ]);
  const rows = lines.filter((line) => ROW.test(line));
  expect(rows).toHaveLength(3);
  expect(rows[2]).toBe('🟩🟩🟩🟩');
  expect(lines.slice(-2)).toEqual(['#Linchpin', link]);
  const withoutLink = lines.slice(0, -1).join('\n');

  const href = async (network: string) =>
    new URL(
      (await share.getByRole('link', { name: network, exact: true }).getAttribute('href')) ?? '',
    );
  const facebook = await href('Facebook');
  expect(`${facebook.origin}${facebook.pathname}`).toBe(
    'https://www.facebook.com/sharer/sharer.php',
  );
  expect([...facebook.searchParams]).toEqual([['u', link]]);
  for (const [network, address] of [
    ['X', 'https://x.com/intent/tweet'],
    ['Threads', 'https://www.threads.com/intent/post'],
  ] as const) {
    const url = await href(network);
    expect(`${url.origin}${url.pathname}`, network).toBe(address);
    expect(url.searchParams.get('text'), network).toBe(withoutLink);
    expect(url.searchParams.get('url'), network).toBe(link);
  }
  const bluesky = await href('Bluesky');
  expect(`${bluesky.origin}${bluesky.pathname}`).toBe('https://bsky.app/intent/compose');
  expect([...bluesky.searchParams]).toEqual([['text', text]]);
  // Each opens in a new tab, away from the game.
  for (const network of ['Facebook', 'X', 'Bluesky', 'Threads']) {
    await expect(share.getByRole('link', { name: network, exact: true })).toHaveAttribute(
      'target',
      '_blank',
    );
  }
});

test('after a loss on an archive puzzle, Share shows every try and links to that puzzle', async ({
  page,
  baseURL,
}) => {
  // Six tries of four groups: many clicks.
  test.setTimeout(90_000);
  await page.goto(`/game?puzzleId=${older.id}&mode=play`);
  await loseGame(page, older);
  const lines = (await shareText(page)).split('\n');
  expect(lines.slice(0, 3)).toEqual([
    'The puzzle was a little hard',
    `Linchpin #${numberOf(older)}`,
    `${older.title}${older.author ? ` by ${older.author}` : ''}`,
  ]);
  expect(lines.some((line) => line.startsWith('Yay!'))).toBe(false);
  expect(lines.filter((line) => ROW.test(line))).toHaveLength(6);
  expect(lines.at(-1)).toBe(`${baseURL ?? ''}/game?puzzleId=${older.id}&mode=play`);
});

test('with the colour-blind palette and Easy mode, the grid has its own squares and the mode is named; a reload shares the same grid', async ({
  page,
  context,
}) => {
  await addCookies(context, {
    linchpin_cookie_consent: 'accepted',
    linchpin_color_mode: 'colorBlind',
    linchpin_difficulty: 'easy',
  });
  test.setTimeout(90_000);
  await page.goto('/game');
  await expect(page.getByText('Try 1 of 8')).toBeVisible();
  await win(page, daily, 1);
  const text = await shareText(page);
  expect(text).toContain(`\nLinchpin #${numberOf(daily)} (Easy)\n`);
  const rows = text.split('\n').filter((line) => COLOUR_BLIND_ROW.test(line));
  expect(rows).toHaveLength(2);
  expect(rows[1]).toBe('🟦🟦🟦🟦');
  expect(text).not.toMatch(/[🟩🟨🟥]/u);

  // Today's finished game, reopened (on its result: the dialog opens by itself only as the game
  // ends), is worked out again from its kept submissions.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Solved!' })).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  expect(await shareText(page)).toBe(text);
});

test.describe('on a touch device with a share sheet', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  /** navigator.share answers as told: resolves, or rejects with an error of that name. */
  async function stubShare(page: Page, outcome: 'share' | 'AbortError' | 'NotAllowedError') {
    await page.addInitScript((how) => {
      const calls: unknown[] = [];
      Object.assign(window, { shareCalls: calls });
      Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: unknown) => {
          calls.push(data);
          return how === 'share' ? Promise.resolve() : Promise.reject(new DOMException('', how));
        },
      });
    }, outcome);
  }
  const calls = (page: Page) =>
    page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls);

  async function finishAndCloseDialog(page: Page) {
    await page.goto('/game');
    await win(page, daily);
    const share = page.getByRole('dialog', { name: 'Share' });
    // The game's end still opens the dialog: the networks and Copy stay, the sheet first.
    for (const name of ['Other apps', 'Copy'])
      await expect(share.getByRole('button', { name, exact: true })).toBeVisible();
    for (const name of ['Facebook', 'X', 'Bluesky', 'Threads'])
      await expect(share.getByRole('link', { name, exact: true })).toBeVisible();
    await share.getByRole('button', { name: 'Close' }).click();
    await expect(share).toBeHidden();
  }

  test('Share opens the sheet with the text and the link', async ({ page, baseURL }) => {
    await stubShare(page, 'share');
    await finishAndCloseDialog(page);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => calls(page)).toHaveLength(1);
    const [data] = (await calls(page)) as { text: string; url: string }[];
    expect(data?.url).toBe(`${baseURL ?? ''}/`);
    expect(data?.text).toMatch(/^I solved today's puzzle!\n/);
    expect(data?.text).toContain('\n🟩🟩🟩🟩\n#Linchpin');
    expect(data?.text).not.toContain(data?.url ?? '');
    await expect(page.getByRole('dialog', { name: 'Share' })).toBeHidden();
  });

  test('a cancelled sheet does nothing and shows no error', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await stubShare(page, 'AbortError');
    await finishAndCloseDialog(page);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => calls(page)).toHaveLength(1);
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog', { name: 'Share' })).toBeHidden();
    await expect(page.getByText(/Copying was blocked|Message copied!/)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a sheet that fails falls back to copying', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await stubShare(page, 'NotAllowedError');
    await finishAndCloseDialog(page);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const share = page.getByRole('dialog', { name: 'Share' });
    await expect(share.getByText('Message copied!')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await shareText(page));
  });
});

test('a desktop keeps the dialog: Share opens it, with no sheet offered', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: () => Promise.resolve() });
  });
  await page.goto('/game');
  await win(page, daily);
  const share = page.getByRole('dialog', { name: 'Share' });
  await share.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(share).toBeVisible();
  await expect(share.getByRole('button', { name: 'Other apps' })).toHaveCount(0);
});

test.describe('link previews', () => {
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

  test('a page of a puzzle has its own Open Graph and Twitter card tags, whoever asks', async ({
    request,
    baseURL,
  }) => {
    for (const [path, puzzle] of [
      ['/', daily],
      ['/game', daily],
      [`/game?puzzleId=${older.id}&mode=play&fbclid=x&utm_source=facebook`, older],
    ] as const) {
      const html = await (await request.get(path)).text();
      const title = `Linchpin #${numberOf(puzzle)}: ${puzzle.title}`;
      expect(meta(html, 'og:title'), path).toBe(title);
      expect(meta(html, 'twitter:title'), path).toBe(title);
      expect(meta(html, 'twitter:card'), path).toBe('summary_large_image');
      expect(meta(html, 'og:image'), path).toBe('/og-image.png');
      const description = meta(html, 'og:description') ?? '';
      expect(description, path).toMatch(/^(A puzzle by .+\. )?Sort nine words/);
      for (const word of [...puzzle.words, ...puzzle.categories.map((c) => c.name)]) {
        expect(description.toLowerCase(), `${path}: ${word}`).not.toContain(word.toLowerCase());
      }
      // The tags are the same for a player with cookies.
      const withCookies = await (
        await request.get(path, {
          headers: { cookie: 'linchpin_cookie_consent=accepted; linchpin_color_mode=colorBlind' },
        })
      ).text();
      const tags = (text: string) => text.match(/<meta (?:property="og|name="twitter)[^>]*>/g);
      expect(tags(withCookies), path).toEqual(tags(html));
    }
    const image = await request.get('/og-image.png');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(baseURL).toBeTruthy();
  });
});

test('a link back with tracking parameters opens the same puzzle and hydrates the server’s HTML', async ({
  page,
  request,
}) => {
  const address = `/game?puzzleId=${older.id}&mode=play&fbclid=x&utm_source=facebook`;
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('blocked by Playwright')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Marks the server's elements before any script of the page runs: hydration keeps these very
  // elements, a fresh render (a page taken as rendered for another address) would replace them.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const home = document.querySelector('a[aria-label="Linchpin home"]');
      if (!home) return;
      // The first one seen is the parser's, from the server's HTML.
      (home as unknown as { fromServer: boolean }).fromServer = true;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: older.title })).toBeVisible();
  expect(
    await page
      .getByRole('link', { name: 'Linchpin home' })
      .evaluate((link) => (link as unknown as { fromServer?: boolean }).fromServer === true),
  ).toBe(true);
  // The tiles are the server's: the same words in the same places.
  const served = await (await request.get(address)).text();
  const serverWords = [...served.matchAll(/<span class="tile-word"[^>]*>([^<]*)<\/span>/g)].map(
    (match) => match[1] ?? '',
  );
  const tiles = page.getByRole('group', { name: 'Words' }).locator('.tile-word');
  await expect(tiles).toHaveText(serverWords.length === 9 ? serverWords : ['(server words)']);
  // The subject is the whole load: every request done, so every message it causes is seen.
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
