import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import type { Puzzle } from '../core/puzzle';
import { boundsOf } from '../core/transfer-bounds';

const DIR = join(import.meta.dirname, '..', 'puzzles');

export function readPuzzles(): Puzzle[] {
  return readdirSync(DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Puzzle);
}

/** What a link may hold on `today` (core/transfer-bounds.ts), from the catalogue. */
export const transferBounds = (today: string) => boundsOf(readPuzzles(), today);

export function puzzleDated(date: string): Puzzle {
  const puzzle = readPuzzles().find((p) => p.date === date);
  if (!puzzle) throw new Error(`The catalogue has no puzzle dated ${date}`);
  return puzzle;
}

/** The earliest-dated puzzle that is not the daily one on `today`: an archive puzzle. */
export function archivePuzzle(today: string): Puzzle {
  const older = readPuzzles()
    .filter((p) => p.date < today)
    .sort((a, b) => a.date.localeCompare(b.date));
  const puzzle = older[0];
  if (!puzzle) throw new Error('The catalogue has no archive puzzle');
  return puzzle;
}

/** Sets the browser's clock to a UTC instant; time then flows on from there. */
export async function setClock(page: Page, iso: string): Promise<void> {
  await page.clock.install({ time: new Date(iso) });
}

/**
 * Waits until the app has taken over the page: hydrated (or drawn afresh), the player's data
 * applied, the page all there (`<html data-ready>`, the start-up's last step:
 * src/lib/start-up/start-up.ts). The suite's tests act the moment a control is visible, as a
 * player does, and the app answers whatever came before it (e2e/early-input.spec.ts); this wait
 * is only for a test whose subject is the app once it is here, or which does what no player can
 * (stop the browser's clock). Each use says why.
 */
export async function hydrated(page: Page, timeout = 15_000): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true', { timeout });
}

/**
 * Opens `path` a few seconds before a UTC instant, lets the app start, then stops the clock at
 * that instant: from then on timers run only when the test says so.
 */
export async function openPausedAt(page: Page, path: string, iso: string): Promise<void> {
  const time = new Date(iso);
  await page.clock.install({ time: new Date(time.getTime() - 10_000) });
  await page.goto(path);
  // No player stops the clock: the app starts on timers (React reveals a page drawn afresh on
  // one), so the clock stops only once the app has drawn the page a player would see.
  await hydrated(page);
  await page.clock.pauseAt(time);
}

/** A returning player's cookies: consent, dark mode, the colour-blind palette, Easy, rules seen. */
export const PLAYER_COOKIES = {
  linchpin_cookie_consent: 'accepted',
  linchpin_dark_mode: 'true',
  linchpin_color_mode: 'colorBlind',
  linchpin_difficulty: 'easy',
  linchpin_has_seen_how_to_play: 'true',
} as const;

/** Gives the context the site's cookies by name and value, as a player's earlier visits left them. */
export async function addCookies(
  context: BrowserContext,
  cookies: Readonly<Record<string, string>>,
): Promise<void> {
  const url = test.info().project.use.baseURL ?? '';
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url })));
}

export const tile = (page: Page, word: string) =>
  page.getByRole('button', {
    name: new RegExp(`^${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(,|$)`),
  });

export const circle = (page: Page, n: number) =>
  page.getByRole('button', { name: `Category ${n}`, exact: true });

/** Places each list of words in the group of the same index (1-based circles), skipping locked words. */
export async function placeGroups(
  page: Page,
  groups: readonly (readonly string[])[],
  skip: string[] = [],
) {
  for (const [index, words] of groups.entries()) {
    await circle(page, index + 1).click();
    await expect(circle(page, index + 1)).toHaveAttribute('aria-pressed', 'true');
    for (const word of words) {
      if (!skip.includes(word)) await tile(page, word).click();
    }
  }
  await circle(page, groups.length).click();
}

