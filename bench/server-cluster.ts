/**
 * Several servers, one database, part of `npm run bench:server`: three server processes on one
 * PostgreSQL database (the machine's PostgreSQL, started as the gate starts it:
 * scripts/ensure-postgres.mjs), behind a proxy of one hop (TRUST_PROXY=1, X-Forwarded-For).
 *
 * 1. Form posts spread over the three for a fixed time, each from its own client address, then
 *    the rows counted: lost = 201s answered with no row behind them.
 * 2. The rate limit of one client address counted across all three: its first RATE_LIMIT posts,
 *    round the three, are accepted, and the next one is refused whichever process gets it.
 *
 * Met when lost is 0 and the limit held.
 */
import autocannon from 'autocannon';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { countInbox } from '../server/db/inbox-store';
import { startServer, type ServerProcess } from '../server/testing/server-process';
import { postgresTestDatabases } from '../server/testing/test-databases';

export const CLUSTER = { processes: 3, rateLimit: 10 };
const WARM_UP_POSTS = 60;
const BODY = JSON.stringify({
  name: 'Bench Player',
  email: 'bench@example.com',
  message: 'A benchmark post with a little text in it, as a player would write.',
});

export interface ClusterBenchResult {
  requestsPerSecond: number;
  acceptedPerSecond: number;
  p99Ms: number;
  lost: number;
  limitHeld: boolean;
  met: boolean;
}

/** A new client address for every post: 10.x.y.z. */
export function addresses(): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
  };
}

async function post(server: ServerProcess | undefined, client: string): Promise<number> {
  if (!server) throw new Error('no server');
  const response = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: BODY,
  });
  await response.arrayBuffer();
  return response.status;
}

export async function runClusterBench(options: {
  duration: number;
  connections: number;
}): Promise<ClusterBenchResult> {
  const { duration, connections } = options;
  const databases = postgresTestDatabases();
  console.log('');
  console.log(
    `${CLUSTER.processes} server processes on one PostgreSQL database (TRUST_PROXY=1, RATE_LIMIT_MAX=${CLUSTER.rateLimit}) …`,
  );
  await databases.prepare();
  const db = await databases.fresh();
  const env = {
    DATABASE_URL: databases.lastUrl() ?? '',
    DIST_DIR: join(tmpdir(), 'linchpin-no-site'),
    RATE_LIMIT_MAX: String(CLUSTER.rateLimit),
    RATE_LIMIT_WINDOW: '10 minutes',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'error',
  };
  const started = await Promise.allSettled(
    Array.from({ length: CLUSTER.processes }, () => startServer(env)),
  );
  const servers = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  try {
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;

    const nextAddress = addresses();
    let answered201 = 0;
    for (let index = 0; index < WARM_UP_POSTS; index += 1)
      if ((await post(servers[index % servers.length], nextAddress())) === 201) answered201 += 1;

    const perServer = Math.max(1, Math.round(connections / servers.length));
    console.log(
      `POST /api/contact spread over the ${servers.length}: ${perServer} connections each for ${duration} s, a new client address per post …`,
    );
    const results = await Promise.all(
      servers.map((server) =>
        autocannon({
          url: `${server.url}/api/contact`,
          connections: perServer,
          duration,
          requests: [
            {
              method: 'POST',
              body: BODY,
              setupRequest: (request) => ({
                ...request,
                headers: {
                  ...request.headers,
                  'content-type': 'application/json',
                  'x-forwarded-for': nextAddress(),
                },
              }),
            },
          ],
        }),
      ),
    );
    const measured201 = results.reduce(
      (sum, result) => sum + (result.statusCodeStats?.['201']?.count ?? 0),
      0,
    );
    answered201 += measured201;
    const total = results.reduce((sum, result) => sum + result.requests.total, 0);
    const errors = results.reduce((sum, result) => sum + result.errors + result.timeouts, 0);

    // One client address, posts round the three processes.
    const client = '203.0.113.7';
    const statuses: number[] = [];
    for (let index = 0; index <= CLUSTER.rateLimit; index += 1)
      statuses.push(await post(servers[index % servers.length], client));
    const after = await Promise.all(servers.map((server) => post(server, client)));
    answered201 += [...statuses, ...after].filter((status) => status === 201).length;
    const refusedAt = statuses.indexOf(429);
    const limitHeld =
      statuses.slice(0, CLUSTER.rateLimit).every((status) => status === 201) &&
      refusedAt === CLUSTER.rateLimit &&
      after.every((status) => status === 429);

    const stored = await countInbox(db, 'messages');
    const lost = Math.max(0, answered201 - stored);
    const result: ClusterBenchResult = {
      requestsPerSecond: results.reduce((sum, r) => sum + r.requests.average, 0),
      acceptedPerSecond: measured201 / duration,
      p99Ms: Math.max(...results.map((r) => r.latency.p99)),
      lost,
      limitHeld,
      met: lost === 0 && limitHeld,
    };

    console.log('');
    console.log(
      `requests/s: ${Math.round(result.requestsPerSecond)} over ${servers.length} processes (accepted, 201: ${Math.round(result.acceptedPerSecond)}/s); ` +
        `p99 ${result.p99Ms} ms (the slowest process)`,
    );
    console.log(
      `answers: ${measured201} × 201, ${total - measured201} other, ${errors} errors or timeouts; rows stored: ${stored}`,
    );
    console.log(`lost: ${lost}`);
    const refused =
      refusedAt < 0
        ? 'none refused'
        : `post ${refusedAt + 1} refused by process ${(refusedAt % servers.length) + 1}`;
    console.log(
      `rate limit of one address across the ${servers.length}: ${statuses.filter((s) => s === 201).length} accepted, ` +
        `${refused}, then refused by ${after.filter((s) => s === 429).length} of ${servers.length}: ${limitHeld ? 'held' : 'NOT held'}`,
    );
    console.log(
      `goal (lost 0, the limit held across processes): ${result.met ? 'met' : 'NOT met'}`,
    );
    return result;
  } finally {
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await databases.dispose();
  }
}
