import { expect, test } from '@playwright/test';
import { archivePuzzle, setClock } from './support';

/**
 * Nothing on the page jumps while it loads (Cumulative Layout Shift): a player who reaches for a
 * button as the page arrives hits the button they aimed at. The browser reports every shift.
 */
const TODAY = '2026-11-20';
const ROUTES = [
  '/',
  '/game',
  `/game?puzzleId=${archivePuzzle(TODAY).id}&mode=solution`,
  '/archive',
  '/stats',
];

test.use({ viewport: { width: 390, height: 844 } });

for (const route of ROUTES) {
  test(`${route} loads without layout shifts`, async ({ page }) => {
    await setClock(page, `${TODAY}T12:00:00Z`);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(route);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: number[] }).__shifts,
    );
    const total = shifts.reduce((sum, value) => sum + value, 0);
    expect(total, `layout shifts: ${shifts.join(', ') || 'none'}`).toBeLessThanOrEqual(0.01);
  });
}
