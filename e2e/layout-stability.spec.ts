import { expect, test } from '@playwright/test';
import { type Page } from '@playwright/test';
import { archivePuzzle, puzzleDated } from './support';

/**
 * Nothing on the page jumps while it loads (Cumulative Layout Shift): a player who reaches for a
 * button as the page arrives hits the button they aimed at. The browser reports every shift.
 */
// The browser keeps its own clock, which is the server's: each page is hydrated, not re-rendered.
const TODAY = new Date().toISOString().slice(0, 10);
const ROUTES = [
  '/',
  '/game',
  `/game?puzzleId=${archivePuzzle(TODAY).id}&mode=solution`,
  '/archive',
  '/stats',
];

test.use({ viewport: { width: 390, height: 844 } });

/** What a returning player has stored: consent, today's daily finished, an archive game under way. */
async function storeRecords(page: Page, baseURL: string) {
  const daily = puzzleDated(TODAY);
  await page.context().addCookies([
    { name: 'linchpin_cookie_consent', value: 'accepted', url: baseURL },
    {
      name: 'linchpin_daily_puzzle',
      value: encodeURIComponent(
        JSON.stringify({ completed: true, won: true, date: TODAY, score: 4, attempts: 3 }),
      ),
      url: baseURL,
    },
  ]);
  const record = (value: unknown) => JSON.stringify({ expires: '2099-01-01', value });
  await page.addInitScript(
    ([completion, history]) => {
      localStorage.setItem('linchpin_puzzleCompleted_' + completion.date, completion.text);
      localStorage.setItem('linchpin_completedPuzzles', history);
    },
    [
      {
        date: daily.date,
        text: record({
          completed: true,
          won: true,
          date: daily.date,
          puzzleId: daily.id,
          score: 4,
          attempts: 3,
        }),
      },
      record([{ date: TODAY, id: daily.id, attempts: 3, won: true }]),
    ] as const,
  );
}

for (const [route, stored] of ROUTES.flatMap(
  (r) =>
    [
      [r, false],
      [r, true],
    ] as const,
)) {
  test(`${route} loads without layout shifts${stored ? ', with stored records' : ''}`, async ({
    page,
    baseURL,
  }) => {
    if (stored) await storeRecords(page, baseURL ?? '');
    await page.addInitScript(() => {
      // Each shift with what moved (the element, from where to where), so a failure names it.
      const shifts: { value: number; moved: string[] }[] = [];
      Object.assign(window, { __shifts: shifts });
      const nameOf = (node: Node | null) => {
        if (!(node instanceof Element)) return node?.nodeName ?? 'a node now gone';
        const classes = [...node.classList].map((c) => `.${c}`).join('');
        return `${node.tagName.toLowerCase()}${classes}`;
      };
      const box = (rect: DOMRectReadOnly) =>
        `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: {
            node: Node | null;
            previousRect: DOMRectReadOnly;
            currentRect: DOMRectReadOnly;
          }[];
        })[]) {
          shifts.push({
            value: entry.value,
            moved: (entry.sources ?? []).map(
              (source) =>
                `${nameOf(source.node)} from ${box(source.previousRect)} to ${box(source.currentRect)}`,
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(route);
    await expect(page.locator('main h1').first()).toBeVisible();
    // The subject is the whole load: the shifts are counted once every request is done.
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts,
    );
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    const described = shifts
      .map((shift) => `${shift.value.toFixed(4)} (${shift.moved.join('; ') || 'no source'})`)
      .join(', ');
    expect(total, `layout shifts: ${described || 'none'}`).toBeLessThanOrEqual(0.01);
  });
}
