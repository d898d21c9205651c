import { devices, type Browser, type Page } from '@playwright/test';
import { median } from './stats';

/**
 * The inert window on a phone: Lighthouse's mobile profile (390x844, touch, 4x CPU slowdown on a
 * machine of benchmarkIndex 2,000 — the bench's calibrated slowdown, bench/calibration.ts — 150 ms
 * round trip, 1.6 Mbps down) emulated in Chromium. Per route, each over `runs` fresh visits:
 *  - paint to ready: from the first contentful paint to `<html data-ready>` (the app hydrated and
 *    holding the player's data);
 *  - early tap: a tap on the route's main control 100 ms after the first paint, and the time until
 *    its effect shows (/game: a colour circle then a word, until the word is in the group; /: Play
 *    Today's Puzzle, until the board is shown; /archive: a Play button, the same). A tap whose
 *    effect never shows is lost.
 */
export interface EarlyTap {
  /** Median ms from first contentful paint to ready. */
  paintToReadyMs: number;
  /** Median ms from the tap to its visible effect. */
  tapToEffectMs: number;
  /** Taps whose effect never showed. */
  lost: number;
  runs: number;
}

const EFFECT_TIMEOUT_MS = 20_000;

/** Taps the route's main control and waits for its effect; false when it never shows. */
async function tapAndWait(page: Page, route: string): Promise<boolean> {
  const wait = { timeout: EFFECT_TIMEOUT_MS };
  try {
    if (route === '/game') {
      const word = page.getByRole('group', { name: 'Words' }).getByRole('button').first();
      const name = (await word.getAttribute('aria-label')) ?? '';
      await page.getByRole('button', { name: 'Category 1', exact: true }).tap();
      await word.tap();
      await page.getByRole('button', { name: `${name}, in group 1`, exact: true }).waitFor(wait);
    } else {
      const control =
        route === '/'
          ? page.getByRole('link', { name: "Play Today's Puzzle" })
          : page.getByRole('link', { name: /^Play/ }).first();
      await control.tap();
      await page.waitForURL(/\/game/, wait);
      await page.getByRole('group', { name: 'Words' }).waitFor(wait);
    }
    return true;
  } catch {
    return false;
  }
}

interface Marks {
  fcp: number;
  ready: number;
}

/** A fresh visit on the phone profile, with the first contentful paint and ready marked in the page. */
async function openOnPhone(browser: Browser, url: string, slowdown: number) {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const marks = { fcp: 0, ready: 0 };
    Object.assign(window, { __marks: marks });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    // The document, not <html>: an init script runs before <html> exists.
    new MutationObserver(() => {
      if (!marks.ready && document.documentElement.dataset.ready) marks.ready = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await page.goto(url, { waitUntil: 'commit' });
  const marks = () => page.evaluate(() => (window as unknown as { __marks: Marks }).__marks);
  const until = (what: keyof Marks) =>
    page.waitForFunction((key) => (window as unknown as { __marks?: Marks }).__marks?.[key], what, {
      timeout: EFFECT_TIMEOUT_MS,
    });
  return { context, page, marks, until };
}

export async function measureEarlyTap(
  browser: Browser,
  url: string,
  route: string,
  runs: number,
  slowdown: number,
): Promise<EarlyTap> {
  const paintToReady: number[] = [];
  const tapToEffect: number[] = [];
  let lost = 0;
  for (let run = 0; run < runs; run++) {
    // Untouched: from the first paint to ready.
    const quiet = await openOnPhone(browser, url, slowdown);
    await quiet.until('ready');
    const { fcp, ready } = await quiet.marks();
    paintToReady.push(ready - fcp);
    await quiet.context.close();
    // A tap 100 ms after the first paint, and the time until its effect shows.
    const visit = await openOnPhone(browser, url, slowdown);
    await visit.until('fcp');
    await visit.page.waitForTimeout(100);
    const tapped = Date.now();
    if (await tapAndWait(visit.page, route)) tapToEffect.push(Date.now() - tapped);
    else lost++;
    await visit.context.close();
  }
  return {
    paintToReadyMs: Math.round(median(paintToReady)),
    tapToEffectMs: Math.round(median(tapToEffect)),
    lost,
    runs,
  };
}
