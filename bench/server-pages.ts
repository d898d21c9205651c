/**
 * Page serving, part of `npm run bench:server`: the real server over the built site (dist/ and
 * dist-server/), GET /, /game and /archive with varied cookies, and as the floor a static file of
 * about the same size from the same server, each driven by autocannon for a fixed time (brotli and
 * gzip accepted, as a browser sends; the floor is the file nearest in size to the median page's
 * HTML). Prints requests/s and p99 for each, each page's ratio to the
 * static file, and each budget beside its number.
 *
 * Budgets on a 2-core machine (docs/server.md, "Deploying at scale"): each page at least
 * PAGE_BUDGET.ratio of the static file's requests/s, and p99 under PAGE_BUDGET.p99Ms.
 */
import autocannon from 'autocannon';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get } from 'node:http';
import { join, relative } from 'node:path';
import { storedName } from '../core/stored-items';
import { REPO_ROOT, startServer } from '../server/testing/server-process';
import { runCommand } from './command';

export const PAGE_BUDGET = { ratio: 0.8, p99Ms: 50 };
export const PAGES = ['/', '/game', '/archive'] as const;
const ACCEPT_ENCODING = 'br, gzip';
const WARM_UP_REQUESTS = 30;

/** What players send: no cookies yet, consent given, dark mode, the colour-blind palette, Easy. */
export const COOKIE_VARIANTS: readonly (string | null)[] = [
  null,
  `${storedName('consent')}=accepted`,
  `${storedName('consent')}=accepted; ${storedName('darkMode')}=true`,
  `${storedName('consent')}=accepted; ${storedName('colorMode')}=colorBlind; ${storedName('difficulty')}=easy`,
  `${storedName('consent')}=rejected`,
  `${storedName('consent')}=accepted; ${storedName('darkMode')}=false; ${storedName('seenHowToPlay')}=true`,
];

export interface Measured {
  target: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface PageBenchResult {
  floor: Measured;
  pages: (Measured & { ratio: number; ratioMet: boolean; p99Met: boolean })[];
  met: boolean;
}

function headersFor(cookie: string | null): Record<string, string> {
  return cookie === null
    ? { 'accept-encoding': ACCEPT_ENCODING }
    : { 'accept-encoding': ACCEPT_ENCODING, cookie };
}

/** A request's body size as sent (compressed: the bytes on the wire). */
function transferSize(url: string, cookie: string | null = null): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: headersFor(cookie) }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(bytes)
          : reject(new Error(`GET ${url}: ${response.statusCode}`)),
      );
    }).on('error', reject);
  });
}

/** The built static file (JS, CSS, SVG or JSON) whose size is nearest to `bytes`. */
export function nearestStaticFile(distDir: string, bytes: number): { path: string; size: number } {
  const candidates: { path: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('.')) walk(file);
      else if (entry.isFile() && /\.(js|css|svg|json)$/.test(entry.name))
        candidates.push({ path: `/${relative(distDir, file)}`, size: statSync(file).size });
    }
  };
  walk(distDir);
  const best = candidates.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes))[0];
  if (!best) throw new Error(`No JS, CSS, SVG or JSON file in ${distDir}: run \`npm run build\`.`);
  return best;
}

