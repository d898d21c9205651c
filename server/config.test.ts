import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration, parseTrustProxy } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/linchpin');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has defaults for a plain `npm start`', () => {
    const config = loadConfig({}, '/srv/linchpin');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/linchpin/data',
      databaseUrl: null,
      rateLimit: { max: 10, windowMs: 60_000 },
      resultsRateLimit: { max: 120, windowMs: 60_000 },
      resultsPerAddress: 30,
      trustProxy: false,
      siteUrl: null,
      logLevel: 'info',
      csp: { ads: false, analytics: false, formOrigins: [] },
      drainMs: 5000,
      keepHandledDays: 90,
      backupDir: '/srv/linchpin/data/backups',
    });
    expect(config.distDir).toMatch(/dist$/);
  });

  it('reads the drain period and how long handled messages are kept, and refuses bad ones', () => {
    expect(loadConfig({ DRAIN_PERIOD: '30s', KEEP_HANDLED_DAYS: '30' }, '/srv')).toMatchObject({
      drainMs: 30_000,
      keepHandledDays: 30,
    });
    expect(loadConfig({ DRAIN_PERIOD: '0' }, '/srv').drainMs).toBe(0);
    expect(problemsOf({ DRAIN_PERIOD: 'a while', KEEP_HANDLED_DAYS: '0' })).toEqual([
      'DRAIN_PERIOD must be a duration of at most 5 minutes such as "5s", "30 seconds" or 0, not "a while".',
      'KEEP_HANDLED_DAYS must be a whole number of days from 1 to 335 (the privacy page promises 12 months, backups included), not "0".',
    ]);
    // Past 335 days a message would outlive the 12 months in the last backup that holds it.
    expect(problemsOf({ KEEP_HANDLED_DAYS: '400' })).toHaveLength(1);
  });

  it('reads BACKUP_DIR, by default a folder in DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: 'state' }, '/srv').backupDir).toBe('/srv/state/backups');
    expect(loadConfig({ BACKUP_DIR: '/var/lib/linchpin/backups' }, '/srv').backupDir).toBe(
      '/var/lib/linchpin/backups',
    );
  });

  it('counts 300 results of a puzzle from one IPv6 /48 by default, and reads RESULTS_PER_NETWORK', () => {
    expect(loadConfig({}, '/srv').resultsPerNetwork).toBe(300);
    expect(loadConfig({ RESULTS_PER_NETWORK: '1000' }, '/srv').resultsPerNetwork).toBe(1000);
    expect(problemsOf({ RESULTS_PER_NETWORK: '0' })).toEqual([
      'RESULTS_PER_NETWORK must be a whole number of results from 1 up, not "0".',
    ]);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '3000',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/linchpin',
        DATABASE_URL: 'postgres://linchpin:secret@db.internal:5432/linchpin',
        RATE_LIMIT_MAX: '25',
        RATE_LIMIT_WINDOW: '30s',
        RESULTS_RATE_LIMIT_MAX: '600',
        RESULTS_RATE_LIMIT_WINDOW: '2 minutes',
        RESULTS_PER_ADDRESS: '60',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        SITE_URL: 'https://linchpin.example/',
        DIST_DIR: 'build/site',
        LOG_LEVEL: 'WARN',
        VITE_AD_CLIENT: 'ca-pub-123',
        VITE_AD_SLOT: '456',
        VITE_ANALYTICS_ID: 'G-ABC',
        VITE_CONTACT_FORM_URL: 'https://forms.example/f/contact',
        VITE_PUZZLE_FORM_URL: 'https://forms.example/f/puzzles',
      },
      '/srv/linchpin',
    );
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/var/lib/linchpin',
      databaseUrl: 'postgres://linchpin:secret@db.internal:5432/linchpin',
      rateLimit: { max: 25, windowMs: 30_000 },
      resultsRateLimit: { max: 600, windowMs: 120_000 },
      resultsPerAddress: 60,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      siteUrl: 'https://linchpin.example',
      distDir: '/srv/linchpin/build/site',
      logLevel: 'warn',
      csp: { ads: true, analytics: true, formOrigins: ['https://forms.example'] },
    });
  });

  it('allows the ad network in the CSP exactly when the site shows ads: client and slot both set', () => {
    expect(loadConfig({ VITE_AD_CLIENT: 'ca-pub-123' }, '/srv').csp.ads).toBe(false);
    expect(loadConfig({ VITE_AD_SLOT: '456' }, '/srv').csp.ads).toBe(false);
    expect(loadConfig({ VITE_AD_CLIENT: 'ca-pub-123', VITE_AD_SLOT: '456' }, '/srv').csp.ads).toBe(
      true,
    );
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }, '/srv').port).toBe(8080);
    expect(loadConfig({ DATABASE_URL: '  ' }, '/srv').databaseUrl).toBeNull();
  });

  it('names each bad value with what it should be', () => {
    expect(
      problemsOf({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        RATE_LIMIT_MAX: '0',
        RATE_LIMIT_WINDOW: 'soon',
        RESULTS_RATE_LIMIT_MAX: 'many',
        RESULTS_RATE_LIMIT_WINDOW: 'later',
        TRUST_PROXY: 'everyone',
        SITE_URL: 'linchpin.example',
        LOG_LEVEL: 'loud',
        VITE_CONTACT_FORM_URL: 'ftp://forms.example',
      }),
    ).toEqual([
      'PORT must be a whole number from 0 to 65535, not "eighty".',
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/linchpin.',
      'RATE_LIMIT_MAX must be a whole number of posts from 1 up, not "0".',
      'RATE_LIMIT_WINDOW must be a duration such as "1 minute", "30s" or 60000 (milliseconds), not "soon".',
      'RESULTS_RATE_LIMIT_MAX must be a whole number of results from 1 up, not "many".',
      'RESULTS_RATE_LIMIT_WINDOW must be a duration such as "1 minute", "30s" or 60000 (milliseconds), not "later".',
      'TRUST_PROXY must be false, a number of proxy hops, or proxy addresses such as "127.0.0.1,10.0.0.0/8", not "everyone".',
      'SITE_URL must be the address players open, such as https://linchpin.example, not "linchpin.example".',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud".',
      'VITE_CONTACT_FORM_URL must be a path on this site such as /api/contact, or an https:// address, not "ftp://forms.example".',
    ]);
    expect(problemsOf({ PORT: '70000' })).toHaveLength(1);
  });

  it('refuses TRUST_PROXY=true, which would let any client choose its rate-limit address', () => {
    const problems = problemsOf({ TRUST_PROXY: 'true' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^TRUST_PROXY must not be "true": it would trust every X-Forwarded-For/,
    );
    expect(problems[0]).toContain('the number of proxies in front of the server (e.g. 1)');
    expect(problemsOf({ TRUST_PROXY: 'TRUE' })).toHaveLength(1);
  });

  it('does not print the database password in its message', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://root:hunter2@x' }).join(' ')).not.toContain(
      'hunter2',
    );
  });
});

