import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeClockEnv } from '../deploy/stack';
import { REPO_ROOT, startServer, type ServerProcess } from '../server/testing/server-process';

/**
 * A server built today and left running for months: with its clock (Debian's libfaketime) 30 and 200
 * days after the build, the real built server, with no catalogue handed to it, shows that day's
 * puzzle, serves it in its puzzle files, counts that day's crowd results and serves their figures.
 * (The static host's copy of the catalogue, dist/puzzles/, reaches only a week past the build.)
 */
const DAY_MS = 24 * 60 * 60 * 1000;

function puzzleOf(day: string): { id: string; title: string } {
  for (const file of readdirSync(join(REPO_ROOT, 'puzzles'))) {
    const puzzle = JSON.parse(readFileSync(join(REPO_ROOT, 'puzzles', file), 'utf8')) as {
      id: string;
      date: string;
      title: string;
    };
    if (puzzle.date === day) return puzzle;
  }
  throw new Error(`no puzzle dated ${day}`);
}

const result = (puzzleId: string, n: number) => ({
  puzzleId,
  mode: 'normal',
  won: true,
  tries: 1,
  wrongTries: [],
  browserId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
});

for (const daysAfter of [30, 200]) {
  test(`${daysAfter} days after the build the server still counts the day’s results`, async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const day = new Date(Date.now() + daysAfter * DAY_MS).toISOString().slice(0, 10);
    const puzzle = puzzleOf(day);
    const dataDir = mkdtempSync(join(tmpdir(), 'linchpin-long-run-'));
    let server: ServerProcess | null = null;
    try {
      // libfaketime loaded into the server itself (not the faketime wrapper, which would stand
      // between the test and the server and leave it running when stopped).
      const offsetS = (Date.parse(`${day}T12:00:00Z`) - Date.now()) / 1000;
      server = await startServer({
        DATA_DIR: dataDir,
        DIST_DIR: join(REPO_ROOT, 'dist'),
        RESULTS_RATE_LIMIT_MAX: '1000',
        ...fakeClockEnv(offsetS),
      });
      const base = server.url;

      const page = await request.get(`${base}/game`);
      expect(page.status()).toBe(200);
      expect(await page.text()).toContain(puzzle.title);
      const index = (await (await request.get(`${base}/puzzles/index.json`)).json()) as {
        id: string;
      }[];
      expect(index.map((entry) => entry.id)).toContain(puzzle.id);

      for (let n = 1; n <= 20; n += 1) {
        const posted = await request.post(`${base}/api/results`, { data: result(puzzle.id, n) });
        expect(posted.status(), await posted.text()).toBe(201);
      }
      const figures = await request.get(`${base}/api/results/${puzzle.id}`);
      expect(figures.status()).toBe(200);
      expect(await figures.json()).toMatchObject({ puzzleId: puzzle.id, players: 20 });
    } finally {
      // Stopped, and waited for: no server outlives its test.
      const pid = server?.child.pid;
      await server?.stop();
      if (pid !== undefined) expect(() => process.kill(pid, 0)).toThrow();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
