import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { type Database } from './db/database';
import { listInbox } from './db/inbox-store';
import { STORE_FAILED_MESSAGE } from './form-routes';
import { makeFixtureSite, testConfig } from './testing/fixture-site';
import { PREPARE_TIMEOUT_MS, embeddedTestDatabases } from './testing/test-databases';

/**
 * /api/health is about this process: 200 while it can serve pages, whatever the database does
 * (the database's state in the body); /api/health/database is the forms' readiness. A database
 * that stops answering leaves pages served and forms answered 503 with the text the form shows;
 * once it answers again, forms work without a restart.
 */
const site = makeFixtureSite();
const databases = embeddedTestDatabases();
let db: Database;
let down = false;
let app: FastifyInstance;

/** The test database, failing every statement while `down` (as a server that went away does). */
function switchable(inner: Database): Database {
  const refuse = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
  return {
    kind: 'postgres',
    query: (sql, params) => (down ? refuse() : inner.query(sql, params)),
    exec: (sql) => (down ? refuse() : inner.exec(sql)),
    transaction: (work) => (down ? refuse() : inner.transaction(work)),
    close: () => inner.close(),
  };
}

beforeAll(async () => {
  await databases.prepare();
  db = await databases.fresh();
  app = createApp({
    db: switchable(db),
    config: testConfig({ distDir: site.distDir }),
    logger: false,
  });
}, PREPARE_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
  await databases.dispose();
  site.remove();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const contact = (message: string) =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Ada', email: 'ada@example.com', message },
  });

describe('health while the database is down, and after', () => {
  it('is 200 with the database reachable, and the database ready', async () => {
    expect((await get('/api/health')).json()).toEqual({
      status: 'ok',
      database: 'reachable',
      site: 'built',
    });
    const ready = await get('/api/health/database');
    expect([ready.statusCode, ready.json()]).toEqual([200, { database: 'reachable' }]);
  });

  it('stays 200 (pages are served) with the database down; the database readiness is 503', async () => {
    down = true;
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'unreachable', site: 'built' });
    const ready = await get('/api/health/database');
    expect([ready.statusCode, ready.json()]).toEqual([503, { database: 'unreachable' }]);
    expect((await get('/')).statusCode).toBe(200);
    expect((await get('/about')).statusCode).toBe(200);
    const post = await contact('while down');
    expect(post.statusCode).toBe(503);
    expect(post.json()).toEqual({ error: STORE_FAILED_MESSAGE });
  });

  it('takes forms again once the database is back, without a restart', async () => {
    down = false;
    expect((await get('/api/health/database')).statusCode).toBe(200);
    const post = await contact('after');
    expect(post.statusCode).toBe(201);
    expect((await listInbox(db, 'messages')).map((entry) => entry.fields.message)).toEqual([
      'after',
    ]);
  });
});
