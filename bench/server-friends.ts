/**
 * Groups of friends at scale, part of `npm run bench:server` (alone: `--friends-only`): three
 * server processes on one PostgreSQL database (as bench/server-cluster.ts starts them), with
 * 10,000 groups of 2 to 50 members seeded straight into the database (one INSERT … SELECT a
 * table, the members' secrets known to the bench) and two days of results.
 *
 * 1. A group's page data: GET /api/friends/groups/<id> as a random member of a random group, at
 *    a steady 1,000 requests a second over the three processes, each request at its own moment
 *    and its latency counted from then (bench/paced-load.ts; autocannon's `overallRate` sends a
 *    second's requests in one burst). Budget: p99 ≤ 20 ms. Beside it, in the same run, the
 *    floor: GET /api/health at the same rate (one database round trip, nothing else).
 * 2. The midnight rush with groups, on the same three processes and database (as the issue
 *    states both figures: on PostgreSQL): every finished result is sent twice, as a player's
 *    browser does: to the crowd's figures (POST /api/results) and to the player's 3 groups (POST
 *    /api/friends/results with 3 members' tokens), each player from an address of their own.
 *    Budget: the results budget (bench/server-results.ts): at least 2,000 results a second, lost 0
 *    (crowd rows and group rows each counted against the answers). Beside it, in the same run,
 *    the crowd's results alone on the same stack, the rush's floor: GET /api/health/database
 *    as fast as the same connections go (half of it is more than the stack could finish here),
 *    and the rush's bare floor: the same posts to as many bare servers that store their rows and
 *    do nothing else (bench/bare-posts.ts), so a miss is told the machine's or the site's.
 *
 * The machine's load average is printed beside the figures: on a shared machine they are noisy.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { addDays, utcDate } from '../core/dates';
import { MAX_MEMBERS } from '../core/friends';
import { type Database } from '../server/db/database';
import { groupView } from '../server/db/friends-store';
import { countResults } from '../server/db/results-store';
import { writeServerCatalogue } from '../server/testing/fixture-site';
import { startServers, type ServerProcess } from '../server/testing/server-process';
import { postgresTestDatabases } from '../server/testing/test-databases';
import { pacedLoad, type PacedRequest } from './paced-load';
import { BARE_TABLE, rushBudgetLine, startBarePostServers } from './bare-posts';
import { addresses } from './server-cluster';
import { RUSH_GOAL } from './server-results';

export const FRIENDS_GOAL = { groups: 10_000, pageRate: 1000, pageP99Ms: 20, groupsPerPlayer: 3 };
const PROCESSES = 3;
const MIN_MEMBERS = 2;
const PUZZLE = 'puzzle_1';

const loadAverage = () => {
  const [one = 0, five = 0] = loadavg();
  return `load average ${one.toFixed(1)} (1 min), ${five.toFixed(1)} (5 min)`;
};

/** Group g's size: 2 to 50, spread evenly (mean 26). */
const sizeOf = (g: number) => MIN_MEMBERS + ((g * 7919) % (MAX_MEMBERS - MIN_MEMBERS + 1));
// Ids and secrets of the right shapes (core/friends.ts): 16 and 22 base64url characters.
const groupId = (g: number) => `g${String(g).padStart(15, '0')}`;
const memberId = (g: number, k: number) =>
  `m${String(g).padStart(7, '0')}${String(k).padStart(8, '0')}`;
const secret = (g: number, k: number) =>
  `s${String(g).padStart(11, '0')}${String(k).padStart(10, '0')}`;
const token = (g: number, k: number) => `${memberId(g, k)}.${secret(g, k)}`;
/** The same ids and secrets in SQL, for g and k columns. */
const SQL = {
  groupId: `'g' || lpad(g::text, 15, '0')`,
  memberId: `'m' || lpad(g::text, 7, '0') || lpad(k::text, 8, '0')`,
  secretHash: `translate(rtrim(encode(sha256(convert_to('s' || lpad(g::text, 11, '0') || lpad(k::text, 10, '0'), 'UTF8')), 'base64'), '='), '+/', '-_')`,
  size: `(${MIN_MEMBERS} + ((g * 7919) % ${MAX_MEMBERS - MIN_MEMBERS + 1}))`,
};

