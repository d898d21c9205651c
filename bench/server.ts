/**
 * `npm run bench:server`: the real server on loopback on a fresh embedded database, POST
 * /api/contact driven by autocannon for a fixed time at a fixed concurrency (rate limit lifted),
 * then the stored rows counted. Prints requests per second, p50/p99 latency and "lost: N"
 * (201s answered minus rows stored). Exits 1 when anything was lost.
 *
 *   npm run bench:server [-- --duration 10 --connections 16]
 *
 * Goal on a 2-core machine: at least 1,000 accepted posts a second, p99 under 50 ms, lost 0.
 *
 * Then page serving against a static file (bench/server-pages.ts) and three server processes on
 * one PostgreSQL database (bench/server-cluster.ts); a missed budget there exits 1 too. Skip them
 * with --skip-pages and --skip-cluster. `--rush-only` runs the midnight rush alone
 * (bench/server-results.ts). Last, what the metrics cost (bench/server-metrics.ts): pages and
 * results with METRICS_PORT on and off, and a scrape under load; `--metrics-only` runs it alone,
 * `--skip-metrics` leaves it out. Then groups of friends on three processes and PostgreSQL
 * (bench/server-friends.ts): 10,000 groups, a group's page data at 1,000/s, and the midnight rush
 * with each result sent to 3 groups; `--friends-only` runs it alone, `--skip-friends` leaves it out.
 * Then daily reminders (bench/server-reminders.ts): 100,000 due in
 * one minute, sent while pages and results are served; `--reminders-only` runs it alone,
 * `--skip-reminders` leaves it out.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { countInbox } from '../server/db/inbox-store';
import { openEmbeddedDatabase } from '../server/db/pglite-database';
import { startServer } from '../server/testing/server-process';
import { runClusterBench } from './server-cluster';
import { runFriendsBench } from './server-friends';
import { runPageBench } from './server-pages';
import { runMidnightRush } from './server-results';
import { runMetricsBench } from './server-metrics';
import { runRemindersBench } from './server-reminders';

const GOAL = { perSecond: 1000, p99Ms: 50 };
const WARM_UP_POSTS = 300;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    'skip-pages': { type: 'boolean', default: false },
    'skip-cluster': { type: 'boolean', default: false },
    'rush-only': { type: 'boolean', default: false },
    'metrics-only': { type: 'boolean', default: false },
    'skip-metrics': { type: 'boolean', default: false },
    'friends-only': { type: 'boolean', default: false },
    'skip-friends': { type: 'boolean', default: false },
    'reminders-only': { type: 'boolean', default: false },
    'skip-reminders': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
if (
  !Number.isInteger(duration) ||
  duration < 1 ||
  !Number.isInteger(connections) ||
  connections < 1
) {
  console.error('--duration (seconds) and --connections must be whole numbers from 1.');
  process.exit(2);
}

const root = mkdtempSync(join(tmpdir(), 'linchpin-bench-'));
const dataDir = join(root, 'data');
const body = JSON.stringify({
  name: 'Bench Player',
  email: 'bench@example.com',
  message: 'A benchmark post [<id>] with a little text in it, as a player would write.',
});

async function main(): Promise<number> {
  console.log(`Starting the server on a fresh embedded database in ${root} …`);
  const server = await startServer({
    DATA_DIR: dataDir,
    DIST_DIR: join(root, 'no-site'),
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'error',
  });
  let answered201 = 0;
  let result: autocannon.Result;
  try {
    // Warm up the JIT and the database before measuring, one post at a time so every answer is seen.
    for (let index = 0; index < WARM_UP_POSTS; index += 1) {
      const response = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body.replace('[<id>]', `warm-up ${index}`),
      });
      if (response.status === 201) answered201 += 1;
    }

    console.log(`POST /api/contact: ${connections} connections for ${duration} s …`);
    result = await autocannon({
      url: `${server.url}/api/contact`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      idReplacement: true,
      connections,
      duration,
    });
    answered201 += result.statusCodeStats?.['201']?.count ?? 0;
  } finally {
    const exit = await server.stop('SIGTERM');
    if (exit.code !== 0)
      console.error(`The server exited with ${exit.code ?? exit.signal}:\n${server.output()}`);
  }

  const db = await openEmbeddedDatabase(dataDir, { role: 'owner' });
  const stored = await countInbox(db, 'messages');
  await db.close();

  const measured201 = result.statusCodeStats?.['201']?.count ?? 0;
  const accepted = measured201 / duration;
  const others = result.requests.total - measured201;
  // A post still in flight when the run ends is stored, but its 201 is never read: stored can
  // exceed the 201s answered. Lost means the other way round: a 201 with no row behind it.
  const lost = Math.max(0, answered201 - stored);
  const unread = Math.max(0, stored - answered201);
  const met = accepted >= GOAL.perSecond && result.latency.p99 < GOAL.p99Ms && lost === 0;

  console.log('');
  console.log(
    `requests/s: ${Math.round(result.requests.average)} (accepted, 201: ${Math.round(accepted)}/s)`,
  );
  console.log(
    `latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(
    `answers: ${measured201} × 201, ${others} other, ${result.errors} errors, ${result.timeouts} timeouts`,
  );
  console.log(
    `rows stored: ${stored}; 201s answered (warm-up included): ${answered201}` +
      (unread > 0
        ? `; ${unread} stored whose answer the client stopped waiting for at the end`
        : ''),
  );
  console.log(`lost: ${lost}`);
  console.log(
    `goal (≥ ${GOAL.perSecond} accepted/s, p99 < ${GOAL.p99Ms} ms, lost 0): ${met ? 'met' : 'NOT met'}`,
  );
  return lost === 0 ? 0 : 1;
}

if (values['reminders-only'])
  process.exit((await runRemindersBench({ duration, connections })).met ? 0 : 1);
if (values['metrics-only'])
  process.exit((await runMetricsBench({ duration, connections })).met ? 0 : 1);
if (values['friends-only'])
  process.exit((await runFriendsBench({ duration, connections })).met ? 0 : 1);
const rushOnly = values['rush-only'];
let code = 1;
try {
  code = rushOnly ? 0 : await main();
  code = Math.max(code, await runMidnightRush({ duration, connections }));
} finally {
  rmSync(root, { recursive: true, force: true });
}
if (!rushOnly && !values['skip-pages'] && !(await runPageBench()).met) code = 1;
if (!rushOnly && !values['skip-cluster'] && !(await runClusterBench({ duration, connections })).met)
  code = 1;
if (!rushOnly && !values['skip-metrics'] && !(await runMetricsBench({ duration, connections })).met)
  code = 1;
if (!rushOnly && !values['skip-friends'] && !(await runFriendsBench({ duration, connections })).met)
  code = 1;
if (
  !rushOnly &&
  !values['skip-reminders'] &&
  !(await runRemindersBench({ duration, connections })).met
)
  code = 1;
process.exit(code);
