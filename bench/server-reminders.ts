/**
 * Daily reminders, part of `npm run bench:server` (`--reminders-only` runs it alone): 100,000
 * subscriptions due in the same minute, sent by the one sender of one real server process (on a
 * fresh embedded database) to a push service on loopback, while pages and crowd results are
 * served. Prints the time from the sender's first claim to the last message received, the
 * server's peak resident memory, and the page and results figures against their budgets.
 *
 * The subscriptions are inserted in one statement before the server starts, each with its own
 * endpoint and the same real keys (one ECDH pair, as a browser makes them), so every message is
 * really encrypted and signed. The push service here is a minimal receiver that answers 201 and
 * counts: web-push-testing, which decrypts and checks every message (server/reminder-sender.test.ts
 * uses it for correctness), is not made to keep up with 100,000 messages a minute.
 *
 * The same server and load first run with nothing due, so the sender's own memory can be told
 * from the server's (PGlite, the page cache and the load alone peak at about 500 MB here).
 *
 * Budgets on a 2-core machine: all sent within 60 s; memory bounded: the server's peak RSS with
 * 100,000 due at most 100 MB above the same run's with none due (the sender holds one batch of
 * 2,000 claimed rows and 200 sends in flight, whatever the number due); page p99 under 50 ms
 * (PAGE_BUDGET) and crowd results p99 under 50 ms, their reads under 20 ms (RUSH_GOAL) while it
 * sends.
 */
import autocannon from 'autocannon';
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../server/db/migrate';
import { openEmbeddedDatabase } from '../server/db/pglite-database';
import { REPO_ROOT, startServer } from '../server/testing/server-process';
import { PAGE_BUDGET } from './server-pages';
import { RUSH_GOAL } from './server-results';

export const REMINDERS_BUDGET = { count: 100_000, seconds: 60, senderRssMb: 100 };
/** A puzzle of the built catalogue, long out. */
const PUZZLE = { id: 'puzzle_1' };

/** A loopback push service that answers 201 to every message and counts them. */
async function startReceiver() {
  let received = 0;
  let first = 0;
  let last = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      last = Date.now();
      if (first === 0) first = last;
      response.writeHead(201);
      response.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => ({ received, first, last }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The process's peak resident memory so far, in MB (Linux: VmHWM). */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Run {
  peak: number;
  roundMs: number | null;
  page: autocannon.Result;
  reads: autocannon.Result;
  posts: autocannon.Result;
}

/** One server on a fresh embedded database with `count` subscriptions due, under the load. */
async function serveWhileSending(
  root: string,
  count: number,
  receiverUrl: string,
  options: { duration: number; connections: number; distDir: string },
): Promise<Run> {
  const dataDir = join(root, `data-${count}`);
  const db = await openEmbeddedDatabase(dataDir, { role: 'owner' });
  await migrate(db);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  // Due from now for an hour, in UTC's time zone: all in this minute.
  const time = new Date().toISOString().slice(11, 16);
  await db.query(
    `INSERT INTO reminder_subscriptions (endpoint, p256dh, auth, local_time, time_zone)
     SELECT $1 || n, $2, $3, $4::time, 'UTC' FROM generate_series(1, $5) AS n`,
    [`${receiverUrl}/push/`, p256dh, auth, time, count],
  );
  await db.close();

  const server = await startServer({
    DATA_DIR: dataDir,
    DIST_DIR: options.distDir,
    RATE_LIMIT_MAX: '1000000000',
    RESULTS_RATE_LIMIT_MAX: '1000000000',
    RESULTS_PER_ADDRESS: '1000000000',
    RESULTS_PER_NETWORK: '1000000000',
    LOG_LEVEL: 'info',
  });
  try {
    // The sender's first round starts with the server: load the pages and results meanwhile.
    const load = (path: string, extra: Partial<autocannon.Options> = {}) =>
      autocannon({
        url: `${server.url}${path}`,
        connections: Math.max(1, Math.floor(options.connections / 4)),
        duration: options.duration,
        ...extra,
      });
    const [page, reads, posts] = await Promise.all([
      load('/'),
      load(`/api/results/${PUZZLE.id}`),
      load('/api/results', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          puzzleId: PUZZLE.id,
          mode: 'normal',
          won: true,
          tries: 2,
          wrongTries: [[1]],
          browserId: '00000000-0000-4000-8000-[<id>]',
        }),
        idReplacement: true,
      }),
    ]);
    let roundMs: number | null = null;
    const deadline = Date.now() + 180_000;
    while (count > 0 && Date.now() < deadline) {
      const match = /"reminders":\{[^}]*"ms":(\d+)/.exec(server.output());
      if (match) {
        roundMs = Number(match[1]);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const peak = server.child.pid ? peakRssMb(server.child.pid) : 0;
    return { peak, roundMs, page, reads, posts };
  } finally {
    await server.stop('SIGTERM');
  }
}

