import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import {
  acceptCookies,
  expectNoViolations,
  loseGame,
  puzzleDated,
  setClock,
  winGame,
} from './support';

/**
 * "Today's crowd" (core/crowd.ts): one anonymous result per finished catalogue game, only with
 * consent, and the panel of everyone's figures on the finished board. Each test plays a day of its
 * own, so the server's per-puzzle figures (kept 60 s) are not shared between tests.
 */
const run = promisify(execFile);

/** Every request the page makes to the results API. */
function resultRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/results')) seen.push(request);
  });
  return seen;
}
/**
 * No request to the results API within 2 s of the board's end (with consent, the panel asks for
 * the figures within a few hundred ms of it: the test below).
 */
async function expectNoResultsRequest(page: Page) {
  const asked = await page
    .waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/results'), { timeout: 2_000 })
    .then(
      () => true,
      () => false,
    );
  expect(asked).toBe(false);
}
const posts = (requests: readonly Request[]) => requests.filter((r) => r.method() === 'POST');

async function seed(request: APIRequestContext, puzzleId: string, count: number) {
  for (let n = 0; n < count; n += 1) {
    const won = n % 5 !== 4;
    const response = await request.post('/api/results', {
      data: won
        ? {
            puzzleId,
            mode: n % 3 === 0 ? 'easy' : 'normal',
            won,
            tries: 2 + (n % 3),
            wrongTries: Array.from({ length: 1 + (n % 3) }, () => [0, 1]),
            browserId: randomUUID(),
          }
        : {
            puzzleId,
            mode: 'normal',
            won,
            tries: 6,
            wrongTries: [[], [], [], [], [], []],
            browserId: randomUUID(),
          },
    });
    expect(response.status()).toBe(201);
  }
}

test('without consent nothing is sent: no result, no id, and the game ends as ever', async ({
  page,
}) => {
  // A lost game is six tries of clicks: slow on a busy machine.
  test.slow();
  await setClock(page, '2026-11-10T12:00:00Z');
  const requests = resultRequests(page);
  await winGame(page, '2026-11-10');
  await expect(page.getByRole('heading', { name: 'Solved!' })).toBeVisible();
  // No request at all, not even for the figures: no panel without consent.
  await expectNoResultsRequest(page);
  await expect(page.getByRole('region', { name: "Today's crowd" })).toHaveCount(0);
  expect(requests.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('linchpin_')),
  );
  expect(stored).toEqual([]);

  // Rejected: the same.
  await page.goto('/');
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
  await page.goto('/game?puzzleId=puzzle_41&mode=play');
  await loseGame(page, puzzleDated('2026-11-09'));
  await expectNoResultsRequest(page);
  await expect(page.getByRole('region', { name: /^The crowd of/ })).toHaveCount(0);
  expect(requests.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
});

test('with consent a finished game sends one result; a reload sends nothing more', async ({
  page,
}) => {
  // A lost game is six tries of clicks: slow on a busy machine.
  test.slow();
  await setClock(page, '2026-11-11T12:00:00Z');
  await acceptCookies(page);
  const requests = resultRequests(page);
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/results') && response.request().method() === 'POST',
  );
  const puzzle = puzzleDated('2026-11-11');
  await page.goto('/game');
  await loseGame(page, puzzle);
  const response = await answered;
  expect(response.status()).toBe(201);
  const body = response.request().postDataJSON() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(
    ['browserId', 'mode', 'puzzleId', 'tries', 'won', 'wrongTries'].sort(),
  );
  expect(body).toMatchObject({ puzzleId: puzzle.id, mode: 'normal', won: false, tries: 6 });
  expect(body.wrongTries).toHaveLength(6);
  const id = await page.evaluate(() => localStorage.getItem('linchpin_crowd_id'));
  expect(id).toContain(String(body.browserId));
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('linchpin_crowd_pending')))
    .toBeNull();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Out of tries' })).toBeVisible();
  await expect(page.getByRole('region', { name: "Today's crowd" })).toBeVisible();
  await page.waitForTimeout(500);
  expect(posts(requests)).toHaveLength(1);
});

