import { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { type Server } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { type Database } from './db/database';
import {
  METRICS_REFUSED,
  createMetrics,
  daysOfPuzzlesAhead,
  metricsAccess,
  newestBackupSeconds,
  routeKind,
  serveMetrics,
  type ServerMetrics,
} from './metrics';
import { FIXTURE_ASSET, makeRenderingSite, testConfig } from './testing/fixture-site';
import { ENGINES, PREPARE_TIMEOUT_MS } from './testing/test-databases';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const site = makeRenderingSite([
  { id: 'puzzle_1', date: '2026-11-24' },
  { id: 'puzzle_2', date: '2026-11-25' },
  { id: 'puzzle_3', date: '2027-01-04' },
]);
const folder = mkdtempSync(join(tmpdir(), 'linchpin-metrics-'));
afterAll(() => {
  site.remove();
  rmSync(folder, { recursive: true, force: true });
});

/** A metric's value for the given labels (all of them), read as Prometheus would read it. */
async function value(
  metrics: ServerMetrics,
  name: string,
  labels: Record<string, string> = {},
): Promise<number | undefined> {
  const metric = metrics.registry?.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const match = values.filter((entry) =>
    Object.entries(labels).every(([key, wanted]) => String(entry.labels[key]) === wanted),
  );
  return match.length === 0 ? undefined : match.reduce((sum, entry) => sum + entry.value, 0);
}

describe('what a request counts as', () => {
  it('is its route kind, from its address alone: never its path', () => {
    expect(routeKind('GET', '/')).toBe('page');
    expect(routeKind('GET', '/game?puzzleId=puzzle_3&mode=easy')).toBe('page');
    expect(routeKind('HEAD', '/archive')).toBe('page');
    expect(routeKind('GET', FIXTURE_ASSET)).toBe('asset');
    expect(routeKind('GET', '/favicon.svg')).toBe('asset');
    expect(routeKind('POST', '/about')).toBe('asset');
    expect(routeKind('GET', '/puzzles/2026-11.json')).toBe('puzzle_file');
    expect(routeKind('POST', '/api/contact')).toBe('api');
    expect(routeKind('GET', '/api/results/puzzle_2')).toBe('api');
  });

  it('counts days of puzzles ahead of today (UTC) and the newest backup', () => {
    expect(daysOfPuzzlesAhead(['2026-11-24', '2027-01-04', '2026-12-01'], NOW)).toBe(40);
    expect(daysOfPuzzlesAhead(['2026-11-24'], NOW)).toBe(0);
    expect(daysOfPuzzlesAhead([], NOW)).toBe(0);

    const backups = join(folder, 'backups');
    expect(newestBackupSeconds(backups)).toBe(0);
    mkdirSync(backups);
    for (const [name, day] of [
      ['linchpin-2026-11-23.backup.gz', '2026-11-23T03:00:00Z'],
      ['linchpin-2026-11-24.backup.gz', '2026-11-24T03:00:00Z'],
      ['notes-2026-11-25.txt', '2026-11-25T03:00:00Z'],
    ] as const) {
      writeFileSync(join(backups, name), 'x');
      utimesSync(join(backups, name), new Date(day), new Date(day));
    }
    expect(newestBackupSeconds(backups)).toBe(Date.parse('2026-11-24T03:00:00Z') / 1000);
  });

  it('lets loopback peers read the metrics, and others only when METRICS_ALLOW names them', () => {
    const onlyHere = metricsAccess([]);
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].map(onlyHere)).toEqual([true, true, true]);
    expect(['192.0.2.7', '10.0.0.5', 'fd00::2', undefined].map(onlyHere)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const withNetwork = metricsAccess(['10.0.0.0/8', 'fd00::2']);
    expect(
      ['10.1.2.3', '::ffff:10.1.2.3', 'fd00::2', '11.0.0.1', 'fd00::3'].map(withNetwork),
    ).toEqual([true, true, true, false, false]);
  });
});

