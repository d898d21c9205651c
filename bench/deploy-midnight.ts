/**
 * The midnight handover through the cache, part of `npm run bench:deploy`: the reference stack
 * (deploy/) with the servers' clock moved by faketime to a few seconds before the next UTC
 * midnight (Varnish and nginx keep the machine's clock: the cache counts s-maxage itself).
 *
 * - Through the cache, /, /game and /puzzles/index.json are asked every 100 ms from 8 s before
 *   midnight to 5 s after it. Met when no answer received before midnight shows the next day's
 *   puzzle, and every answer to a request sent 2 s or more after midnight shows it.
 * - A player's page opened through the cache before midnight (Chromium, its clock set to the
 *   servers') shows the next day's puzzle after midnight as it does without a cache.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { utcDate } from '../core/dates';
import { chromiumLaunchOptions } from '../scripts/chromium';
import { REPO_ROOT, startStack, stopStack, type StackState } from '../deploy/stack';

export const HANDOVER_GOAL_MS = 2000;
const BEFORE_MS = 8000;
const AFTER_MS = 5000;
/** Time the stack is given to start before the servers' clock reaches BEFORE_MS before midnight. */
const START_ALLOWANCE_MS = 60_000;
const PATHS = ['/', '/game', '/puzzles/index.json'];

interface CataloguePuzzle {
  id: string;
  date: string;
  title: string;
  number: number;
}

/** The catalogue's puzzle of a UTC date. */
export function puzzleOn(date: string): CataloguePuzzle {
  const dir = join(REPO_ROOT, 'puzzles');
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.json'))) {
    const puzzle = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
      id: string;
      date: string;
      title: string;
    };
    if (puzzle.date === date) return { ...puzzle, number: Number(puzzle.id.replace(/\D/g, '')) };
  }
  throw new Error(`the catalogue has no puzzle dated ${date}`);
}

/** Which day's puzzle an answer shows: its number on a page, the latest date in index.json. */
function dayShown(path: string, body: string, today: CataloguePuzzle, tomorrow: CataloguePuzzle) {
  if (path.endsWith('.json')) {
    const dates = (JSON.parse(body) as { date: string }[]).map((entry) => entry.date).sort();
    const last = dates.at(-1);
    return last === tomorrow.date ? 'tomorrow' : last === today.date ? 'today' : 'other';
  }
  const number = Number(/(?:Puzzle|Linchpin) #(\d+)/.exec(body)?.[1]);
  return number === tomorrow.number ? 'tomorrow' : number === today.number ? 'today' : 'other';
}

interface Sample {
  path: string;
  sentMs: number;
  receivedMs: number;
  shows: string;
  cache: string;
}

async function poll(
  stack: StackState,
  clock: () => number,
  midnight: number,
  today: CataloguePuzzle,
  tomorrow: CataloguePuzzle,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  while (clock() < midnight + AFTER_MS) {
    const round = PATHS.map(async (path) => {
      const sentMs = clock() - midnight;
      const response = await fetch(`${stack.url}${path}`, {
        headers: { cookie: 'linchpin_consent=accepted; linchpin_crowd=midnight-player' },
      });
      const body = await response.text();
      samples.push({
        path,
        sentMs,
        receivedMs: clock() - midnight,
        shows: response.ok ? dayShown(path, body, today, tomorrow) : `status ${response.status}`,
        cache: response.headers.get('x-cache') ?? '',
      });
    });
    await Promise.all([...round, new Promise((done) => setTimeout(done, 100))]);
  }
  return samples;
}

/** Opens / at `site` before midnight and waits for the next day's puzzle after it. */
async function playerRollsOver(
  site: string,
  clock: () => number,
  midnight: number,
  today: CataloguePuzzle,
  tomorrow: CataloguePuzzle,
): Promise<{ ok: boolean; note: string }> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const seen: string[] = [];
  try {
    const page = await browser.newPage();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/puzzles/') || path.startsWith('/api/'))
        seen.push(
          `${((clock() - midnight) / 1000).toFixed(1)} s ${path} ${response.status()} ${response.headers()['x-cache'] ?? ''}`,
        );
    });
    await page.clock.install({ time: new Date(clock()) });
    await page.goto(`${site}/`);
    await page.getByRole('heading', { name: today.title }).waitFor({ timeout: 15_000 });
    const left = midnight - clock();
    if (left < 0) return { ok: false, note: 'the page opened after midnight' };
    await page.getByRole('heading', { name: tomorrow.title }).waitFor({ timeout: left + 15_000 });
    return {
      ok: true,
      note: `"${tomorrow.title}" shown ${((clock() - midnight) / 1000).toFixed(1)} s after midnight; its requests: ${seen.join('; ')}`,
    };
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
    return { ok: false, note: `${reason}; its requests: ${seen.join('; ')}` };
  } finally {
    await browser.close();
  }
}