/** 10,000 groups, their members, and results of the two days before today for every other member. */
export async function seed(db: Database, today: string): Promise<number> {
  const groups = FRIENDS_GOAL.groups;
  await db.query(
    `INSERT INTO friend_groups (id, invite_hash, name, last_played_on)
     SELECT ${SQL.groupId}, md5('invite' || g), 'Group ' || g, $2::date
       FROM generate_series(0, $1::integer - 1) AS g`,
    [groups, addDays(today, -1)],
  );
  await db.query(
    `INSERT INTO friend_members (id, group_id, name, secret_hash, starter, joined_on, joined_at,
                                 played, wins, won_tries, streak, streak_before, streak_day)
     SELECT ${SQL.memberId}, ${SQL.groupId}, 'Player ' || k, ${SQL.secretHash}, k = 0, $2::date,
            now() + k * interval '1 second', 2 * (k % 2), 2 * (k % 2), 6 * (k % 2), 2 * (k % 2), 0,
            CASE WHEN k % 2 = 1 THEN $3::date END
       FROM generate_series(0, $1::integer - 1) AS g,
            LATERAL generate_series(0, ${SQL.size} - 1) AS k`,
    [groups, addDays(today, -30), addDays(today, -1)],
  );
  await db.query(
    `INSERT INTO friend_results (member_id, group_id, day, puzzle_id, won, tries, grid)
     SELECT ${SQL.memberId}, ${SQL.groupId}, $2::date - d, 'puzzle_0', true, 3, '123012300000'
       FROM generate_series(0, $1::integer - 1) AS g,
            LATERAL generate_series(1, ${SQL.size} - 1, 2) AS k,
            generate_series(1, 2) AS d`,
    [groups, today],
  );
  // A site's tables in their steady state, not just after half a million inserts: vacuumed (so
  // autovacuum does not start on them during the run) and their statistics taken.
  for (const table of ['friend_groups', 'friend_members', 'friend_results'])
    await db.query(`VACUUM ANALYZE ${table}`);
  const rows = await db.query('SELECT count(*)::integer AS n FROM friend_members');
  return z.object({ n: z.number() }).parse(rows[0]).n;
}

/** Every (group, member) once, member by member: consecutive ones are in different groups. */
function* memberships(): Generator<[number, number]> {
  for (let k = 0; k < MAX_MEMBERS; k += 1)
    for (let g = 0; g < FRIENDS_GOAL.groups; g += 1) if (k < sizeOf(g)) yield [g, k];
}

const count = async (db: Database, sql: string, params: unknown[] = []) =>
  z.object({ n: z.number() }).parse((await db.query(sql, params))[0]).n;

export interface FriendsBenchResult {
  pageP99Ms: number;
  floorP99Ms: number;
  /** Half the rate of the cheapest database request on the same stack: a finished result is two. */
  rushFloorPerSecond: number;
  /** What bare servers finish of the same posts on the same stack (bench/bare-posts.ts). */
  bareFloorPerSecond: number;
  pageRate: number;
  resultsPerSecond: number;
  lost: number;
  met: boolean;
}