describe.each(ENGINES)('metrics of a server on the %s database', (name, makeDatabases) => {
  const databases = makeDatabases();
  let db: Database;
  let app: FastifyInstance;
  let metrics: ServerMetrics;

  const start = (overrides: { maxPendingPosts?: number; rateLimitMax?: number } = {}) => {
    metrics = createMetrics();
    app = createApp({
      db,
      config: testConfig({
        distDir: site.distDir,
        dataDir: folder,
        backupDir: join(folder, 'backups'),
        rateLimit: { max: overrides.rateLimitMax ?? 1000, windowMs: 60_000 },
      }),
      logger: false,
      now: () => NOW,
      metrics,
      maxPendingPosts: overrides.maxPendingPosts,
    });
  };

  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    db = await databases.fresh();
  });
  afterEach(async () => {
    await app.close();
    await db.close();
  });
  afterAll(() => databases.dispose());

  const contact = () =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
    });
  const result = (browser: number) =>
    app.inject({
      method: 'POST',
      url: '/api/results',
      payload: {
        puzzleId: 'puzzle_2',
        mode: 'normal',
        won: true,
        tries: 1,
        wrongTries: [],
        browserId: `00000000-0000-4000-8000-${String(browser).padStart(12, '0')}`,
      },
    });

  it('counts requests by route kind and status, pages rendered and served from the page cache', async () => {
    start();
    for (const url of ['/', '/', '/archive', FIXTURE_ASSET, '/puzzles/index.json', '/nope.js'])
      await app.inject({ url });
    expect(
      await value(metrics, 'linchpin_http_requests_total', { kind: 'page', status: '200' }),
    ).toBe(3);
    expect(
      await value(metrics, 'linchpin_http_requests_total', { kind: 'asset', status: '200' }),
    ).toBe(1);
    expect(
      await value(metrics, 'linchpin_http_requests_total', { kind: 'asset', status: '404' }),
    ).toBe(1);
    expect(await value(metrics, 'linchpin_http_requests_total', { kind: 'puzzle_file' })).toBe(1);
    expect(await value(metrics, 'linchpin_page_renders_total')).toBe(2);
    expect(await value(metrics, 'linchpin_page_cache_hits_total')).toBe(1);
    expect(await value(metrics, 'linchpin_page_cache_pages')).toBe(2);
    expect(await metrics.registry?.metrics()).toContain(
      'linchpin_http_request_duration_seconds_count{kind="page",method="GET"} 3',
    );
  });

  it('keeps its series bounded: a crawler asking for a thousand addresses adds none', async () => {
    start();
    await app.inject({ url: '/junk-0' });
    await app.inject({ url: '/junk-0.php' });
    // The Node process's own metrics may add a series as it goes (a first garbage collection).
    const series = async () =>
      (await metrics.registry?.metrics())
        ?.split('\n')
        .filter((line) => line.startsWith('linchpin_')).length;
    const before = await series();
    for (let n = 1; n <= 1000; n += 1)
      await app.inject({ url: `/junk-${n}${n % 2 ? '.php' : ''}` });
    expect(await series()).toBe(before);
  });

  it('counts form posts stored, crowd results by outcome, and refusals by rate limit and by lane', async () => {
    start({ rateLimitMax: 2 });
    expect((await contact()).statusCode).toBe(201);
    expect((await contact()).statusCode).toBe(201);
    expect((await contact()).statusCode).toBe(429);
    expect((await result(1)).statusCode).toBe(201);
    expect((await result(1)).statusCode).toBe(200);
    expect(await value(metrics, 'linchpin_form_posts_stored_total', { form: 'messages' })).toBe(2);
    expect(await value(metrics, 'linchpin_form_posts_stored_total', { form: 'submissions' })).toBe(
      0,
    );
    expect(await value(metrics, 'linchpin_rate_limit_refusals_total', { limit: 'forms' })).toBe(1);
    expect(await value(metrics, 'linchpin_rate_limit_refusals_total', { limit: 'results' })).toBe(
      0,
    );
    expect(await value(metrics, 'linchpin_crowd_results_total', { outcome: 'counted' })).toBe(1);
    expect(
      await value(metrics, 'linchpin_crowd_results_total', { outcome: 'already counted' }),
    ).toBe(1);
    expect(await value(metrics, 'linchpin_insert_queue_depth', { lane: 'forms' })).toBe(0);
    expect(await value(metrics, 'linchpin_insert_queue_limit', { lane: 'forms' })).toBe(1000);
    expect(
      await value(metrics, 'linchpin_http_requests_total', {
        kind: 'api',
        method: 'POST',
        status: '429',
      }),
    ).toBe(1);
  });

  it('counts posts refused because their lane is full', async () => {
    start({ maxPendingPosts: 1 });
    const answers = await Promise.all([contact(), contact(), contact(), contact(), contact()]);
    const refused = answers.filter((answer) => answer.statusCode === 503).length;
    expect(refused).toBeGreaterThan(0);
    expect(await value(metrics, 'linchpin_insert_queue_refusals_total', { lane: 'forms' })).toBe(
      refused,
    );
    expect(await value(metrics, 'linchpin_insert_queue_refusals_total', { lane: 'results' })).toBe(
      0,
    );
  });

  it('reads the database, the backups, the disk and the catalogue when scraped', async () => {
    start();
    await app.ready();
    await expect.poll(() => value(metrics, 'linchpin_database_up')).toBe(1);
    expect(await value(metrics, 'linchpin_database_round_trip_seconds')).toBeGreaterThan(0);
    expect(await value(metrics, 'linchpin_database_pool_connections', { state: 'total' })).toBe(
      name === 'postgres' ? 1 : undefined,
    );
    expect(await value(metrics, 'linchpin_backup_last_timestamp_seconds')).toBe(
      newestBackupSeconds(join(folder, 'backups')),
    );
    expect(await value(metrics, 'linchpin_data_disk_size_bytes')).toBeGreaterThan(0);
    expect(await value(metrics, 'linchpin_data_disk_free_bytes')).toBeGreaterThan(0);
    expect(await value(metrics, 'linchpin_catalogue_days_ahead')).toBe(40);
  });

  it('reports the database down when its probe fails', async () => {
    start();
    const probed = createMetrics({ probeMs: 50 });
    let down = false;
    probed.probe({
      ...db,
      query: (sql, params) => (down ? Promise.reject(new Error('gone')) : db.query(sql, params)),
    });
    await expect.poll(() => value(probed, 'linchpin_database_up')).toBe(1);
    down = true;
    await expect.poll(() => value(probed, 'linchpin_database_up')).toBe(0);
    probed.stop();
  });
});