test('with 20 and more results the panel shows the crowd; the owner sees the same figures', async ({
  page,
  request,
}) => {
  test.slow();
  const date = '2026-11-12';
  const puzzle = puzzleDated(date);
  await seed(request, puzzle.id, 24);
  await setClock(page, `${date}T12:00:00Z`);
  await acceptCookies(page);
  await winGame(page, date);

  const panel = page.getByRole('region', { name: "Today's crowd" });
  await expect(panel).toContainText('25 players finished this puzzle.');
  await expect(panel).toContainText('21 of them (84%) solved it, in 2.9 tries on average.');
  const bars = panel.getByRole('list', { name: 'Tries of those who solved it' });
  await expect(bars.getByRole('listitem')).toHaveCount(8);
  await expect(bars.getByRole('listitem', { name: '1 try: 1 player' })).toBeVisible();
  await expect(bars.getByRole('listitem', { name: '2 tries: 7 players' })).toBeVisible();
  await expect(panel).toContainText(
    `Found last most often: “${puzzle.categories[2]?.name}”, by 20 of the 20 solvers`,
  );
  // The Share button stays in reach above it.
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expectNoViolations(page, 'finished board with the crowd');

  const owner = await run('npx', ['tsx', 'cli/owner.ts', 'puzzle-stats', '--json'], {
    env: { ...process.env, DATA_DIR: process.env.LINCHPIN_E2E_DATA_DIR },
  });
  const stats = JSON.parse(owner.stdout) as { id: string }[];
  expect(stats.find((item) => item.id === puzzle.id)).toMatchObject({
    id: puzzle.id,
    date,
    difficulty: puzzle.difficulty,
    players: 25,
    solveRate: { all: 84 },
    averageTries: 2.9,
    foundLastMostOften: { category: puzzle.categories[2]?.name, count: 20, of: 20 },
  });
});

test('with fewer than 20 results the panel says so instead of figures', async ({
  page,
  request,
}) => {
  const date = '2026-11-13';
  await seed(request, puzzleDated(date).id, 3);
  await setClock(page, `${date}T12:00:00Z`);
  await acceptCookies(page);
  await winGame(page, date);
  const panel = page.getByRole('region', { name: "Today's crowd" });
  await expect(panel).toContainText('Too few results so far to say how everyone did');
  await expect(panel.getByRole('list')).toHaveCount(0);
});

test('with the server unreachable the game ends normally, and the result goes on the next visit', async ({
  page,
}) => {
  const date = '2026-11-14';
  await setClock(page, `${date}T12:00:00Z`);
  await acceptCookies(page);
  await page.route('**/api/results**', (route) => route.abort('connectionrefused'));
  await winGame(page, date);
  await expect(page.getByRole('heading', { name: 'Solved!' })).toBeVisible();
  await expect(page.getByRole('region', { name: "Today's crowd" })).toContainText(
    "The crowd's figures are unavailable right now.",
  );
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('linchpin_crowd_pending')))
    .toContain(puzzleDated(date).id);

  await page.unroute('**/api/results**');
  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/api/results') && response.request().method() === 'POST',
  );
  await page.goto('/');
  expect((await sent).status()).toBe(201);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('linchpin_crowd_pending')))
    .toBeNull();
});

test('on a static host with no server the panel does not appear', async ({ page }) => {
  await setClock(page, '2026-11-08T12:00:00Z');
  await acceptCookies(page);
  const asked = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/api/results/'),
  );
  await page.route('**/api/results/**', (route) =>
    route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>Not found</h1>' }),
  );
  await winGame(page, '2026-11-08');
  await expect(page.getByRole('heading', { name: 'Solved!' })).toBeVisible();
  // The panel asked, and took the static host's page for "no server".
  await asked;
  await expect(page.locator('.crowd')).toHaveCount(0);
});
