import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { utcDate } from '../core/dates';
import { MAX_MEMBERS, type FriendResult } from '../core/friends';
import { joinedSchema, postResultAnswerSchema, type Joined } from '../core/friends-schema';
import { type Database } from './db/database';
import { makeFixtureSite, writeServerCatalogue } from './testing/fixture-site';
import { startServers, type ServerProcess } from './testing/server-process';
import { PREPARE_TIMEOUT_MS, postgresTestDatabases } from './testing/test-databases';

/**
 * Groups of friends under load, as three real server processes on one PostgreSQL database serve
 * them: joins (a group's last places taken at once), results (the same result sent to two
 * processes at once, members of overlapping groups posting in different orders), leaves and
 * removals, all at the same time. Every request is answered as it would be alone (never a
 * deadlock or a serialization failure), and the tables end as the requests say.
 */
const TEST_TIMEOUT_MS = 240_000;
const ROUNDS = Number(process.env.FRIENDS_ROUNDS ?? 12);
const GROUPS = 4;
const PLAYERS = 24;
const today = utcDate(Date.now());

describe('groups of friends on three server processes and one PostgreSQL database', () => {
  const site = makeFixtureSite();
  writeServerCatalogue(site.distDir, [{ id: 'puzzle_1', date: today }]);
  const databases = postgresTestDatabases();
  let db: Database;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    await databases.prepare();
    db = await databases.fresh();
    const env = {
      DATABASE_URL: databases.lastUrl() ?? '',
      DIST_DIR: site.distDir,
      RESULTS_RATE_LIMIT_MAX: '100000',
      GROUPS_RATE_LIMIT_MAX: '100000',
    };
    servers = await startServers(3, env);
  }, PREPARE_TIMEOUT_MS + TEST_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await databases.dispose();
    site.remove();
  });

  /** Every answer, by what was asked: a status no request alone would get fails the test. */
  const answers: { what: string; status: number }[] = [];
  let spread = 0;
  const call = async (
    what: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { body?: unknown; token?: string; server?: number } = {},
  ): Promise<{ status: number; body: unknown }> => {
    const server = servers[(options.server ?? spread++) % servers.length];
    if (!server) throw new Error('no server');
    const response = await fetch(`${server.url}/api/friends${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? null : JSON.stringify(options.body),
    });
    const body: unknown = await response.json().catch(() => null);
    answers.push({ what, status: response.status });
    return { status: response.status, body };
  };

  const won: FriendResult = {
    day: today,
    puzzleId: 'puzzle_1',
    won: true,
    tries: 2,
    grid: '12300000',
  };

  const start = async (groupName: string, name: string): Promise<Joined> =>
    joinedSchema.parse(
      (await call('start', 'POST', '/groups', { body: { groupName, name } })).body,
    );
  const join = async (invite: string, name: string): Promise<Joined | number> => {
    const { status, body } = await call('join', 'POST', '/members', { body: { invite, name } });
    return status === 201 ? joinedSchema.parse(body) : status;
  };

  const count = async (sql: string, params: unknown[]) =>
    z.object({ n: z.number() }).parse((await db.query(sql, params))[0]).n;

  it(
    "a group's last places taken at once: exactly the 50 a group holds, the rest told it is full",
    async () => {
      const starter = await start('Crowded', 'Starter');
      const joins = await Promise.all(
        Array.from({ length: MAX_MEMBERS + 10 }, (_, i) => join(starter.invite, `Joiner ${i}`)),
      );
      expect(joins.filter((joined) => typeof joined !== 'number')).toHaveLength(MAX_MEMBERS - 1);
      expect(joins.filter((joined) => joined === 409)).toHaveLength(11);
      expect(
        await count('SELECT count(*)::integer AS n FROM friend_members WHERE group_id = $1', [
          starter.group.id,
        ]),
      ).toBe(MAX_MEMBERS);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'joins, results sent twice at once, leaves and removals at once: each result counts once, no deadlock',
    async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const groups = await Promise.all(
          Array.from({ length: GROUPS }, (_, g) => start(`Round ${round} group ${g}`, 'Starter')),
        );
        // Each player in 2 or 3 overlapping groups, joined all at once.
        const memberships = Array.from({ length: PLAYERS }, (_, p) =>
          [p, p + 1, p + 2].slice(0, p % 2 === 0 ? 3 : 2).map((g) => g % GROUPS),
        );
        const players = await Promise.all(
          memberships.map(async (own, p) =>
            Promise.all(
              own.map(async (g) => {
                const joined = await join((groups[g] as Joined).invite, `Player ${p}`);
                if (typeof joined === 'number') throw new Error(`join answered ${joined}`);
                return joined;
              }),
            ),
          ),
        );
        const tokens = (p: number) => (players[p] ?? []).map((joined) => joined.member.token);
        // Players 0-3 leave their first group, and its starter removes players 4-7 from theirs,
        // while everyone posts: each result twice, to two processes, its groups in two orders.
        const leaving = [0, 1, 2, 3];
        const removed = [4, 5, 6, 7];
        const late = Array.from({ length: 6 }, (_, i) => i);
        const posts = players.map(async (_, p) => {
          const twice = await Promise.all([
            call('result', 'POST', '/results', {
              body: { result: won, members: tokens(p) },
              server: p,
            }),
            call('result', 'POST', '/results', {
              body: { result: won, members: [...tokens(p)].reverse() },
              server: p + 1,
            }),
          ]);
          // A refusal is caught below, with every other answer no request alone would get.
          return twice.map(({ body }) => postResultAnswerSchema.safeParse(body).data?.groups ?? {});
        });
        const starters = groups.map((group, g) =>
          call('result', 'POST', '/results', {
            body: { result: won, members: [group.member.token] },
            server: g,
          }),
        );
        const leaves = leaving.map((p) => {
          const first = players[p]?.[0] as Joined;
          return call('leave', 'DELETE', `/groups/${first.group.id}/members/${first.member.id}`, {
            token: first.member.token,
          });
        });
        const removals = removed.map((p) => {
          const first = players[p]?.[0] as Joined;
          const starter = groups.find((group) => group.group.id === first.group.id) as Joined;
          return call('remove', 'DELETE', `/groups/${first.group.id}/members/${first.member.id}`, {
            token: starter.member.token,
          });
        });
        const joinsLate = late.map((i) => join((groups[i % GROUPS] as Joined).invite, `Late ${i}`));
        const [outcomes] = await Promise.all([
          Promise.all(posts),
          Promise.all(starters),
          Promise.all(leaves),
          Promise.all(removals),
          Promise.all(joinsLate),
        ]);

        expectAnswersAlone();
        // Of each result sent twice, one added it to each group it stays in; the other found it there.
        outcomes.forEach((twice, p) => {
          const stays = (players[p] ?? []).filter(
            (_, i) => i > 0 || !(leaving.includes(p) || removed.includes(p)),
          );
          for (const joined of stays) {
            const seen = twice.map((groupsOf) => groupsOf[joined.group.id]).sort();
            expect(seen, `player ${p} in ${joined.group.id}`).toEqual(['added', 'already added']);
          }
        });
        const ids = groups.map((group) => group.group.id);
        // The tables: one result a member, each member's tally as its results, gone members gone.
        const members = z
          .array(
            z.object({
              id: z.string(),
              name: z.string(),
              played: z.number(),
              wins: z.number(),
              won_tries: z.number(),
              streak: z.number(),
              results: z.number(),
            }),
          )
          .parse(
            await db.query(
              `SELECT m.id, m.name, m.played, m.wins, m.won_tries, m.streak,
                      (SELECT count(*)::integer FROM friend_results r WHERE r.member_id = m.id) AS results
                 FROM friend_members m WHERE m.group_id = ANY($1::text[])`,
              [ids],
            ),
          );
        const posted = members.filter((member) => !member.name.startsWith('Late'));
        expect(posted).toHaveLength(
          GROUPS + memberships.flat().length - leaving.length - removed.length,
        );
        for (const member of posted)
          expect(member, member.name).toMatchObject({
            played: 1,
            wins: 1,
            won_tries: 2,
            streak: 1,
            results: 1,
          });
        for (const member of members.filter((m) => m.name.startsWith('Late')))
          expect(member).toMatchObject({ played: 0, results: 0 });
        const gone = [...leaving, ...removed].map((p) => (players[p]?.[0] as Joined).member.id);
        expect(
          await count(
            `SELECT count(*)::integer AS n FROM friend_results WHERE member_id = ANY($1::text[])`,
            [gone],
          ),
        ).toBe(0);
        expect(
          await count(
            `SELECT count(*)::integer AS n FROM friend_groups WHERE id = ANY($1::text[]) AND last_played_on = $2::date`,
            [ids, today],
          ),
        ).toBe(GROUPS);
      }
    },
    TEST_TIMEOUT_MS,
  );

  /** Every request was answered as it would be alone: never a deadlock or a failed serialization. */
  function expectAnswersAlone() {
    const unexpected = answers.filter(
      ({ what, status }) =>
        !(
          (what === 'start' && status === 201) ||
          (what === 'join' && (status === 201 || status === 409)) ||
          (['result', 'leave', 'remove'].includes(what) && status === 200)
        ),
    );
    const logs = servers.map((server) => server.output()).join('\n');
    expect(unexpected, logs.slice(0, 3000)).toEqual([]);
    expect(logs).not.toMatch(/deadlock|could not serialize|40P01|40001/i);
  }
});
