import { expect, test } from '@playwright/test';
import { ROUTES } from '../core/routes';
import { archivePuzzle, hydrated, setClock } from './support';

const TODAY = '2026-11-20';
const older = archivePuzzle(TODAY);

// 320 CSS px is a small phone, and also what a 640 px window shows at 200% zoom.
const PATHS = [
  ...Object.values(ROUTES),
  `/game?puzzleId=${older.id}&mode=solution`,
  '/no-such-page',
];

test.use({ viewport: { width: 320, height: 640 } });

test.beforeEach(async ({ page }) => {
  await setClock(page, `${TODAY}T12:00:00Z`);
});

for (const path of PATHS) {
  test(`${path} does not scroll sideways at 320 px`, async ({ page }) => {
    await page.goto(path);
    // Measured on the page as it stands once loaded: the browser's day is not the server's, so the
    // app draws the page of its own day in place of the server's, and that is the page measured.
    await hydrated(page);
    await expect(page.locator('h1').first()).toBeVisible();
    // The first-visit cookie banner is showing too.
    await expect(page.getByRole('region', { name: 'Cookies on Linchpin' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(320);
    // Nor does anything stick out past the right edge (clipped, or drawn over its neighbours),
    // but inside a box that scrolls on its own (a data table may, as WCAG's reflow rule allows),
    // or inside text for screen readers only (`.visually-hidden`: clipped to nothing, never drawn).
    const outside = await page.evaluate(() =>
      [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          if (box.width <= 1 || box.right <= document.documentElement.clientWidth + 0.5)
            return false;
          for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
            const style = getComputedStyle(up);
            if (['auto', 'scroll'].includes(style.overflowX)) return false;
            if (style.clip === 'rect(0px, 0px, 0px, 0px)') return false;
          }
          return true;
        })
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    );
    expect(outside).toEqual([]);
  });
}
