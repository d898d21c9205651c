/**
 * What the metrics cost, part of `npm run bench:server` (`-- --metrics-only` for it alone): two
 * servers over the built site, one with METRICS_PORT set (server/metrics.ts) and one without,
 * each driven in turn (rounds of off, on, on, off: the machine's drift is shared alike) with GET /
 * and with POST /api/results for a fixed time. Prints requests/s of each, the ratio on/off (the
 * median of the rounds'), and the time
 * a scrape of /metrics takes while its process is under that load (a run of its own).
 *
 * Budgets: each figure with metrics on within METRICS_BUDGET.costRatio of the same without, and
 * every scrape under load answered within METRICS_BUDGET.scrapeMs.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../deploy/stack';
import { REPO_ROOT, startServer, type ServerProcess } from '../server/testing/server-process';

export const METRICS_BUDGET = { costRatio: 0.05, scrapeMs: 50 };
/** Rounds of off, on, on, off per figure (bench/server-metrics.ts's `costRatio`). */
const METRICS_ROUNDS = 5;
const SCRAPE_EVERY_MS = 250;

type Target = 'pages' | 'results';

async function load(
  server: ServerProcess,
  target: Target,
  puzzleId: string,
  options: { duration: number; connections: number },
): Promise<number> {
  const result =
    target === 'pages'
      ? await autocannon({
          url: `${server.url}/`,
          connections: options.connections,
          duration: options.duration,
          headers: { 'accept-encoding': 'br, gzip' },
        })
      : await autocannon({
          url: `${server.url}/api/results`,
          connections: options.connections,
          duration: options.duration,
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({
                  puzzleId,
                  mode: 'normal',
                  won: true,
                  tries: 2,
                  wrongTries: [[1]],
                  browserId: randomUUID(),
                }),
              }),
            },
          ],
        });
  if (result.errors + result.timeouts > 0 || result.non2xx > 0)
    console.log(
      `  (${target}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  return result.requests.average;
}

/** Scrapes `url` every SCRAPE_EVERY_MS until `done` settles; each scrape's time in ms. */
async function scrapeWhile(url: string, done: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    const started = performance.now();
    const response = await fetch(url);
    await response.text();
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, SCRAPE_EVERY_MS));
  }
  return times;
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** Rounds of off, on, on, off compared: the on/off ratio of each round, and their median. */
export function costRatio(rounds: readonly { on: number; off: number }[]): {
  ratio: number;
  roundRatios: number[];
} {
  const roundRatios = rounds.map((round) => round.on / round.off);
  const sorted = [...roundRatios].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const ratio =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? NaN)
      : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
  return { ratio, roundRatios };
}

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

export async function runMetricsBench(options: {
  duration: number;
  connections: number;
}): Promise<{ met: boolean }> {
  const root = mkdtempSync(join(tmpdir(), 'linchpin-bench-metrics-'));
  // BENCH_METRICS_PORT picks the metrics address's port (else the system picks a free one).
  const metricsPort = Number(process.env.BENCH_METRICS_PORT ?? (await freePort()));
  const common = {
    DIST_DIR: join(REPO_ROOT, 'dist'),
    RESULTS_RATE_LIMIT_MAX: '1000000000',
    RESULTS_PER_ADDRESS: '1000000000',
    LOG_LEVEL: 'error',
  };
  console.log(`\nMetrics cost: two servers over dist/, one with METRICS_PORT=${metricsPort} …`);
  const on = await startServer({
    ...common,
    DATA_DIR: join(root, 'on'),
    METRICS_PORT: String(metricsPort),
  });
  const off = await startServer({ ...common, DATA_DIR: join(root, 'off') });
  try {
    const index = (await (await fetch(`${on.url}/puzzles/index.json`)).json()) as {
      id: string;
      date: string;
    }[];
    const puzzleId = [...index].sort((a, b) => b.date.localeCompare(a.date))[0]?.id ?? 'puzzle_1';
    const scrapeUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const rounds: Record<Target, { on: number; off: number }[]> = { pages: [], results: [] };
    const scrapes: number[] = [];
    // Warm both up (JIT, page cache, database).
    for (const server of [on, off])
      await load(server, 'pages', puzzleId, { duration: 2, connections: options.connections });
    for (const target of ['pages', 'results'] as const) {
      // Rounds of off, on, on, off: each round's ratio compares runs side by side in time, so a
      // machine whose speed drifts (another program, the CPU's clock) moves both alike; the median
      // of the rounds' ratios leaves out a round a burst of other work fell into.
      for (let round = 0; round < METRICS_ROUNDS; round += 1) {
        const rates = { on: [] as number[], off: [] as number[] };
        for (const which of ['off', 'on', 'on', 'off'] as const)
          rates[which].push(await load(which === 'on' ? on : off, target, puzzleId, options));
        rounds[target].push({ on: mean(rates.on), off: mean(rates.off) });
      }
      // Scraped in a run of its own: the scrapes come from this process, which also drives the
      // load, and would slow the load down in the runs compared.
      const run = load(on, target, puzzleId, options);
      scrapes.push(...(await scrapeWhile(scrapeUrl, run)));
      await run;
    }
    let met = true;
    console.log(
      `  ${''.padEnd(30)} ${'off'.padStart(8)} ${'on'.padStart(8)}   on/off (median of ${METRICS_ROUNDS} rounds; each round's)`,
    );
    for (const target of ['pages', 'results'] as const) {
      const { ratio, roundRatios } = costRatio(rounds[target]);
      const ok = Math.abs(1 - ratio) <= METRICS_BUDGET.costRatio;
      met &&= ok;
      const label = target === 'pages' ? 'GET / (requests/s)' : 'POST /api/results (requests/s)';
      const offRate = mean(rounds[target].map((r) => r.off));
      const onRate = mean(rounds[target].map((r) => r.on));
      console.log(
        `  ${label.padEnd(30)} ${Math.round(offRate).toString().padStart(8)} ${Math.round(onRate).toString().padStart(8)}   ${ratio.toFixed(3)} (${roundRatios.map((r) => r.toFixed(3)).join(', ')}) (budget within ${METRICS_BUDGET.costRatio * 100}%: ${ok ? 'met' : 'MISSED'})`,
      );
    }
    const slowest = Math.max(...scrapes);
    const scrapeOk = slowest <= METRICS_BUDGET.scrapeMs;
    met &&= scrapeOk;
    console.log(
      `  scrapes of /metrics under load: ${scrapes.length}, median ${quantile(scrapes, 0.5).toFixed(1)} ms, p95 ${quantile(scrapes, 0.95).toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms (budget ≤ ${METRICS_BUDGET.scrapeMs} ms: ${scrapeOk ? 'met' : 'MISSED'})`,
    );
    console.log(`metrics budgets: ${met ? 'met' : 'MISSED'}`);
    return { met };
  } finally {
    await Promise.all([on.stop('SIGTERM'), off.stop('SIGTERM')]);
    rmSync(root, { recursive: true, force: true });
  }
}