async function measure(
  base: string,
  path: string,
  options: { connections: number; duration: number; cookies: readonly (string | null)[] },
): Promise<Measured> {
  for (let index = 0; index < WARM_UP_REQUESTS; index += 1) {
    const cookie = options.cookies[index % options.cookies.length] ?? null;
    await (await fetch(`${base}${path}`, { headers: headersFor(cookie) })).arrayBuffer();
  }
  const result = await autocannon({
    url: `${base}${path}`,
    connections: options.connections,
    duration: options.duration,
    // Each connection goes round the cookie variants, one request each.
    requests: options.cookies.map((cookie) => ({ method: 'GET', headers: headersFor(cookie) })),
  });
  return {
    target: path,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const whole = (value: number) => Math.round(value).toLocaleString('en-US');

/** Measures the static floor, then each page, on a server already running over `distDir`. */
export async function benchPages(options: {
  url: string;
  distDir: string;
  connections: number;
  duration: number;
}): Promise<PageBenchResult> {
  const { url, connections, duration } = options;
  const sizes = await Promise.all(
    PAGES.map((path) => transferSize(`${url}${path}`, COOKIE_VARIANTS[1] ?? null)),
  );
  const rawSizes = await Promise.all(
    PAGES.map(async (path) => (await (await fetch(`${url}${path}`)).text()).length),
  );
  const medianRaw = [...rawSizes].sort((a, b) => a - b)[Math.floor(rawSizes.length / 2)] ?? 0;
  const file = nearestStaticFile(options.distDir, medianRaw);
  const fileWire = await transferSize(`${url}${file.path}`);

  console.log('');
  console.log(
    `Page serving: GET with Accept-Encoding "${ACCEPT_ENCODING}", ${connections} connections, ${duration} s each.`,
  );
  PAGES.forEach((path, index) =>
    console.log(
      `  ${path}: ${kb(rawSizes[index] ?? 0)} of HTML, ${kb(sizes[index] ?? 0)} sent; ${COOKIE_VARIANTS.length} cookie variants in turn`,
    ),
  );
  console.log(`  floor: ${file.path}: ${kb(file.size)}, ${kb(fileWire)} sent`);

  const floor = await measure(url, file.path, { connections, duration, cookies: [null] });
  const pages: PageBenchResult['pages'] = [];
  for (const path of PAGES) {
    const measured = await measure(url, path, { connections, duration, cookies: COOKIE_VARIANTS });
    const ratio = measured.requestsPerSecond / floor.requestsPerSecond;
    pages.push({
      ...measured,
      ratio,
      ratioMet: ratio >= PAGE_BUDGET.ratio,
      p99Met: measured.p99Ms < PAGE_BUDGET.p99Ms,
    });
  }

  const name = (target: string) => target.padEnd(Math.max(10, file.path.length + 2));
  console.log('');
  console.log(`  ${name('GET')} ${'requests/s'.padStart(10)} ${'p99'.padStart(8)}   page/static`);
  console.log(
    `  ${name(floor.target)} ${whole(floor.requestsPerSecond).padStart(10)} ${`${floor.p99Ms} ms`.padStart(8)}   (the floor)`,
  );
  for (const page of pages) {
    const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
    console.log(
      `  ${name(page.target)} ${whole(page.requestsPerSecond).padStart(10)} ${`${page.p99Ms} ms`.padStart(8)}   ` +
        `${page.ratio.toFixed(2)} (budget ≥ ${PAGE_BUDGET.ratio}: ${verdict(page.ratioMet)}); ` +
        `p99 budget < ${PAGE_BUDGET.p99Ms} ms: ${verdict(page.p99Met)}`,
    );
  }
  for (const measured of [floor, ...pages]) {
    if (measured.non2xx > 0 || measured.errors > 0)
      console.log(
        `  ${measured.target}: ${measured.non2xx} answers not 2xx, ${measured.errors} errors or timeouts`,
      );
  }
  const clean = [floor, ...pages].every((m) => m.non2xx === 0 && m.errors === 0);
  const met = clean && pages.every((page) => page.ratioMet && page.p99Met);
  console.log(`page budgets: ${met ? 'met' : 'MISSED'}`);
  return { floor, pages, met };
}

export const PAGE_BENCH = { connections: 32, duration: 8 };

/**
 * Junk addresses (docs/server.md, "Junk addresses"): unique unknown paths and /game for ids that
 * are not out, each asked for once, against the cached / measured in the same run with the same
 * connections; then today's / while a crawler asks for JUNK_BUDGET.crawl addresses at
 * JUNK_BUDGET.crawlRate a second.
 */
export const JUNK_BUDGET = { ratio: 0.5, homeRatio: 0.8, crawl: 2000, crawlRate: 200 };

export interface JunkBenchResult {
  junk: Measured & { ratio: number };
  homeDuringCrawl: Measured & { ratio: number };
  homeRenders: number;
  met: boolean;
}

/**
 * A new junk address for each request: half unknown paths, half boards of no puzzle. With
 * `prefix` null, today's / every time through the same request generator, so the client's cost of
 * making each request is the same on both sides of the ratio.
 */
function junkRequests(prefix: string | null): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: 'GET',
      headers: { 'accept-encoding': ACCEPT_ENCODING },
      setupRequest: (request) => {
        n += 1;
        const junk = n % 2 === 0 ? `/${prefix}-${n}` : `/game?puzzleId=${prefix}_${n}`;
        return { ...request, path: prefix === null ? '/' : junk };
      },
    },
  ];
}

/** How many times the server's log says it rendered today's / (`page rendered`, debug level). */
const homeRendersIn = (log: string) => (log.match(/"page":"\d{4}-\d{2}-\d{2} \/"/g) ?? []).length;