export async function runRemindersBench(options: {
  duration: number;
  connections: number;
  distDir?: string;
}): Promise<{ met: boolean }> {
  const root = mkdtempSync(join(tmpdir(), 'linchpin-bench-reminders-'));
  const receiver = await startReceiver();
  try {
    // The built site (`npm run build`), or DIST_DIR's.
    const distDir = options.distDir ?? process.env.DIST_DIR ?? join(REPO_ROOT, 'dist');
    const settings = { ...options, distDir };
    console.log('\nReminders: the same server and load with none due, for its memory …');
    const none = await serveWhileSending(root, 0, receiver.url, settings);
    console.log(
      `server peak RSS with none due: ${none.peak.toFixed(0)} MB (GET / p99 ${none.page.latency.p99} ms)`,
    );
    console.log(
      `Reminders: ${REMINDERS_BUDGET.count.toLocaleString('en')} subscriptions due this minute …`,
    );
    const { peak, roundMs, page, reads, posts } = await serveWhileSending(
      root,
      REMINDERS_BUDGET.count,
      receiver.url,
      settings,
    );

    const { received, first, last } = receiver.counts();
    const spreadS = (last - first) / 1000;
    const roundS = roundMs === null ? Number.POSITIVE_INFINITY : roundMs / 1000;
    const sentMet = received >= REMINDERS_BUDGET.count && roundS <= REMINDERS_BUDGET.seconds;
    const senderMb = peak - none.peak;
    const rssMet = senderMb <= REMINDERS_BUDGET.senderRssMb;
    const pageMet = page.non2xx === 0 && page.latency.p99 < PAGE_BUDGET.p99Ms;
    const readsMet = reads.latency.p99 < RUSH_GOAL.readP99Ms;
    const postsMet = posts.latency.p99 < RUSH_GOAL.p99Ms;
    const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
    console.log(
      `sent: ${received.toLocaleString('en')} of ${REMINDERS_BUDGET.count.toLocaleString('en')} received; ` +
        `the round took ${roundS.toFixed(1)} s (first to last message ${spreadS.toFixed(1)} s; ` +
        `budget ≤ ${REMINDERS_BUDGET.seconds} s: ${verdict(sentMet)})`,
    );
    console.log(
      `server peak RSS: ${peak.toFixed(0)} MB, ${senderMb.toFixed(0)} MB above the run with none due (budget ≤ ${REMINDERS_BUDGET.senderRssMb} MB: ${verdict(rssMet)})`,
    );
    console.log(
      `while sending, GET /: ${Math.round(page.requests.average)}/s, p99 ${page.latency.p99} ms, ${page.non2xx} non-2xx (budget p99 < ${PAGE_BUDGET.p99Ms} ms: ${verdict(pageMet)})`,
    );
    console.log(
      `while sending, POST /api/results: ${Math.round(posts.requests.average)}/s, p99 ${posts.latency.p99} ms (budget < ${RUSH_GOAL.p99Ms} ms: ${verdict(postsMet)}); ` +
        `GET /api/results/${PUZZLE.id}: p99 ${reads.latency.p99} ms (budget < ${RUSH_GOAL.readP99Ms} ms: ${verdict(readsMet)})`,
    );
    const met = sentMet && rssMet && pageMet && readsMet && postsMet;
    console.log(`reminder budgets: ${verdict(met)}`);
    return { met };
  } finally {
    await receiver.close();
    rmSync(root, { recursive: true, force: true });
  }
}
