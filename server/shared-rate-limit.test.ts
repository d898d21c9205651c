import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtureSite } from './testing/fixture-site';
import { startServers, type ServerProcess } from './testing/server-process';
import { PREPARE_TIMEOUT_MS, postgresTestDatabases } from './testing/test-databases';

/**
 * Several servers, one database: three real server processes on one PostgreSQL database behind a
 * proxy (one trusted hop) count each client address's posts together.
 */
const TEST_TIMEOUT_MS = 180_000;
const LIMIT = 10;

describe('three server processes on one PostgreSQL database', () => {
  const site = makeFixtureSite();
  const databases = postgresTestDatabases();
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    await databases.prepare();
    await databases.fresh();
    const env = {
      DATABASE_URL: databases.lastUrl() ?? '',
      DIST_DIR: site.distDir,
      RATE_LIMIT_MAX: String(LIMIT),
      RATE_LIMIT_WINDOW: '10 minutes',
      TRUST_PROXY: '1',
    };
    servers = await startServers(3, env);
  }, PREPARE_TIMEOUT_MS + TEST_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await databases.dispose();
    site.remove();
  });

  const post = async (server: ServerProcess | undefined, client: string, message: string) => {
    if (!server) throw new Error('no server');
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message }),
    });
    return response.status;
  };

  it(
    `refuses a client's ${LIMIT + 1}th post in the window whichever process gets it`,
    async () => {
      const client = '203.0.113.7';
      const accepted: number[] = [];
      for (let index = 0; index < LIMIT; index += 1)
        accepted.push(await post(servers[index % 3], client, `post ${index + 1}`));
      expect(accepted).toEqual(Array.from({ length: LIMIT }, () => 201));

      // The 11th lands on the second process, which saw only 3 of the 10 before it.
      expect(await post(servers[LIMIT % 3], client, 'one too many')).toBe(429);
      for (const server of servers) expect(await post(server, client, 'and again')).toBe(429);

      // Another player behind the same proxy is counted apart.
      expect(await post(servers[2], '203.0.113.8', 'someone else')).toBe(201);
    },
    TEST_TIMEOUT_MS,
  );
});
