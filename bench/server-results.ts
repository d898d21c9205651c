/**
 * The midnight rush, part of `npm run bench:server`: a new puzzle, and everyone finishing it at
 * once. The real server on loopback on a fresh embedded database, as behind the site's proxy
 * (TRUST_PROXY=1); POST /api/results driven by autocannon for a fixed time, each post a new
 * browser's random id from an address of its own (X-Forwarded-For), under the server's own
 * limits per address and network, while GET /api/results/<id> is read at the same time; then the
 * stored results counted. (All from one address with its limits lifted, as this bench once sent
 * them, each batch counted that one address's every stored result: the rate fell as the run went
 * on, to a third of what the server does for players who each have an address.) Prints
 * results accepted per second and their p99, aggregate reads per second and their p99, and
 * "lost" (201s answered minus results stored).
 *
 * Budget on a 2-core machine: at least 2,000 results/s accepted, p99 under 50 ms, aggregate read
 * p99 under 20 ms, lost 0.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CrowdPost } from '../core/crowd';
import { openEmbeddedDatabase } from '../server/db/pglite-database';
import { countResults } from '../server/db/results-store';
import { writeServerCatalogue } from '../server/testing/fixture-site';
import { startServer } from '../server/testing/server-process';
import { addresses } from './server-cluster';

export const RUSH_GOAL = { perSecond: 2000, p99Ms: 50, readP99Ms: 20 };
const PUZZLE = { id: 'puzzle_1', date: '2025-04-07' };
const WARM_UP_POSTS = 300;

/** A spread of results as players would send them: wins in 1 to 6 tries, and some losses. */
function resultOf(n: number): Omit<CrowdPost, 'browserId'> {
  if (n % 5 === 4)
    return {
      puzzleId: PUZZLE.id,
      mode: 'normal',
      won: false,
      tries: 6,
      wrongTries: [[], [0], [0], [0, 2], [1], []],
    };
  const tries = 1 + (n % 4);
  return {
    puzzleId: PUZZLE.id,
    mode: n % 3 === 0 ? 'easy' : 'normal',
    won: true,
    tries,
    wrongTries: Array.from({ length: tries - 1 }, (_, i) => (i === 0 ? [1] : [1, 3])),
  };
}

export async function runMidnightRush(options: {
  duration: number;
  connections: number;
}): Promise<number> {
  const { duration, connections } = options;
  const root = mkdtempSync(join(tmpdir(), 'linchpin-bench-rush-'));
  try {
    const dataDir = join(root, 'data');
    // A built site's catalogue is all the results route needs: which puzzles may be counted.
    const distDir = join(root, 'site');
    writeServerCatalogue(distDir, [PUZZLE]);

    console.log(`\nMidnight rush: starting the server on a fresh embedded database in ${root} …`);
    const server = await startServer({
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      // Each simulated player posts from an address of its own, as behind the site's proxy.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'error',
    });
    const nextAddress = addresses();
    let answered201 = 0;
    let posts: autocannon.Result;
    let reads: autocannon.Result;
    try {
      for (let n = 0; n < WARM_UP_POSTS; n += 1) {
        const response = await fetch(`${server.url}/api/results`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
          body: JSON.stringify({ ...resultOf(n), browserId: randomUUID() }),
        });
        if (response.status === 201) answered201 += 1;
      }
      let sent = 0;
      console.log(
        `POST /api/results (${connections} connections) and GET /api/results/${PUZZLE.id} (4 connections) for ${duration} s …`,
      );
      [posts, reads] = await Promise.all([
        autocannon({
          url: `${server.url}/api/results`,
          connections,
          duration,
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
                body: JSON.stringify({ ...resultOf((sent += 1)), browserId: randomUUID() }),
              }),
            },
          ],
        }),
        autocannon({
          url: `${server.url}/api/results/${PUZZLE.id}`,
          connections: 4,
          duration,
        }),
      ]);
      answered201 += posts.statusCodeStats?.['201']?.count ?? 0;
    } finally {
      const exit = await server.stop('SIGTERM');
      if (exit.code !== 0)
        console.error(`The server exited with ${exit.code ?? exit.signal}:\n${server.output()}`);
    }

    const db = await openEmbeddedDatabase(dataDir, { role: 'owner' });
    const stored = await countResults(db);
    await db.close();

    const measured201 = posts.statusCodeStats?.['201']?.count ?? 0;
    const accepted = measured201 / duration;
    const readsOk = reads.statusCodeStats?.['200']?.count ?? 0;
    const lost = Math.max(0, answered201 - stored);
    const met =
      accepted >= RUSH_GOAL.perSecond &&
      posts.latency.p99 < RUSH_GOAL.p99Ms &&
      reads.latency.p99 < RUSH_GOAL.readP99Ms &&
      lost === 0;

    console.log('');
    console.log(
      `results accepted: ${Math.round(accepted)}/s (201), latency p50 ${posts.latency.p50} ms, p99 ${posts.latency.p99} ms, max ${posts.latency.max} ms`,
    );
    console.log(
      `aggregate reads: ${Math.round(readsOk / duration)}/s (200), latency p50 ${reads.latency.p50} ms, p99 ${reads.latency.p99} ms, max ${reads.latency.max} ms`,
    );
    console.log(
      `answers: ${measured201} × 201, ${posts.requests.total - measured201} other posts, ${posts.errors + reads.errors} errors, ${posts.timeouts + reads.timeouts} timeouts`,
    );
    console.log(`results stored: ${stored}; 201s answered (warm-up included): ${answered201}`);
    console.log(`lost: ${lost}`);
    console.log(
      `goal (≥ ${RUSH_GOAL.perSecond} results/s, p99 < ${RUSH_GOAL.p99Ms} ms, aggregate read p99 < ${RUSH_GOAL.readP99Ms} ms, lost 0): ${met ? 'met' : 'NOT met'}`,
    );
    return lost === 0 ? 0 : 1;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