describe('the metrics address', () => {
  const PORT = 9861;
  let server: Server | null = null;
  afterEach(async () => {
    await new Promise((done) => server?.close(done) ?? done(undefined));
    server = null;
  });

  it('serves the Prometheus text format to this machine, the Node process’s own metrics included', async () => {
    const metrics = createMetrics();
    server = await serveMetrics(metrics, { port: PORT, host: '127.0.0.1', allow: [] });
    const response = await fetch(`http://127.0.0.1:${PORT}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await response.text();
    for (const line of [
      '# TYPE linchpin_http_requests_total counter',
      '# TYPE linchpin_http_request_duration_seconds histogram',
      '# TYPE nodejs_eventloop_lag_seconds gauge',
      '# TYPE process_cpu_seconds_total counter',
      'linchpin_form_posts_stored_total{form="messages"} 0',
    ])
      expect(text).toContain(line);
    expect((await fetch(`http://127.0.0.1:${PORT}/api/health`)).status).toBe(404);
  });

  it('refuses a peer from another machine unless METRICS_ALLOW names it', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;
    // This machine's own outside address is a peer from elsewhere as far as the socket can tell.
    expect(external, 'a network interface besides loopback').toBeDefined();
    server = await serveMetrics(createMetrics(), { port: PORT, host: '0.0.0.0', allow: [] });
    const refused = await fetch(`http://${external}:${PORT}/metrics`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(METRICS_REFUSED);
    await new Promise((done) => server?.close(done));
    server = await serveMetrics(createMetrics(), {
      port: PORT,
      host: '0.0.0.0',
      allow: [`${external}/32`],
    });
    expect((await fetch(`http://${external}:${PORT}/metrics`)).status).toBe(200);
  });
});