describe('parseDuration', () => {
  it.each([
    ['60000', 60_000],
    ['1 minute', 60_000],
    ['2m', 120_000],
    ['30s', 30_000],
    ['1 hour', 3_600_000],
  ])('reads %s', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '0', '-5s', '1 fortnight', '1.5m'])('refuses %s', (text) =>
    expect(parseDuration(text)).toBeNull(),
  );
});

describe('parseTrustProxy', () => {
  it('reads booleans, hop counts, addresses and keywords', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBeNull();
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback, ::1, 192.168.0.0/16')).toEqual([
      'loopback',
      '::1',
      '192.168.0.0/16',
    ]);
    expect(parseTrustProxy('10.0.0.0/33')).toBeNull();
    expect(parseTrustProxy('proxy.example.com')).toBeNull();
  });
});

describe('the metrics address (server/metrics.ts)', () => {
  it('is off by default; METRICS_PORT turns it on, on this machine only unless METRICS_ALLOW says more', () => {
    expect(loadConfig({}, '/srv').metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }, '/srv').metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      allow: [],
    });
    expect(
      loadConfig(
        {
          METRICS_PORT: '9464',
          METRICS_HOST: '0.0.0.0',
          METRICS_ALLOW: '10.0.0.5, 192.168.1.0/24',
        },
        '/srv',
      ).metrics,
    ).toEqual({ port: 9464, host: '0.0.0.0', allow: ['10.0.0.5', '192.168.1.0/24'] });
  });

  it('refuses the players’ port, a bad port and an allow list that is not addresses', () => {
    expect(problemsOf({ PORT: '8080', METRICS_PORT: '8080', METRICS_ALLOW: 'everyone' })).toEqual([
      'METRICS_PORT must be another port than PORT (8080): players must never reach the metrics, not "8080".',
      'METRICS_ALLOW must be addresses or networks such as "10.0.0.5,192.168.1.0/24", not "everyone".',
    ]);
    expect(problemsOf({ METRICS_PORT: 'ninety' })).toEqual([
      'METRICS_PORT must be a whole number from 0 to 65535, a port players never reach, not "ninety".',
    ]);
  });

  it('reads BACKUP_DIR, by default a folder in DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: 'state' }, '/srv').backupDir).toBe('/srv/state/backups');
    expect(loadConfig({ BACKUP_DIR: '/var/lib/linchpin/backups' }, '/srv').backupDir).toBe(
      '/var/lib/linchpin/backups',
    );
  });
});
