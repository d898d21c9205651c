/**
 * Renders the app icons from public/favicon.svg with Debian's Chromium, so no image library is
 * needed: `npx tsx scripts/make-icons.ts`. The PNGs (and favicon.ico) are committed in public/;
 * run this again after changing the SVG.
 *
 * - icon-192.png, icon-512.png: the SVG as drawn (rounded square, transparent corners).
 * - icon-maskable-512.png: full-bleed square, the mark shrunk into the maskable safe zone (the
 *   centre circle of 80% diameter), since platforms crop it to their own shape.
 * - apple-touch-icon.png (180): full-bleed square, no transparency (iOS rounds the corners itself
 *   and shows transparent pixels as black).
 * - favicon.ico: a 32 px PNG inside an ICO wrapper, for browsers that ignore SVG favicons.
 */
import { chromiumLaunchOptions } from './chromium';
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PUBLIC = join(import.meta.dirname, '..', 'public');

/** The favicon split into its background square and the mark drawn on it. */
function readFavicon(): { viewBox: string; fill: string; mark: string; svg: string } {
  const svg = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8').trim();
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
  const background = /<rect\b[^>]*\bfill="([^"]+)"[^>]*\/>/.exec(svg);
  if (!viewBox || !background?.[1]) throw new Error('favicon.svg: expected a viewBox and a <rect>');
  const body = svg.replace(/^<svg\b[^>]*>/, '').replace(/<\/svg>$/, '');
  return { viewBox, fill: background[1], mark: body.replace(background[0], ''), svg };
}

/** A full-bleed square of the background colour with the mark scaled about the centre. */
function fullBleed(scale: number): string {
  const { viewBox, fill, mark } = readFavicon();
  const [x = 0, y = 0, width = 64, height = 64] = viewBox.split(/\s+/).map(Number);
  const cx = x + width / 2;
  const cy = y + height / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">` +
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${fill}"/>` +
    `<g transform="translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})">${mark}</g>` +
    `</svg>`
  );
}

interface IconJob {
  file: string;
  size: number;
  svg: string;
}

function jobs(): IconJob[] {
  const { svg } = readFavicon();
  return [
    { file: 'icon-192.png', size: 192, svg },
    { file: 'icon-512.png', size: 512, svg },
    // The mark reaches 78% of the half-width from the centre; at 0.8 it sits well inside 80%.
    { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.8) },
    { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(1) },
  ];
}

/** An ICO file holding one PNG image (allowed since Windows Vista; every current browser reads it). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(header.length, 18); // image offset
  return Buffer.concat([header, png]);
}

async function main(): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    const render = async (svg: string, size: number): Promise<Buffer> => {
      await page.setViewportSize({ width: size, height: size });
      const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      await page.setContent(
        `<!doctype html><style>html,body{margin:0;background:transparent}img{display:block}</style>` +
          `<img src="${src}" width="${size}" height="${size}" alt="">`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      return page.screenshot({
        omitBackground: true,
        clip: { x: 0, y: 0, width: size, height: size },
      });
    };
    for (const { file, size, svg } of jobs()) {
      const png = await render(svg, size);
      writeFileSync(join(PUBLIC, file), png);
      console.log(`public/${file}: ${size}x${size}, ${png.length} bytes`);
    }
    const ico = icoFromPng(await render(readFavicon().svg, 32), 32);
    writeFileSync(join(PUBLIC, 'favicon.ico'), ico);
    console.log(`public/favicon.ico: 32x32, ${ico.length} bytes`);
  } finally {
    await browser.close();
  }
}

await main();