export async function benchJunk(options: {
  url: string;
  connections: number;
  duration: number;
  /** Today's / alone, measured in the same run. */
  home: Measured;
  log: () => string;
}): Promise<JunkBenchResult> {
  const { url, connections, duration, home } = options;
  // The cached / again, each request made as the junk ones are (a new request object each time).
  const homeRun = await autocannon({
    url,
    connections,
    duration,
    requests: junkRequests(null),
  });
  const sameClientHome = homeRun.requests.average;
  const run = await autocannon({
    url,
    connections,
    duration,
    requests: junkRequests('junk'),
  });
  const junk: JunkBenchResult['junk'] = {
    target: 'unique junk addresses',
    requestsPerSecond: run.requests.average,
    p99Ms: run.latency.p99,
    // Every answer is a 404 page: count only what is not.
    non2xx: run.non2xx - (run['4xx'] ?? 0),
    errors: run.errors + run.timeouts,
    ratio: run.requests.average / sameClientHome,
  };
  const rendersBefore = homeRendersIn(options.log());
  const crawlSeconds = JUNK_BUDGET.crawl / JUNK_BUDGET.crawlRate;
  const [homeUnderCrawl, crawl] = await Promise.all([
    autocannon({
      url: `${url}/`,
      connections,
      duration: crawlSeconds,
      requests: COOKIE_VARIANTS.map((cookie) => ({ method: 'GET', headers: headersFor(cookie) })),
    }),
    autocannon({
      url,
      connections: 4,
      amount: JUNK_BUDGET.crawl,
      overallRate: JUNK_BUDGET.crawlRate,
      requests: junkRequests('crawl'),
    }),
  ]);
  const homeDuringCrawl: JunkBenchResult['homeDuringCrawl'] = {
    target: `/ during the crawl`,
    requestsPerSecond: homeUnderCrawl.requests.average,
    p99Ms: homeUnderCrawl.latency.p99,
    non2xx: homeUnderCrawl.non2xx,
    errors: homeUnderCrawl.errors + homeUnderCrawl.timeouts + crawl.errors + crawl.timeouts,
    ratio: homeUnderCrawl.requests.average / home.requestsPerSecond,
  };
  const homeRenders = homeRendersIn(options.log()) - rendersBefore;
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const junkMet = junk.ratio >= JUNK_BUDGET.ratio && junk.non2xx === 0 && junk.errors === 0;
  const homeMet =
    homeDuringCrawl.ratio >= JUNK_BUDGET.homeRatio &&
    homeDuringCrawl.non2xx === 0 &&
    homeDuringCrawl.errors === 0 &&
    homeRenders === 0;
  console.log('');
  console.log(`Junk addresses, ${connections} connections (the same as the pages above):`);
  console.log(
    `  cached /              ${whole(home.requestsPerSecond).padStart(8)} requests/s  p99 ${home.p99Ms} ms  (above: one request made once, sent again and again)`,
  );
  console.log(
    `  cached /, each request made anew ${whole(sameClientHome).padStart(8)} requests/s  p99 ${homeRun.latency.p99} ms`,
  );
  console.log(
    `  unique junk addresses ${whole(junk.requestsPerSecond).padStart(8)} requests/s  p99 ${junk.p99Ms} ms  ` +
      `${junk.ratio.toFixed(2)} of cached / made the same way (budget ≥ ${JUNK_BUDGET.ratio}: ${verdict(junkMet)})`,
  );
  console.log(
    `  / while a crawler asks for ${whole(JUNK_BUDGET.crawl)} junk addresses at ${JUNK_BUDGET.crawlRate}/s: ` +
      `${whole(homeDuringCrawl.requestsPerSecond)} requests/s, ${homeDuringCrawl.ratio.toFixed(2)} of cached / ` +
      `(budget ≥ ${JUNK_BUDGET.homeRatio}), renders of / ${homeRenders} (budget 0), ` +
      `crawl answered ${whole(crawl.requests.total)}: ${verdict(homeMet)}`,
  );
  const met = junkMet && homeMet;
  console.log(`junk budgets: ${met ? 'met' : 'MISSED'}`);
  return { junk, homeDuringCrawl, homeRenders, met };
}

/**
 * Builds the site when dist/ or dist-server/ is missing, starts the server over it as `npm start`
 * does (a fresh embedded database), measures, and stops it.
 */
export async function runPageBench(): Promise<PageBenchResult> {
  const distDir = join(REPO_ROOT, 'dist');
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(`${distDir}-server`)) {
    console.log('No built site: running `npm run build` first …');
    await runCommand('npm', ['run', 'build']);
  }
  const root = mkdtempSync(join(tmpdir(), 'linchpin-bench-pages-'));
  // Debug level: the log's `page rendered` lines count the renders of / during the crawl.
  const server = await startServer({ DATA_DIR: join(root, 'data'), LOG_LEVEL: 'debug' });
  try {
    const pages = await benchPages({ url: server.url, distDir, ...PAGE_BENCH });
    const home = pages.pages.find((page) => page.target === '/');
    if (!home) throw new Error('/ was not measured');
    const junk = await benchJunk({ url: server.url, ...PAGE_BENCH, home, log: server.output });
    return { ...pages, met: pages.met && junk.met };
  } finally {
    await server.stop('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  }
}