export async function runFriendsBench(options: {
  duration: number;
  connections: number;
}): Promise<FriendsBenchResult> {
  const { duration, connections } = options;
  const today = utcDate(Date.now());
  const root = mkdtempSync(join(tmpdir(), 'linchpin-bench-friends-'));
  const distDir = join(root, 'site');
  writeServerCatalogue(distDir, [
    { id: 'puzzle_0', date: addDays(today, -2) },
    { id: PUZZLE, date: today },
  ]);
  const databases = postgresTestDatabases();
  console.log('');
  console.log(
    `Groups of friends: ${PROCESSES} server processes on one PostgreSQL database, ${FRIENDS_GOAL.groups.toLocaleString('en')} groups of ${MIN_MEMBERS}-${MAX_MEMBERS} members …`,
  );
  await databases.prepare();
  const db = await databases.fresh();
  let servers: ServerProcess[] = [];
  try {
    const seeding = Date.now();
    const members = await seed(db, today);
    console.log(
      `seeded ${FRIENDS_GOAL.groups.toLocaleString('en')} groups, ${members.toLocaleString('en')} members, ` +
        `${(await count(db, 'SELECT count(*)::integer AS n FROM friend_results')).toLocaleString('en')} results in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );
    // The page data's queries alone, in this process (no HTTP): what the database and code cost.
    const alone: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const g = (i * 7) % FRIENDS_GOAL.groups;
      const began = performance.now();
      const view = await groupView(db, groupId(g), token(g, 0), today);
      alone.push(performance.now() - began);
      if (!view) throw new Error(`no page data for group ${g}`);
    }
    alone.sort((a, b) => a - b);
    console.log(
      `a group's page data, its queries alone (server/db/friends-store.ts groupView, 300 groups one after another): ` +
        `p50 ${(alone[150] ?? 0).toFixed(1)} ms, p99 ${(alone[296] ?? 0).toFixed(1)} ms (${loadAverage()})`,
    );
    const env = {
      DATABASE_URL: databases.lastUrl() ?? '',
      DIST_DIR: distDir,
      RESULTS_RATE_LIMIT_MAX: '1000000000',
      RESULTS_PER_ADDRESS: '1000000000',
      RESULTS_PER_NETWORK: '1000000000',
      GROUPS_RATE_LIMIT_MAX: '1000000000',
      // Many players behind the site's proxy, as in production: each request from an address of
      // its own (X-Forwarded-For), so each counts in its own rate-limit row, not all in one.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'error',
    };
    const nextAddress = addresses();
    servers = await startServers(PROCESSES, env);

    // 1. A group's page data at a fixed rate.
    let pick = 0;
    const randomMember = (): [number, number] => {
      pick = (pick * 1103515245 + 12345) % 2 ** 31;
      const g = pick % FRIENDS_GOAL.groups;
      return [g, (pick >> 7) % sizeOf(g)];
    };
    const pageRequest = () => {
      const [g, k] = randomMember();
      return {
        path: `/api/friends/groups/${groupId(g)}`,
        headers: { authorization: `Bearer ${token(g, k)}`, 'x-forwarded-for': nextAddress() },
      };
    };
    const pageRun = (seconds: number, request: () => PacedRequest = pageRequest) =>
      pacedLoad({
        targets: servers.map((server) => server.url),
        rate: FRIENDS_GOAL.pageRate,
        seconds,
        connections: 8,
        request,
      });
    await pageRun(2); // warm-up: the JIT, the connection pools, the plans
    // The floor of this machine and harness, measured beside it: the same rate of the cheapest
    // request that also goes to the database (/api/health: one round trip, no rate limit, no
    // tables), so a missed budget can be told apart from a busy machine.
    const floor = await pageRun(duration, () => ({ path: '/api/health' }));
    console.log(
      `the floor, GET /api/health at the same rate (${loadAverage()}): p50 ${floor.p50.toFixed(1)} ms, p99 ${floor.p99.toFixed(1)} ms, max ${floor.max.toFixed(0)} ms`,
    );
    console.log(
      `GET /api/friends/groups/<id> at ${FRIENDS_GOAL.pageRate}/s, evenly paced, over the ${servers.length} for ${duration} s (${loadAverage()}) …`,
    );
    const pages = await pageRun(duration);
    const pageOk = pages.statuses[200] ?? 0;
    const pageP99Ms = pages.p99;
    const pageRate = pageOk / duration;
    const pagesMet = pageP99Ms <= FRIENDS_GOAL.pageP99Ms && pageOk === pages.sent;
    console.log(
      `group page data: ${Math.round(pageRate)}/s (200: ${pageOk} of ${pages.sent}), p50 ${pages.p50.toFixed(1)} ms, ` +
        `p99 ${pageP99Ms.toFixed(1)} ms, max ${pages.max.toFixed(0)} ms (${loadAverage()}); ` +
        `the slowest fell due at ${pages.slowest
          .slice(0, 3)
          .map((slow) => `${(slow.dueMs / 1000).toFixed(2)} s (${slow.ms.toFixed(0)} ms)`)
          .join(', ')}`,
    );
    console.log(
      `budget (p99 ≤ ${FRIENDS_GOAL.pageP99Ms} ms at ${FRIENDS_GOAL.pageRate}/s, every answer 200): ${pagesMet ? 'met' : 'NOT met'}`,
    );

    // 2. The midnight rush: each finished result to the crowd and to the player's 3 groups, on
    // the same three processes and PostgreSQL database as the page data (the connections spread
    // over them), the per-address limits lifted as the results budget's bench lifts them.
    const players = memberships();
    const nextPlayer = () => {
      const tokens: string[] = [];
      for (let i = 0; i < FRIENDS_GOAL.groupsPerPlayer; i += 1) {
        const next = players.next();
        if (next.done) throw new Error('more players than the seeded members');
        tokens.push(token(...next.value));
      }
      return tokens;
    };
    const result = { day: today, puzzleId: PUZZLE, won: true, tries: 2, grid: '12300000' };
    const crowd = JSON.stringify({
      puzzleId: PUZZLE,
      mode: 'normal',
      won: true,
      tries: 2,
      wrongTries: [[1]],
      browserId: '<id>',
    });
    const json = { 'content-type': 'application/json' };
    const crowdPost = {
      method: 'POST' as const,
      path: '/api/results',
      headers: json,
      // Each player from an address of their own, as behind the site's proxy.
      setupRequest: (request: autocannon.Request) => ({
        ...request,
        headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
        body: crowd.replace('<id>', randomUUID()),
      }),
    };
    const groupPost: autocannon.Request = {
      method: 'POST',
      path: '/api/friends/results',
      headers: json,
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
        body: JSON.stringify({ result, members: nextPlayer() }),
      }),
    };
    // The connections spread over the processes, each running the requests in turn.
    const rushOn = (
      requests: autocannon.Request[],
      urls: readonly string[] = servers.map((server) => server.url),
    ) =>
      Promise.all(
        urls.map((url) =>
          autocannon({
            url,
            connections: Math.ceil(connections / servers.length),
            duration,
            requests,
          }),
        ),
      );
    // The rush's floor on this machine: the cheapest request that reaches the database
    // (/api/health/database: one round trip, no rate limit, no write), as fast as the same connections
    // go. A finished result is two posts, each more work than this, so half this rate is more
    // than the stack could finish here whatever the code.
    const floorRush = await rushOn([{ method: 'GET', path: '/api/health/database' }]);
    const floorRate =
      floorRush.reduce((sum, r) => sum + (r.statusCodeStats?.['200']?.count ?? 0), 0) / duration;
    console.log(
      `the rush's floor, GET /api/health/database as fast as ${connections} connections go: ${Math.round(floorRate)}/s, ` +
        `p99 ${Math.max(...floorRush.map((r) => r.latency.p99))} ms (${loadAverage()}); a finished result is two ` +
        `heavier posts: at most ${Math.round(floorRate / 2)} finished results/s on this machine`,
    );
    // The rush's bare floor (bench/bare-posts.ts): the same posts to as many bare servers on the
    // same database, each post's rows stored and nothing else. A budget this misses too is the
    // machine's; the distance from it to the rush below is the site's own work.
    await db.query(BARE_TABLE);
    const bare = await startBarePostServers(
      servers.length,
      databases.lastUrl() ?? '',
      FRIENDS_GOAL.groupsPerPlayer,
    );
    const bareRush = await rushOn(
      [
        crowdPost,
        {
          ...groupPost,
          // A body of the same size, made as fast, without spending the rush's members.
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
            body: JSON.stringify({ result, members: [token(0, 0), token(0, 1), token(1, 0)] }),
          }),
        },
      ],
      bare.map((server) => server.url),
    ).finally(() => Promise.all(bare.map((server) => server.stop())));
    const bare201 = bareRush.reduce((sum, r) => sum + (r.statusCodeStats?.['201']?.count ?? 0), 0);
    const bareRows = await count(db, 'SELECT count(*)::integer AS n FROM bare_posts');
    const bareFloor = bare201 / 2 / duration;
    console.log(
      `the rush's bare floor, the same posts to ${bare.length} bare servers storing their rows and nothing else (node:http, one INSERT a batch; bench/bare-posts.ts), ${connections} connections: ` +
        `${Math.round(bareFloor)} finished results/s, p99 ${Math.max(...bareRush.map((r) => r.latency.p99))} ms, ` +
        `${bareRows} rows for ${bare201} posts (${loadAverage()})`,
    );
    // Beside it, in the same run: the crowd's results alone on the same stack, so the cost of
    // the groups can be told apart from what the stack does on this machine.
    const crowdOnly = await rushOn([crowdPost]);
    const alone201 = crowdOnly.reduce(
      (sum, r) => sum + (r.statusCodeStats?.['201']?.count ?? 0),
      0,
    );
    const before = await countResults(db);
    console.log(
      `the crowd's results alone on the same ${servers.length} processes: ${Math.round(alone201 / duration)}/s, ` +
        `p99 ${Math.max(...crowdOnly.map((r) => r.latency.p99))} ms, stored ${before} of ${alone201} (${loadAverage()})`,
    );
    console.log(
      `Midnight rush with groups, on the same ${servers.length} processes: POST /api/results and POST /api/friends/results (${FRIENDS_GOAL.groupsPerPlayer} groups) for each finished result, ${connections} connections for ${duration} s …`,
    );
    const rush = await rushOn([crowdPost, groupPost]);
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    servers = [];
    const crowd201 = rush.reduce((sum, r) => sum + (r.statusCodeStats?.['201']?.count ?? 0), 0);
    const friends200 = rush.reduce((sum, r) => sum + (r.statusCodeStats?.['200']?.count ?? 0), 0);
    const total = rush.reduce((sum, r) => sum + r.requests.total, 0);
    const errors = rush.reduce((sum, r) => sum + r.errors + r.timeouts, 0);
    const crowdStored = (await countResults(db)) - before;
    const groupRows = await count(
      db,
      'SELECT count(*)::integer AS n FROM friend_results WHERE day = $1::date',
      [today],
    );
    const lost =
      Math.max(0, crowd201 - crowdStored) +
      Math.max(0, friends200 * FRIENDS_GOAL.groupsPerPlayer - groupRows);
    const resultsPerSecond = Math.min(crowd201, friends200) / duration;
    const rushMet = resultsPerSecond >= RUSH_GOAL.perSecond && lost === 0;
    console.log(
      `finished results: ${Math.round(resultsPerSecond)}/s, each to the crowd (201: ${crowd201}) and to ${FRIENDS_GOAL.groupsPerPlayer} groups (200: ${friends200}); ` +
        `p99 ${Math.max(...rush.map((r) => r.latency.p99))} ms; ${total - crowd201 - friends200} other answers, ${errors} errors or timeouts (${loadAverage()})`,
    );
    console.log(
      `stored: ${crowdStored} crowd results, ${groupRows} group results of today (${FRIENDS_GOAL.groupsPerPlayer} × ${friends200} answered); lost: ${lost}`,
    );
    console.log(rushBudgetLine(RUSH_GOAL.perSecond, resultsPerSecond, lost, bareFloor));
    return {
      pageP99Ms,
      floorP99Ms: floor.p99,
      rushFloorPerSecond: floorRate / 2,
      bareFloorPerSecond: bareFloor,
      pageRate,
      resultsPerSecond,
      lost,
      met: pagesMet && rushMet,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await databases.dispose();
    rmSync(root, { recursive: true, force: true });
  }
}
