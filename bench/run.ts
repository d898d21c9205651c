/**
 * `npm run bench`: builds, serves the production build the way `npm start` does, and measures what
 * a player's first visit costs on /, /game, /archive and /stats. Every figure is taken at one
 * calibrated speed (bench/calibration.ts): before each route's batch the machine's benchmarkIndex
 * is measured and the CPU slowdown chosen so the machine runs as one of benchmarkIndex 2,000 under
 * Lighthouse's 4x (8x on a machine twice as fast); both are printed beside every figure.
 *  - initial JS and CSS (every script and stylesheet fetched until the page is idle, lazy chunks and
 *    modulepreloads included, the service worker excluded), gzip level 9 and brotli, and the bytes
 *    transferred (sizes.ts);
 *  - Lighthouse (mobile preset, simulated throttling at the calibrated CPU slowdown, Debian's
 *    Chromium), median of 5 runs: performance, accessibility, best practices, SEO, LCP, TBT, TTI,
 *    CLS (lighthouse.ts);
 *  - a performance trace of the first visit at the calibrated slowdown, saved in reports/traces/
 *    (open it in DevTools), and every main-thread task over 50 ms in it with what ran (trace.ts);
 *  - the same route's HTML with its scripts taken out, measured in the same run (its paint floor,
 *    floor.ts): the page's LCP divided by the floor's;
 *  - a bare page (a heading and a paragraph, floor.ts) at the same calibration: a TBT, TTI or
 *    performance budget it misses too is marked so on the budget's line;
 *  - on /game, a game played under the calibrated CPU throttling: p95 of the time from a click to the next
 *    paint (Event Timing; clicks.ts), and beside it the same clicks on the page without its app
 *    (its click floor, floor.ts).
 * Each figure is compared with its budget (budgets.ts); exits 1 when one is missed. Results:
 * reports/bench.json.
 *
 *   npm run bench [-- --runs 3 --skip-build --routes /,/game --port 5311]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium';
import { REPO_ROOT, startServer } from '../server/testing/server-process';
import {
  checkClickToPaint,
  checkEarlyTap,
  checkRoute,
  atCalibration,
  judgeBudgets,
  type BudgetCheck,
} from './budgets';
import { calibrate, describeCalibration, type Calibration } from './calibration';
import { measureEarlyTap, type EarlyTap } from './early-tap';
import { measureClickToPaint, type ClickToPaint } from './clicks';
import { runCommand } from './command';
import { startFloorServer } from './floor';
import { describeRuns, measureLighthouse, type LighthouseFigures } from './lighthouse';
import { kb, measureSizes, type RouteSizes } from './sizes';
import { describeLongTask, traceRoute, type RouteTrace } from './trace';

const ROUTES = ['/', '/game', '/archive', '/stats'] as const;

/** reports/bench.json. */
interface BenchReport {
  date: string;
  routes: Record<
    string,
    {
      calibration: Calibration;
      transfer: RouteSizes;
      lighthouse: LighthouseFigures;
      floor: LighthouseFigures;
      /** A bare page (floor.ts, BARE_PAGE) at the same calibration: the machine's own share. */
      bare: LighthouseFigures;
      trace: RouteTrace;
    }
  >;
  /** The calibration of the click-to-paint measure. */
  clickCalibration?: Calibration;
  clickToPaint?: ClickToPaint;
  /** The same clicks on the page without its app (bench/floor.ts): the machine's share. */
  clickFloor?: ClickToPaint;
  earlyTap?: Record<string, EarlyTap & { calibration: Calibration }>;
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
      // A subset of the routes, e.g. `/,/game` (the full run measures all four).
      routes: { type: 'string', default: ROUTES.join(',') },
      // The server's port (0: any free port).
      port: { type: 'string', default: '0' },
    },
  });
  const runs = Number(values.runs);
  const routes = (values.routes ?? '').split(',').filter((route) => route.startsWith('/'));
  if (!values['skip-build']) await runCommand('npm', ['run', 'build']);
  const work = mkdtempSync(join(tmpdir(), 'linchpin-bench-'));
  const server = await startServer({
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'error',
    PORT: values.port ?? '0',
  });
  const floors = await startFloorServer(server.url, join(REPO_ROOT, 'dist'));
  const results: BenchReport = { date: new Date().toISOString(), routes: {} };
  const checks: BudgetCheck[] = [];
  try {
    const browser = await chromium.launch(chromiumLaunchOptions());
    // The machine's speed now, and the slowdown that makes it the reference phone (measured again
    // before each batch: a machine whose load changes is followed).
    const measureSpeed = async () => {
      const calibration = await calibrate(browser);
      console.log(`\n[calibration: ${describeCalibration(calibration)}]`);
      return calibration;
    };
    if (!values['sizes-only']) {
      const first = await measureSpeed();
      console.log(
        `Every figure below is measured at the speed of a machine of benchmarkIndex 2,000 under a 4x CPU slowdown: here ${describeCalibration(first)}.`,
      );
    }
    const only = values['clicks-only'] || values['taps-only'];
    const traces = join(REPO_ROOT, 'reports', 'traces');
    for (const route of only ? [] : routes) {
      const url = server.url + route;
      const transfer = await measureSizes(browser, url);
      if (values['sizes-only']) {
        console.log(
          `${route}: JS ${kb(transfer.jsGzip)} KB gzip / ${kb(transfer.jsBrotli)} KB brotli; CSS ${kb(transfer.cssGzip)} KB gzip; transferred ${kb(transfer.transferred)} KB\n` +
            transfer.scripts.map((s) => `    ${kb(s.gzip)} KB ${s.path}`).join('\n'),
        );
        continue;
      }
      const calibration = await measureSpeed();
      const { slowdown } = calibration;
      const lh = await measureLighthouse(url, runs, work, calibration);
      const floor = await measureLighthouse(floors.urlOf(route), runs, work, calibration);
      const bare = await measureLighthouse(floors.bareUrl, runs, work, calibration);
      const trace = await traceRoute(browser, url, {
        slowdown,
        dir: traces,
        name: route === '/' ? 'home' : route.slice(1).replaceAll('/', '-'),
      });
      results.routes[route] = { calibration, transfer, lighthouse: lh, floor, bare, trace };
      console.log(
        `\n${route} [${describeCalibration(calibration)}]\n  JS ${kb(transfer.jsGzip)} KB gzip / ${kb(transfer.jsBrotli)} KB brotli; CSS ${kb(transfer.cssGzip)} KB gzip / ${kb(transfer.cssBrotli)} KB brotli; transferred ${kb(transfer.transferred)} KB\n` +
          `  Lighthouse (median of ${runs}; each run's own benchmarkIndex and slowdown: ${describeRuns(lh)}): performance ${lh.performance}, accessibility ${lh.accessibility}, best practices ${lh.bestPractices}, SEO ${lh.seo}; LCP ${lh.lcpS} s, TBT ${lh.tbtMs} ms, TTI ${lh.ttiS} s, CLS ${lh.cls}\n` +
          `  paint floor (the same HTML, no scripts): LCP ${floor.lcpS} s, TBT ${floor.tbtMs} ms, TTI ${floor.ttiS} s\n` +
          `  a bare page (a heading and a paragraph; each run's own benchmarkIndex and slowdown: ${describeRuns(bare)}): TBT ${bare.tbtMs} ms, TTI ${bare.ttiS} s, performance ${bare.performance}\n` +
          `  trace (${relative(REPO_ROOT, trace.file)}): ${trace.longTasks.length} main-thread task(s) over 50 ms` +
          trace.longTasks.map((task) => `\n    ${describeLongTask(task)}`).join(''),
      );
      checks.push(...atCalibration(checkRoute(route, transfer, lh, floor, bare), calibration));
    }
    if (values['sizes-only']) {
      await browser.close();
      return 0;
    }
    if (!values['taps-only']) {
      const calibration = await measureSpeed();
      const { slowdown } = calibration;
      const paint = await measureClickToPaint(browser, `${server.url}/game`, { slowdown });
      const floor = await measureClickToPaint(browser, floors.clickFloorUrl, {
        acceptCookies: false,
        slowdown,
      });
      results.clickCalibration = calibration;
      results.clickToPaint = paint;
      results.clickFloor = floor;
      console.log(
        `\n/game click-to-paint under ${slowdown}x CPU throttling [${describeCalibration(calibration)}]: p95 ${paint.p95} ms over ${paint.clicks} clicks; ` +
          `the slowest: ${paint.slowest.map((click) => `${click.ms} ms (${click.control})`).join(', ')}\n` +
          `  click floor (the same page, plain DOM code making each click's changes): p95 ${floor.p95} ms`,
      );
      checks.push(...atCalibration([checkClickToPaint(paint, floor)], calibration));
    }
    if (!values['clicks-only']) {
      results.earlyTap = {};
      for (const route of ['/', '/game', '/archive'].filter((r) => routes.includes(r))) {
        const calibration = await measureSpeed();
        const tap = await measureEarlyTap(
          browser,
          server.url + route,
          route,
          runs,
          calibration.slowdown,
        );
        results.earlyTap[route] = { ...tap, calibration };
        console.log(
          `\n${route} on the phone profile (median of ${runs}) [${describeCalibration(calibration)}]: paint to ready ${tap.paintToReadyMs} ms; a tap 100 ms after the first paint shows its effect after ${tap.tapToEffectMs} ms; lost ${tap.lost}`,
        );
        checks.push(...atCalibration(checkEarlyTap(route, tap), calibration));
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
