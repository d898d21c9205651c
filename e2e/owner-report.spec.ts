import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, startServer, type ServerProcess } from '../server/testing/server-process';

/**
 * `npm run owner -- report <file.html>` (cli/owner/report.ts) on a database a real server filled
 * with players' results: the page opens in Chromium from the disk with no console error and no
 * request, every chart is drawn and has a text alternative, and its figures are puzzle-stats'.
 */
interface Summary {
  id: string;
  date: string;
  difficulty: 'easy' | 'normal' | 'hard';
}
interface Stats {
  id: string;
  date: string | null;
  players: number;
  solveRate: { all: number };
  averageTries: number | null;
  labelMismatch: string | null;
}

let folder: string;
let server: ServerProcess;
let puzzles: Summary[];

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  folder = mkdtempSync(join(tmpdir(), 'linchpin-report-'));
  server = await startServer({
    DATA_DIR: join(folder, 'data'),
    RESULTS_RATE_LIMIT_MAX: '100000',
    RESULTS_PER_ADDRESS: '100000',
  });
  const index = (await (await fetch(`${server.url}/puzzles/index.json`)).json()) as Summary[];
  // The three latest out: today's first (the catalogue's order is not the dates').
  puzzles = [...index].sort((a, b) => b.date.localeCompare(a.date)).slice(0, 3);
  let browser = 0;
  const post = async (puzzle: Summary, result: object) => {
    browser += 1;
    const response = await fetch(`${server.url}/api/results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        puzzleId: puzzle.id,
        mode: 'normal',
        browserId: `00000000-0000-4000-8000-${String(browser).padStart(12, '0')}`,
        ...result,
      }),
    });
    expect(response.status).toBe(201);
  };
  const won = { won: true, tries: 3, wrongTries: [[0], [0, 2]] };
  const wonAtOnce = { won: true, tries: 1, wrongTries: [] };
  const lost = { won: false, tries: 6, wrongTries: [[1], [1], [], [1, 3], [], [3]] };
  const [today, yesterday, before] = puzzles;
  if (!today || !yesterday || !before)
    throw new Error('the catalogue has fewer than 3 puzzles out');
  // Today's: 25 results that disagree with its label (an easy one all lost, another all won at once).
  for (let n = 0; n < 25; n += 1) await post(today, today.difficulty === 'easy' ? lost : wonAtOnce);
  // Yesterday's: 22 results, half solved in 3 tries, half lost.
  for (let n = 0; n < 22; n += 1) await post(yesterday, n % 2 ? won : lost);
  // The day before's: too few to check its label.
  for (let n = 0; n < 5; n += 1) await post(before, won);
  for (const message of ['One', 'Two']) {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message }),
    });
    expect(response.status).toBe(201);
  }
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** The owner's tool, as `npm run owner -- …` runs it, on the running server's data folder. */
function owner(...args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'cli/owner.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: join(folder, 'data'), DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

test("the owner's report opens offline, draws every chart with a text alternative, and says what puzzle-stats says", async ({
  page,
}) => {
  const file = join(folder, 'report.html');
  expect(owner('report', '--days', '14', file)).toContain('Wrote');
  const stats = JSON.parse(owner('puzzle-stats', '--json')) as Stats[];

  const url = pathToFileURL(file).href;
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Linchpin: the owner's report");

  // Four charts, each drawn, each an image with a name and a table of its figures.
  const charts = page.getByRole('img');
  await expect(charts).toHaveCount(4);
  for (const chart of await charts.all()) {
    expect((await chart.getAttribute('aria-label'))?.length).toBeGreaterThan(20);
    const painted = await chart.evaluate((canvas) => {
      const element = canvas as HTMLCanvasElement;
      const pixels = element
        .getContext('2d')
        ?.getImageData(0, 0, element.width, element.height).data;
      return pixels ? pixels.filter((value, index) => index % 4 === 3 && value > 0).length : 0;
    });
    expect(painted).toBeGreaterThan(1000);
  }
  await expect(page.getByRole('table')).toHaveCount(4);
  expect(requests).toEqual([url]);
  expect(problems).toEqual([]);

  // Each puzzle's row holds puzzle-stats' figures.
  const puzzleTable = page.getByRole('table', { name: 'Each puzzle of these days with results' });
  await expect(puzzleTable.getByRole('row')).toHaveCount(1 + 3);
  for (const puzzle of puzzles) {
    const figures = stats.find((item) => item.id === puzzle.id);
    if (!figures) throw new Error(`puzzle-stats has no ${puzzle.id}`);
    const cells = await puzzleTable
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: puzzle.id, exact: true }) })
      .getByRole('cell')
      .allTextContents();
    expect(cells[4]).toBe(String(figures.players));
    expect(cells[5]).toBe(`${figures.solveRate.all}%`);
    expect(cells[6]).toBe(figures.averageTries === null ? '–' : figures.averageTries.toFixed(1));
    expect(cells[7]).toBe(
      figures.labelMismatch === null ? 'agrees (or too few results)' : `⚠ ${figures.labelMismatch}`,
    );
  }
  // Today's label is the one the crowd disagrees with.
  expect(stats.find((item) => item.id === puzzles[0]?.id)?.labelMismatch).not.toBeNull();

  // A day's players are its puzzle's players.
  const days = page.getByRole('table', { name: "Results counted for each day's puzzle" });
  await expect(days.getByRole('row')).toHaveCount(1 + 14);
  for (const puzzle of puzzles) {
    const row = days.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: puzzle.date, exact: true }),
    });
    await expect(row.getByRole('cell')).toHaveText([
      puzzle.id,
      String(stats.find((item) => item.id === puzzle.id)?.players),
    ]);
  }

  // Yesterday's losers missed groups 1 and 4 (the second and fourth) most; the waiting messages.
  const mistakes = page.getByRole('table', {
    name: 'Wrong tries that missed each group, most first',
  });
  await expect(mistakes.getByRole('row')).not.toHaveCount(1);
  const waiting = page.getByRole('table', { name: 'Not handled yet' });
  await expect(waiting.getByRole('row', { name: /Contact messages/ }).getByRole('cell')).toHaveText(
    '2',
  );
  await page.screenshot({ path: 'test-results/owner-report.png', fullPage: true });
});
