import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { type Database } from './db/database';
import {
  makeFixtureSite,
  testConfig,
  writeServerBuild,
  writeServerCatalogue,
} from './testing/fixture-site';
import { PREPARE_TIMEOUT_MS, embeddedTestDatabases } from './testing/test-databases';

/**
 * A page whose render fails reaches a player as the fallback screen, with its status, in HTML;
 * what went wrong stays in the log. Error texts sent to clients are the project's own words.
 */
const site = makeFixtureSite();
const databases = embeddedTestDatabases();
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  // A built server renderer whose every render throws, with an internal message.
  writeServerBuild(
    site.distDir,
    `export const pageModules = () => [];
     export async function renderPage() { throw new Error('secret internals at /srv/app'); }\n`,
  );
  writeServerCatalogue(site.distDir, []);
  await databases.prepare();
  db = await databases.fresh();
  app = createApp({ db, config: testConfig({ distDir: site.distDir }), logger: false });
}, PREPARE_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
  await db.close();
  await databases.dispose();
  site.remove();
});

describe('a page whose render fails', () => {
  it('gets the fallback screen with the status, as HTML, not the JSON error body', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/archive',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/<h1[^>]*>Unexpected Application Error!<\/h1>/);
    expect(response.body).toMatch(/<p[^>]*>500 Internal Server Error<\/p>/);
    expect(response.body).toMatch(/<a href="\/"[^>]*>Go to the home page<\/a>/);
    expect(response.body).not.toContain('secret internals');
  });
});

describe('error texts', () => {
  it('are our own words, never a plugin or library message', async () => {
    const badUrl = await app.inject({ method: 'GET', url: '/api/%zz' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.body).not.toContain('%zz');
    expect(badUrl.json()).toEqual({
      error: 'The request could not be handled. Please check it and try again.',
      fields: {},
    });
    const badPage = await app.inject({ method: 'GET', url: '/game%zz' });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.body).toMatch(/<p[^>]*>400 Bad Request<\/p>/);
    expect(badPage.body).not.toContain('%zz');
  });
});