export async function runMidnightHandover(options: { base: number }): Promise<boolean> {
  const now = Date.now();
  const midnight = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate() + 1,
  );
  // The servers' clock: BEFORE_MS before midnight once START_ALLOWANCE_MS have passed.
  const offsetS = Math.round((midnight - BEFORE_MS - (now + START_ALLOWANCE_MS)) / 1000);
  const clock = () => Date.now() + offsetS * 1000;
  const today = puzzleOn(utcDate(midnight - 1));
  const tomorrow = puzzleOn(utcDate(midnight));
  console.log(
    `\n3. The midnight handover through the cache: the servers' clock (libfaketime, ${offsetS > 0 ? '+' : ''}${offsetS} s) reaches ${utcDate(midnight)} 00:00:00 UTC in ${((midnight - clock()) / 1000).toFixed(0)} s; today's puzzle #${today.number}, the next #${tomorrow.number} …`,
  );
  const stack = await startStack({
    base: options.base,
    freshDatabase: true,
    serverClockOffsetS: offsetS,
    log: () => {},
  });
  try {
    const lead = midnight - clock();
    if (lead < BEFORE_MS) {
      console.log(`   MISSED: the stack took too long to start (${lead} ms before midnight)`);
      return false;
    }
    // Before the polling starts, the cache holds today's pages (as on any busy evening).
    for (const path of PATHS) await (await fetch(`${stack.url}${path}`)).arrayBuffer();
    // The same page through the cache and straight from one server: the cache must change nothing.
    const players = [stack.url, stack.serverUrls[0] ?? ''].map((site) =>
      playerRollsOver(site, clock, midnight, today, tomorrow),
    );
    await new Promise((done) => setTimeout(done, Math.max(0, midnight - BEFORE_MS - clock())));
    const samples = await poll(stack, clock, midnight, today, tomorrow);
    const [rolled, direct] = await Promise.all(players);

    const early = samples.filter((s) => s.receivedMs < 0 && s.shows === 'tomorrow');
    const late = samples.filter((s) => s.sentMs >= HANDOVER_GOAL_MS && s.shows !== 'tomorrow');
    const odd = samples.filter((s) => s.shows !== 'today' && s.shows !== 'tomorrow');
    for (const path of PATHS) {
      const first = samples.find((s) => s.path === path && s.shows === 'tomorrow');
      const lastOld = samples.filter((s) => s.path === path && s.shows === 'today').at(-1);
      console.log(
        `   ${path.padEnd(20)} first next-day answer sent ${first ? `${(first.sentMs / 1000).toFixed(2)} s` : 'never'} after midnight (${first?.cache ?? '-'}); last of today's sent ${lastOld ? `${(lastOld.sentMs / 1000).toFixed(2)} s` : '-'}`,
      );
    }
    console.log(
      `   ${samples.length} answers; next day's puzzle before midnight: ${early.length}; today's still ${HANDOVER_GOAL_MS / 1000} s after midnight: ${late.length}; other: ${odd.length}`,
    );
    for (const [where, result] of [
      ['through the cache', rolled],
      ['straight from a server, no cache', direct],
    ] as const) {
      console.log(
        `   a player's open page ${where}: ${result?.ok ? 'rolled over' : 'did NOT roll over'}: ${result?.note ?? ''}`,
      );
    }
    const met = early.length === 0 && late.length === 0 && odd.length === 0 && rolled?.ok === true;
    console.log(
      `   ${met ? 'met' : 'MISSED'}: the new day's page and puzzle file within ${HANDOVER_GOAL_MS / 1000} s, never before midnight, the open page rolls over`,
    );
    return met;
  } finally {
    await stopStack(stack, () => {});
  }
}
