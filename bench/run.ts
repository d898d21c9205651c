/**
 * `npm run bench`: builds, serves the production build the way `npm start` does, and measures what
 * a player's first visit costs on /, /game, /archive and /stats:
 *  - initial JS and CSS (every script and stylesheet fetched until the page is idle, lazy chunks and
 *    modulepreloads included, the service worker excluded), gzip level 9 and brotli, and the bytes
 *    transferred (sizes.ts);
 *  - Lighthouse (mobile preset, simulated throttling, Debian's Chromium), median of 5 runs:
 *    performance, accessibility, best practices, SEO, LCP, TBT, CLS (lighthouse.ts);
 *  - the same route's HTML with its scripts taken out, measured in the same run (its paint floor,
 *    floor.ts): the page's LCP divided by the floor's;
 *  - on /game, a game played under 4x CPU throttling: p95 of the time from a click to the next
 *    paint (Event Timing; clicks.ts), and beside it the same clicks on the page without its app
 *    (its click floor, floor.ts).
 * Each figure is compared with its budget (budgets.ts); exits 1 when one is missed. Results:
 * reports/bench.json.
 *
 *   npm run bench [-- --runs 3 --skip-build]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium';
import { REPO_ROOT, startServer } from '../server/testing/server-process';
import {
  checkClickToPaint,
  checkEarlyTap,
  checkRoute,
  judgeBudgets,
  type BudgetCheck,
} from './budgets';
import { measureEarlyTap, type EarlyTap } from './early-tap';
import { measureClickToPaint, type ClickToPaint } from './clicks';
import { runCommand } from './command';
import { startFloorServer } from './floor';
import { measureLighthouse, type LighthouseFigures } from './lighthouse';
import { kb, measureSizes, type RouteSizes } from './sizes';

const ROUTES = ['/', '/game', '/archive', '/stats'] as const;

/** reports/bench.json. */
interface BenchReport {
  date: string;
  routes: Record<
    string,
    { transfer: RouteSizes; lighthouse: LighthouseFigures; floor: LighthouseFigures }
  >;
  clickToPaint?: ClickToPaint;
  /** The same clicks on the page without its app (bench/floor.ts): the machine's share. */
  clickFloor?: ClickToPaint;
  earlyTap?: Record<string, EarlyTap>;
  budgets?: BudgetCheck[];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      'skip-build': { type: 'boolean' },
      // Sizes only, in seconds: no Lighthouse, no click-to-paint (budgets then unchecked).
      'sizes-only': { type: 'boolean' },
      // Only the click-to-paint measure on /game (its budget checked), in about a minute.
      'clicks-only': { type: 'boolean' },
      // Only paint to ready and the early tap on the phone profile (their budgets checked).
      'taps-only': { type: 'boolean' },
    },
  });
  const runs = Number(values.runs);
  if (!values['skip-build']) await runCommand('npm', ['run', 'build']);
  const work = mkdtempSync(join(tmpdir(), 'linchpin-bench-'));
  const server = await startServer({ DATA_DIR: join(work, 'data'), LOG_LEVEL: 'error' });
  const floors = await startFloorServer(server.url, join(REPO_ROOT, 'dist'));
  const results: BenchReport = { date: new Date().toISOString(), routes: {} };
  const checks: BudgetCheck[] = [];
  try {
    const browser = await chromium.launch(chromiumLaunchOptions());
    const only = values['clicks-only'] || values['taps-only'];
    for (const route of only ? [] : ROUTES) {
      const url = server.url + route;
      const transfer = await measureSizes(browser, url);
      if (values['sizes-only']) {
        console.log(
          `${route}: JS ${kb(transfer.jsGzip)} KB gzip / ${kb(transfer.jsBrotli)} KB brotli; CSS ${kb(transfer.cssGzip)} KB gzip; transferred ${kb(transfer.transferred)} KB\n` +
            transfer.scripts.map((s) => `    ${kb(s.gzip)} KB ${s.path}`).join('\n'),
        );
        continue;
      }
      const lh = await measureLighthouse(url, runs, work);
      const floor = await measureLighthouse(floors.urlOf(route), runs, work);
      results.routes[route] = { transfer, lighthouse: lh, floor };
      console.log(
        `\n${route}\n  JS ${kb(transfer.jsGzip)} KB gzip / ${kb(transfer.jsBrotli)} KB brotli; CSS ${kb(transfer.cssGzip)} KB gzip / ${kb(transfer.cssBrotli)} KB brotli; transferred ${kb(transfer.transferred)} KB\n` +
          `  Lighthouse (median of ${runs}; benchmarkIndex ${lh.benchmarkIndex}): performance ${lh.performance}, accessibility ${lh.accessibility}, best practices ${lh.bestPractices}, SEO ${lh.seo}; LCP ${lh.lcpS} s, TBT ${lh.tbtMs} ms, CLS ${lh.cls}\n` +
          `  paint floor (the same HTML, no scripts): LCP ${floor.lcpS} s`,
      );
      checks.push(...checkRoute(route, transfer, lh, floor));
    }
    if (values['sizes-only']) {
      await browser.close();
      return 0;
    }
    if (!values['taps-only']) {
      const paint = await measureClickToPaint(browser, `${server.url}/game`);
      const floor = await measureClickToPaint(browser, floors.clickFloorUrl, {
        acceptCookies: false,
      });
      results.clickToPaint = paint;
      results.clickFloor = floor;
      console.log(
        `\n/game click-to-paint under 4x CPU throttling: p95 ${paint.p95} ms over ${paint.clicks} clicks\n` +
          `  click floor (the same page, plain DOM code making each click's changes): p95 ${floor.p95} ms`,
      );
      checks.push(checkClickToPaint(paint));
    }
    if (!values['clicks-only']) {
      results.earlyTap = {};
      for (const route of ['/', '/game', '/archive']) {
        const tap = await measureEarlyTap(browser, server.url + route, route, runs);
        results.earlyTap[route] = tap;
        console.log(
          `\n${route} on the phone profile (median of ${runs}): paint to ready ${tap.paintToReadyMs} ms; a tap 100 ms after the first paint shows its effect after ${tap.tapToEffectMs} ms; lost ${tap.lost}`,
        );
        checks.push(...checkEarlyTap(route, tap));
      }
    }
    await browser.close();
  } finally {
    await floors.stop();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  const verdict = judgeBudgets(checks);
  for (const line of verdict.lines) console.log(line);
  results.budgets = checks;
  mkdirSync(join(REPO_ROOT, 'reports'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'reports', 'bench.json'), JSON.stringify(results, null, 2));
  console.log(`\n${verdict.summary} Results: reports/bench.json`);
  return verdict.exitCode;
}

process.exit(await main());
