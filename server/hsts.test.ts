import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { ConfigError, HSTS_SETTINGS, loadConfig, type HstsSetting } from './config';
import { type Database } from './db/database';
import { HSTS_MAX_AGE_S, securityHeaders } from './security-headers';
import { FIXTURE_ASSET, makeFixtureSite, testConfig } from './testing/fixture-site';
import { PREPARE_TIMEOUT_MS, embeddedTestDatabases } from './testing/test-databases';

/**
 * HSTS (issue 40): `on` by default, for the site's own host only; `subdomains` adds
 * includeSubDomains, which an owner chooses knowing what every subdomain serves; `off` sends none.
 */
const EXPECTED: Record<HstsSetting, string | undefined> = {
  off: undefined,
  on: `max-age=${HSTS_MAX_AGE_S}`,
  subdomains: `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`,
};

const NO_INLINE = { inline: { scripts: [], styles: [] }, ads: false, analytics: false };

describe('the HSTS setting', () => {
  it('is "on" (this host only) when unset, and reads each value in any case', () => {
    expect(loadConfig({}, '/srv').hsts).toBe('on');
    expect(
      HSTS_SETTINGS.map((value) => loadConfig({ HSTS: value.toUpperCase() }, '/srv').hsts),
    ).toEqual(['off', 'on', 'subdomains']);
  });

  it('refuses any other value with a message naming HSTS', () => {
    expect(() => loadConfig({ HSTS: 'includeSubDomains' }, '/srv')).toThrow(ConfigError);
    expect(() => loadConfig({ HSTS: 'yes' }, '/srv')).toThrow(
      'HSTS must be off, on (this host only) or subdomains (this host and its subdomains), not "yes".',
    );
  });

  it.each(HSTS_SETTINGS)('%s: the header the site sends', (setting) => {
    expect(securityHeaders({ ...NO_INLINE, hsts: setting })['Strict-Transport-Security']).toBe(
      EXPECTED[setting],
    );
  });
});

describe('the server with each HSTS setting', () => {
  const site = makeFixtureSite();
  const databases = embeddedTestDatabases();
  let db: Database;

  beforeAll(async () => {
    await databases.prepare();
    db = await databases.fresh();
  }, PREPARE_TIMEOUT_MS);
  afterAll(async () => {
    await db.close();
    await databases.dispose();
    site.remove();
  });

  it.each([...HSTS_SETTINGS, undefined])('HSTS=%s: every answer carries it', async (setting) => {
    const app = createApp({
      db,
      config: { ...testConfig({ distDir: site.distDir }), ...(setting ? { hsts: setting } : {}) },
      logger: false,
    });
    try {
      for (const url of ['/', FIXTURE_ASSET, '/api/health']) {
        const response = await app.inject({ url });
        expect(response.headers['strict-transport-security'], url).toBe(EXPECTED[setting ?? 'on']);
      }
    } finally {
      await app.close();
    }
  });
});
