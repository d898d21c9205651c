import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  chooseDifficulty,
  hydrated,
  placeGroups,
  readPuzzles,
  setClock,
  tile,
  wrongGroupings,
} from './support';

/**
 * The whole game on one screen: at the sizes players' windows have (a 1366x768 laptop leaves its
 * page about 1366x657), the title, the nine tiles, the four circles with their counts, the try
 * counter, the latest feedback and both Clear All and Submit are all in view without scrolling,
 * before and after a wrong try, in Easy and Normal, with the cookie banner showing and without it.
 * The board is the archive puzzle with the longest title and the longest word (its date line
 * shows too): the most a board has to hold.
 */
const SIZES = [
  [1366, 657],
  [1280, 720],
  [1440, 789],
  [390, 664],
  [360, 640],
  [320, 568],
] as const;

const TODAY = '2026-11-20';
const longestRun = (word: string) => Math.max(...word.split(/[\s-]+/).map((part) => part.length));
const PUZZLE = readPuzzles()
  .filter((puzzle) => puzzle.date < TODAY)
  .sort(
    (a, b) =>
      Math.max(...b.words.map(longestRun)) +
      b.title.length / 100 -
      (Math.max(...a.words.map(longestRun)) + a.title.length / 100),
  )[0]!;

/** What must be in view, by what a player sees. */
function parts(page: Page): [string, Locator][] {
  const circles = page.getByRole('group', { name: 'Groups' });
  return [
    ['title', page.getByRole('heading', { level: 1, name: PUZZLE.title })],
    ...PUZZLE.words.map((word): [string, Locator] => [`tile ${word}`, tile(page, word)]),
    ...[1, 2, 3, 4].map((n): [string, Locator] => [
      `circle ${n}`,
      circles.getByRole('button', { name: `Category ${n}`, exact: true }),
    ]),
    ...[0, 1, 2, 3].map((n): [string, Locator] => [
      `count ${n + 1}`,
      circles.getByText(/^\d\/3/).nth(n),
    ]),
    ['try counter', page.getByText(/^Try \d of \d$/)],
    ['Clear All', page.getByRole('button', { name: 'Clear All' })],
    ['Submit', page.getByRole('button', { name: 'Submit' })],
  ];
}

/** Each part lies inside the window at the top of the page, and nothing (the banner) covers it. */
async function expectAllInView(page: Page, extra: [string, Locator][] = []) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const viewport = page.viewportSize()!;
  const banner = page.getByRole('region', { name: 'Cookies on Linchpin' });
  const bannerTop = (await banner.isVisible())
    ? ((await banner.boundingBox())?.y ?? viewport.height)
    : viewport.height;
  const bottom = Math.min(viewport.height, bannerTop);
  const outside: string[] = [];
  for (const [name, locator] of [...parts(page), ...extra]) {
    await expect(locator, name).toBeVisible();
    const box = (await locator.boundingBox())!;
    if (
      box.y < 0 ||
      box.x < 0 ||
      box.y + box.height > bottom + 0.5 ||
      box.x + box.width > viewport.width + 0.5
    ) {
      outside.push(
        `${name}: ${Math.round(box.y)}..${Math.round(box.y + box.height)} (room to ${Math.round(bottom)})`,
      );
    }
  }
  expect(outside, 'parts not in view without scrolling').toEqual([]);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

/** Tiles stay large enough to tap, and no word is cut inside (e2e/long-words.spec.ts). */
async function expectTilesUsable(page: Page) {
  for (const word of PUZZLE.words) {
    const box = (await tile(page, word).boundingBox())!;
    expect(box.height, `${word}'s height`).toBeGreaterThanOrEqual(44);
    expect(box.width, `${word}'s width`).toBeGreaterThanOrEqual(44);
  }
  const broken = await page.locator('.tile-word').evaluateAll((spans) =>
    spans.flatMap((span) => {
      const text = span.firstChild;
      if (!text?.textContent) return [];
      return [...text.textContent.matchAll(/[^\s-]+/g)].flatMap((match) => {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        return range.getClientRects().length > 1 ? [match[0]] : [];
      });
    }),
  );
  expect(broken, 'words cut inside').toEqual([]);
}

for (const [width, height] of SIZES) {
  for (const difficulty of ['Easy', 'Normal'] as const) {
    for (const banner of [true, false]) {
      test(`at ${width}x${height}, ${difficulty}, ${banner ? 'cookie banner showing' : 'no banner'}: the whole game is on one screen, before and after a wrong try`, async ({
        page,
        baseURL,
      }) => {
        await page.setViewportSize({ width, height });
        await setClock(page, `${TODAY}T12:00:00Z`);
        if (!banner) {
          await page.context().addCookies([
            { name: 'linchpin_cookie_consent', value: 'accepted', url: baseURL ?? '' },
            { name: 'linchpin_has_seen_how_to_play', value: 'true', url: baseURL ?? '' },
            {
              name: 'linchpin_difficulty',
              value: difficulty.toLowerCase(),
              url: baseURL ?? '',
            },
          ]);
        }
        await page.goto(`/game?puzzleId=${PUZZLE.id}`);
        const heading = page.getByRole('heading', { level: 1, name: PUZZLE.title });
        await expect(heading).toBeVisible();
        if (banner) {
          await expect(page.getByRole('region', { name: 'Cookies on Linchpin' })).toBeVisible();
          if (difficulty === 'Easy') await chooseDifficulty(page, 'Easy');
        }
        await expect(page.getByText(`${difficulty} Mode`)).toBeVisible();
        // Measured once the app is here: the page is swapped for the app's own as it arrives.
        await hydrated(page);
        await expectAllInView(page);
        await expectTilesUsable(page);

        const [wrong] = wrongGroupings(PUZZLE);
        await placeGroups(page, wrong!, difficulty === 'Easy' ? [PUZZLE.specialWord] : []);
        await page.getByRole('button', { name: 'Submit' }).click();
        const latest = page.getByRole('list', { name: 'Your tries' }).getByRole('listitem').last();
        await expect(latest).toContainText('Try 1');
        await expectAllInView(page, [['latest feedback', latest]]);
        await expectTilesUsable(page);
        await page.screenshot({
          path: test.info().outputPath(`one-screen-${width}x${height}-${difficulty}.png`),
        });
      });
    }
  }
}