/** Six distinct wrong groupings of a puzzle (the special word in every group). */
export function wrongGroupings(puzzle: Puzzle): string[][][] {
  const others = puzzle.words.filter((w) => w !== puzzle.specialWord);
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const words = [...others];
    [words[0], words[i + 2]] = [words[i + 2] as string, words[0] as string];
    return [0, 1, 2, 3].map((g) => [
      puzzle.specialWord,
      words[g * 2] as string,
      words[g * 2 + 1] as string,
    ]);
  });
}

export async function chooseDifficulty(page: Page, label: 'Easy' | 'Normal') {
  await page.getByRole('button', { name: 'Settings' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('radio', { name: label }).check();
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/** axe with its default rules (best practices included) finds nothing on the page as it stands. */
export async function expectNoViolations(page: Page, label = '') {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

/** Accepts cookies on the home page's banner (the page reloads, as docs/spec.md §4 says). */
export async function acceptCookies(page: Page) {
  await page.goto('/');
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('button', { name: 'Accept', exact: true }).click(),
  ]);
  await expect(page.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
}

/** Opens `path` (today's board by default) and wins the puzzle dated `date`, closing the Share dialog. */
export async function winGame(page: Page, date: string, path = '/game'): Promise<Puzzle> {
  const puzzle = puzzleDated(date);
  await page.goto(path);
  await placeGroups(
    page,
    puzzle.categories.map((c) => c.words),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share).toBeVisible();
  await share.getByRole('button', { name: 'Close' }).click();
  return puzzle;
}

/** Opens a puzzle to play and makes one wrong try: the board then shows "Try 2 of …". */
export async function playOneWrongTry(page: Page, puzzle: Puzzle) {
  await page.goto(`/game?puzzleId=${puzzle.id}&mode=play`);
  const [wrong] = wrongGroupings(puzzle);
  await placeGroups(page, wrong ?? []);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/^Try 2 of \d$/)).toBeVisible();
}

/** Plays wrong groupings until a Normal game is lost (six tries), `tried` of them already made. */
export async function loseGame(page: Page, puzzle: Puzzle, tried = 0) {
  for (const grouping of wrongGroupings(puzzle).slice(tried)) {
    await page.getByRole('button', { name: 'Clear All' }).click();
    await placeGroups(page, grouping);
    await page.getByRole('button', { name: 'Submit' }).click();
  }
  await expect(page.getByRole('dialog', { name: 'Share' })).toBeVisible();
}

/** The archive showing a puzzle's month (a month at a time; src/features/archive/archive-months.ts). */
export const archiveMonthPath = (puzzle: Pick<Puzzle, 'date'>) =>
  `/archive#month-${puzzle.date.slice(0, 7)}`;

/** The archive's link to a puzzle's month ("Apr 2025, 10 puzzles"). */
export function archiveMonthLink(page: Page, puzzle: Pick<Puzzle, 'date'>) {
  const short = new Date(`${puzzle.date}T00:00:00Z`).toLocaleString('en', {
    month: 'short',
    timeZone: 'UTC',
  });
  return page
    .getByRole('navigation', { name: 'Months' })
    .getByRole('link', { name: new RegExp(`^${short} ${puzzle.date.slice(0, 4)},`) });
}

/** The QR code on screen, read from a screenshot by a QR decoding library. */
export async function readQr(page: Page, label: string): Promise<string> {
  const qr = page.getByRole('img', { name: label });
  await expect(qr).toBeVisible();
  const png = await qr.screenshot();
  // The browser turns the PNG into pixels; jsQR reads them.
  const pixels = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height);
    // As base64: a large image's bytes as a plain array would take long to pass.
    let binary = '';
    for (let i = 0; i < data.data.length; i += 0x8000) {
      binary += String.fromCharCode(...data.data.subarray(i, i + 0x8000));
    }
    return { width: data.width, height: data.height, rgba: btoa(binary) };
  }, png.toString('base64'));
  const rgba = new Uint8ClampedArray(Buffer.from(pixels.rgba, 'base64'));
  const found = jsQR(rgba, pixels.width, pixels.height);
  if (!found) throw new Error('No QR code found in the screenshot');
  return found.data;
}
