import { type Browser } from '@playwright/test';

export interface ClickToPaint {
  /** 95th percentile of the time from a click to the next paint, in ms. */
  p95: number;
  clicks: number;
  /** The slowest clicks, slowest first: their time and the control clicked. */
  slowest: { ms: number; control: string }[];
}

/**
 * Plays a game board (/game, or its click floor: bench/floor.ts) under the bench's calibrated CPU
 * throttling (bench/calibration.ts: 4x on a machine of benchmarkIndex 2,000) and reads
 * Event Timing: each click's time from input to the next paint. Chromium reports events of 16 ms
 * or more; a click with no entry took less, and counts as 16 ms (an upper bound).
 */
export async function measureClickToPaint(
  browser: Browser,
  url: string,
  { acceptCookies = true, slowdown }: { acceptCookies?: boolean; slowdown: number },
): Promise<ClickToPaint> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const durations: Record<number, { ms: number; control: string }> = {};
    Object.assign(window, { __interactions: durations });
    new PerformanceObserver((list) => {
      // interactionId groups the events of one click (not yet in TypeScript's DOM types).
      for (const entry of list.getEntries() as (PerformanceEntry & {
        interactionId?: number;
        target?: Element | null;
      })[]) {
        const id = entry.interactionId;
        if (!id) continue;
        const control =
          entry.target?.closest('button')?.getAttribute('aria-label') ??
          entry.target?.closest('button')?.textContent ??
          entry.target?.tagName ??
          '?';
        if (entry.duration >= (durations[id]?.ms ?? 0))
          durations[id] = { ms: entry.duration, control: control.trim().slice(0, 40) };
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // A player who accepted cookies (each move is then stored too); the banner, which sits over the
  // foot of the board on a phone, is gone. (The click floor has no banner.)
  if (acceptCookies) {
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Accept', exact: true }).click(),
    ]);
    await page.waitForLoadState('networkidle');
  }
  // Where each control is, found before the throttling starts: the clicks are then plain mouse
  // events at those points (page.mouse), as a player's are. A locator's click would run
  // Playwright's own checks in the page inside each click's event (its hit-target listener) and
  // count them as the app's time: ~25-40 ms of the p95 at 4x on our machine.
  const centre = async (locator: ReturnType<typeof page.locator>) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('A control of the board is not on screen');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const tiles = page.getByRole('group', { name: 'Words' }).getByRole('button');
  const tileAt = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => centre(tiles.nth(n))));
  const circleAt = await Promise.all(
    [1, 2, 3, 4].map((n) =>
      centre(page.getByRole('button', { name: `Category ${n}`, exact: true })),
    ),
  );
  const clearAt = await centre(page.getByRole('button', { name: 'Clear All' }));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  let clicks = 0;
  const click = async (at: { x: number; y: number } | undefined) => {
    if (!at) throw new Error('No such control');
    await page.mouse.click(at.x, at.y);
    clicks++;
    await page.waitForTimeout(120);
  };
  for (let round = 0; round < 2; round++) {
    for (let group = 0; group < 4; group++) {
      await click(circleAt[group]);
      for (const position of [group * 2, group * 2 + 1, 8 - group]) {
        if (position !== 4) await click(tileAt[position]);
      }
    }
    // The clicks took effect (a click that missed would measure nothing): the eight words clicked are placed.
    const placed = await tiles.evaluateAll(
      (buttons) =>
        buttons.filter((b) => /, in group/.test(b.getAttribute('aria-label') ?? '')).length,
    );
    if (placed < 8) throw new Error(`Clicks missed: ${placed} of 8 words placed`);
    await click(clearAt);
  }
  await page.waitForTimeout(500);
  const measured = await page.evaluate(() =>
    Object.values(
      (window as unknown as { __interactions: Record<number, { ms: number; control: string }> })
        .__interactions,
    ),
  );
  await context.close();
  const all = [
    ...measured.map((click) => click.ms),
    ...Array<number>(Math.max(0, clicks - measured.length)).fill(16),
  ].sort((a, b) => a - b);
  const slowest = [...measured].sort((a, b) => b.ms - a.ms).slice(0, 3);
  return { p95: all[Math.ceil(all.length * 0.95) - 1] ?? NaN, clicks, slowest };
}
