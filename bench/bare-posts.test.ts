import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database } from '../server/db/database';
import { PREPARE_TIMEOUT_MS, postgresTestDatabases } from '../server/testing/test-databases';
import { type ServerProcess } from '../server/testing/server-process';
import { BARE_TABLE, rushBudgetLine, startBarePostServers } from './bare-posts';

describe('the rush’s budget line beside its bare floor', () => {
  it('says met when the rate is reached with nothing lost, whatever the floor', () => {
    expect(rushBudgetLine(2000, 2100, 0, 900)).toBe('budget (≥ 2000 results/s, lost 0): met');
  });

  it('marks a miss the bare floor shares as the machine’s, and keeps it a miss', () => {
    expect(rushBudgetLine(2000, 450, 0, 1500.4)).toBe(
      'budget (≥ 2000 results/s, lost 0): NOT met; its bare floor misses it too here: 1500/s',
    );
  });

  it('marks a miss under a floor that meets it as the site’s own work, with how far the floor is', () => {
    expect(rushBudgetLine(2000, 450, 0, 2475)).toBe(
      "budget (≥ 2000 results/s, lost 0): NOT met; its bare floor meets it here (2475/s, 5.5× the site's): the site's own work",
    );
  });

  it('never calls a rate met that lost results', () => {
    expect(rushBudgetLine(2000, 2500, 3, 3000)).toMatch(/NOT met/);
  });
});

describe('the bare post servers', () => {
  const databases = postgresTestDatabases();
  let db: Database;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    await databases.prepare();
    db = await databases.fresh();
    await db.query(BARE_TABLE);
    servers = await startBarePostServers(2, databases.lastUrl() ?? '', 3);
  }, PREPARE_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await databases.dispose();
  });

  const rows = async () =>
    z
      .object({ n: z.number() })
      .parse((await db.query('SELECT count(*)::integer AS n FROM bare_posts'))[0]).n;

  it('answer 201 only once a post’s rows are stored: one for the crowd, one a group for the groups', async () => {
    const post = (server: ServerProcess | undefined, path: string, body: string) =>
      fetch(`${server?.url ?? ''}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const crowd = await post(servers[0], '/api/results', '{"tries":2}');
    expect(crowd.status).toBe(201);
    expect(await rows()).toBe(1);
    const group = await post(servers[1], '/api/friends/results', '{"members":["a","b","c"]}');
    expect(group.status).toBe(201);
    expect(await rows()).toBe(4);
    const stored = await db.query('SELECT body FROM bare_posts ORDER BY id');
    expect(stored.map((row) => row.body)).toEqual([
      '{"tries":2}',
      ...Array.from({ length: 3 }, () => '{"members":["a","b","c"]}'),
    ]);
  });

  it('store every post of a burst, each in some batch', async () => {
    const before = await rows();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${servers[i % 2]?.url ?? ''}/api/results`, { method: 'POST', body: `${i}` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    expect((await rows()) - before).toBe(60);
  });
});
