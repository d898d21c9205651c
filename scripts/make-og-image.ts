/**
 * Renders the link-preview image (Open Graph / Twitter card), 1200x630, with Debian's Chromium:
 * `npx tsx scripts/make-og-image.ts`. Writes public/og-image.png (committed); flat colours keep the
 * PNG small (the script fails above 150 KB).
 */
import { chromiumLaunchOptions } from './chromium';
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PUBLIC = join(import.meta.dirname, '..', 'public');
const OUT = join(PUBLIC, 'og-image.png');
const MAX_BYTES = 150 * 1024;
const WIDTH = 1200;
const HEIGHT = 630;
const TAGLINE = 'The daily puzzle where one word holds four groups together.';

/** Nine made-up words around one linchpin (not a catalogue puzzle, so nothing is given away). */
const WORDS = ['Piano', 'Lock', 'Board', 'Note', 'Key', 'Chain', 'Low', 'Master', 'Ring'];
const LINCHPIN = 'Key';
/** The four group colours of the game's circles, each marking a few tiles. */
const GROUP_COLOURS = ['#e4572e', '#2a9d8f', '#3a7bd5', '#e9a700'];
const TILE_GROUPS: Record<string, number[]> = {
  Piano: [0],
  Lock: [1],
  Board: [0],
  Note: [2],
  Key: [0, 1, 2, 3],
  Chain: [3],
  Low: [2],
  Master: [1],
  Ring: [3],
};

function tile(word: string): string {
  const dots = (TILE_GROUPS[word] ?? [])
    .map((group) => `<i style="background:${GROUP_COLOURS[group] ?? '#888'}"></i>`)
    .join('');
  const className = word === LINCHPIN ? 'tile linchpin' : 'tile';
  return `<div class="${className}"><span>${word}</span><b>${dots}</b></div>`;
}

function page(): string {
  const logo = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  html, body { width: ${WIDTH}px; height: ${HEIGHT}px; }
  body {
    display: flex; align-items: center; gap: 56px; padding: 0 64px 0 72px;
    background: #2d1b78; color: #fff;
    font-family: 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif;
  }
  .text { flex: 1 1 0; }
  .brand { display: flex; align-items: center; gap: 22px; }
  .brand svg { width: 108px; height: 108px; flex: none; }
  h1 { font-size: 92px; font-weight: 700; letter-spacing: -2px; line-height: 1; }
  p.tagline { margin-top: 34px; font-size: 38px; line-height: 1.25; color: #e6ddff; }
  p.more { margin-top: 30px; font-size: 26px; color: #ffd84d; font-weight: 700; }
  .board {
    flex: none; display: grid; grid-template-columns: repeat(3, 142px); gap: 14px;
    padding: 22px; border-radius: 28px; background: #f7f4ee;
  }
  .tile {
    position: relative; height: 142px; border-radius: 18px; background: #fff;
    border: 3px solid #d9d2c5; display: grid; place-items: center;
    color: #1d1a24; font-size: 27px; font-weight: 700;
  }
  .tile.linchpin { background: #ffd84d; border-color: #c9a200; }
  .tile b { position: absolute; bottom: 12px; display: flex; gap: 6px; }
  .tile i { width: 14px; height: 14px; border-radius: 50%; }
</style></head>
<body>
  <div class="text">
    <div class="brand">${logo}<h1>Linchpin</h1></div>
    <p class="tagline">${TAGLINE}</p>
    <p class="more">Nine words · four groups · one linchpin</p>
  </div>
  <div class="board">${WORDS.map(tile).join('')}</div>
</body></html>`;
}

async function main(): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const tab = await browser.newPage({
      viewport: { width: WIDTH, height: HEIGHT },
      deviceScaleFactor: 1,
    });
    await tab.setContent(page());
    const png = await tab.screenshot({ clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
    if (png.length > MAX_BYTES) {
      throw new Error(`og-image.png is ${png.length} bytes, over the ${MAX_BYTES}-byte limit`);
    }
    writeFileSync(OUT, png);
    console.log(`public/og-image.png: ${WIDTH}x${HEIGHT}, ${png.length} bytes`);
  } finally {
    await browser.close();
  }
}

await main();
