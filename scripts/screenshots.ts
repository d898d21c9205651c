/**
 * Screenshots of the screens, at phone (390x844) and desktop (1280x800) sizes, for a person to look
 * at. Serves the production build (run `npm run build` first) on a spare port with a fresh data
 * folder. Usage: npm run screenshots -- [out-dir] [route ...]
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from './chromium';
import { chromium, type Page } from '@playwright/test';
import { startServer } from '../server/testing/server-process';
import { placeGroups, readPuzzles, wrongGroupings } from '../e2e/support';
import { encodePuzzleLink } from '../core/puzzle-link';
import type { Puzzle } from '../core/puzzle';
import { gameHref } from '../core/routes';
import { GOOD_DRAFT } from '../core/test/fixtures';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'small', width: 320, height: 640 },
  { name: 'desktop', width: 1280, height: 800 },
];

interface Shot {
  name: string;
  path: string;
  /** Before the page loads: accept cookies, choose dark mode… */
  cookies?: Record<string, string>;
  /** Before the page loads: localStorage records (name -> value). */
  storage?: Record<string, string>;
  /** Only the first screenful (for a long page). */
  firstScreen?: boolean;
  /** After it loads: open a modal, play a move… */
  act?: (page: Page) => Promise<void>;
}

const accepted = { linchpin_cookie_consent: 'accepted' };

/** Older puzzles, for records of finished games (the home page reads the daily cookie alone). */
const TODAY = new Date().toISOString().slice(0, 10);
const catalogue = readPuzzles().sort((a, b) => (a.date < b.date ? -1 : 1));
const older = catalogue.filter((p) => p.date < TODAY).slice(-3);
const record = (value: unknown) => JSON.stringify({ expires: '2099-01-01', value });
const finishedToday = (won: boolean) => ({
  ...accepted,
  linchpin_daily_puzzle: JSON.stringify({
    completed: true,
    won,
    date: TODAY,
    score: won ? 4 : 0,
    attempts: won ? 3 : 6,
  }),
});
const results = Object.fromEntries(
  older.map((p, i) => [
    `linchpin_puzzleCompleted_${p.date}`,
    record({ completed: true, won: i !== 1, date: p.date, puzzleId: p.id, score: 2, attempts: 4 }),
  ]),
);
/** An archive puzzle lost in six tries: the Share dialog with a full grid. */
const lostPuzzle = older[0];
if (!lostPuzzle) throw new Error('The catalogue has no puzzle before today.');
async function lose(page: Page) {
  for (const grouping of wrongGroupings(lostPuzzle as Puzzle)) {
    await page.getByRole('button', { name: 'Clear All' }).click();
    await placeGroups(page, grouping);
    await page.getByRole('button', { name: 'Submit' }).click();
  }
  await page.getByRole('dialog', { name: 'Share' }).waitFor();
}
const SHOTS: Shot[] = [
  { name: 'home-first-visit', path: '/' },
  { name: 'home', path: '/', cookies: accepted },
  { name: 'game', path: '/game', cookies: accepted },
  {
    name: 'game-dark-colorblind',
    path: '/game',
    cookies: { ...accepted, linchpin_dark_mode: 'true', linchpin_color_mode: 'colorBlind' },
    act: async (page) => {
      const circles = ['Category 1', 'Category 2'];
      for (const [i, name] of circles.entries()) {
        await page.getByRole('button', { name, exact: true }).click();
        await page.getByRole('group', { name: 'Words' }).getByRole('button').nth(i).click();
      }
    },
  },
  { name: 'home-daily-solved', path: '/', cookies: finishedToday(true) },
  { name: 'home-daily-lost', path: '/', cookies: finishedToday(false) },
  { name: 'archive', path: '/archive', cookies: accepted },
  {
    name: 'archive-solved-and-lost',
    path: '/archive',
    cookies: accepted,
    storage: results,
    firstScreen: true,
  },
  { name: 'stats', path: '/stats', cookies: accepted },
  { name: 'stats-no-consent', path: '/stats' },
  {
    name: 'how-to-play-modal',
    path: '/',
    cookies: accepted,
    act: async (page) => {
      await page.getByRole('button', { name: 'How to Play' }).first().click();
      await page.waitForTimeout(4000);
    },
  },
  {
    name: 'settings-modal-dark',
    path: '/',
    cookies: { ...accepted, linchpin_dark_mode: 'true' },
    act: (page) => page.getByRole('button', { name: 'Settings' }).first().click(),
  },
  { name: 'how-to-play', path: '/how-to-play', cookies: accepted },
  { name: 'create-empty', path: '/create', cookies: accepted },
  {
    name: 'create-errors',
    path: '/create',
    cookies: accepted,
    storage: {
      linchpin_puzzle_draft: record({
        ...GOOD_DRAFT,
        title: '',
        category2_word2: 'key',
        category3_word1: 'Pedal',
        category4_name: 'Largo and more',
      }),
    },
    act: (page) => page.getByRole('button', { name: 'Create link' }).click(),
  },
  {
    name: 'create-done',
    path: '/create',
    cookies: accepted,
    storage: { linchpin_puzzle_draft: record(GOOD_DRAFT) },
    act: async (page) => {
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByRole('button', { name: 'Send to the editors' }).click();
    },
  },
  { name: 'play-shared', path: `/play#${encodePuzzleLink(GOOD_DRAFT)}`, cookies: accepted },
  { name: 'share-lost', path: gameHref({ puzzleId: lostPuzzle.id }), cookies: accepted, act: lose },
  {
    name: 'share-lost-colorblind-dark',
    path: gameHref({ puzzleId: lostPuzzle.id }),
    cookies: { ...accepted, linchpin_dark_mode: 'true', linchpin_color_mode: 'colorBlind' },
    act: lose,
  },
  { name: 'play-damaged', path: '/play#1.damaged', cookies: accepted },
  { name: 'game-not-found', path: '/game?puzzleId=puzzle_99999', cookies: accepted },
  { name: 'page-not-found', path: '/no-such-page', cookies: accepted },
];

async function main() {
  const [outArg, ...only] = process.argv.slice(2);
  const out = outArg ?? 'screenshots';
  mkdirSync(out, { recursive: true });
  const server = await startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'linchpin-shots-')) });
  const BASE = server.url;
  try {
    const browser = await chromium.launch(chromiumLaunchOptions());
    for (const shot of SHOTS.filter((s) => only.length === 0 || only.includes(s.name))) {
      for (const size of SIZES) {
        const context = await browser.newContext({ viewport: size });
        if (shot.cookies) {
          await context.addCookies(
            Object.entries(shot.cookies).map(([name, value]) => ({ name, value, url: BASE })),
          );
        }
        if (shot.storage) {
          await context.addInitScript((entries) => {
            for (const [name, value] of Object.entries(entries)) localStorage.setItem(name, value);
          }, shot.storage);
        }
        const page = await context.newPage();
        await page.goto(BASE + shot.path);
        await page.waitForLoadState('networkidle');
        await shot.act?.(page);
        await page.waitForTimeout(300);
        const file = join(out, `${shot.name}-${size.name}.png`);
        await page.screenshot({ path: file, fullPage: !shot.firstScreen });
        console.log(file);
        await context.close();
      }
    }
    await browser.close();
  } finally {
    await server.stop();
  }
}

await main();
