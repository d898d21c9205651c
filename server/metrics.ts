import { readdirSync, statSync, statfsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { join } from 'node:path';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { daysBetween, utcDate } from '../core/dates';
import { type Database } from './db/database';

/**
 * What a monitoring system reads of one server process (docs/operations.md "Watching it"): the
 * Prometheus text format (prom-client) on an address of its own (METRICS_PORT, server/config.ts),
 * which answers only loopback peers and those METRICS_ALLOW names. Every label has a few fixed
 * values (route kinds, lanes, limit names, outcomes), never a path or a puzzle id, so the number
 * of series stays the same however many addresses players ask for.
 *
 * The routes tell it what happened through one-line hooks (`ServerMetrics`); the gauges read their
 * sources when Prometheus scrapes (the queues' depth, the page cache's size, the newest backup,
 * the data folder's disk, the catalogue's last day). The database is asked `SELECT 1` in the
 * background every DATABASE_PROBE_MS, never during a scrape, so a scrape answers at once however
 * busy the database is.
 */

export type RouteKind = 'page' | 'asset' | 'puzzle_file' | 'api';
export type QueueLane = 'forms' | 'results';
export type FormKind = 'messages' | 'submissions';
export type ResultOutcomeLabel = 'counted' | 'already counted' | 'not counted';

export const DATABASE_PROBE_MS = 10_000;
const DATABASE_PROBE_TIMEOUT_MS = 5_000;
/** Latency buckets in seconds, around the 50 ms budget of pages and posts (bench/server.ts). */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** The newest backup's name as `npm run owner -- backup-daily <folder>` writes it. */
const BACKUP_FILE = /^linchpin-\d{4}-\d{2}-\d{2}\.backup\.gz$/;

/** The kind of route a request went to, from its method and address only. */
export function routeKind(method: string, url: string): RouteKind {
  const path = url.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  if (path.startsWith('/puzzles/')) return 'puzzle_file';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return (method === 'GET' || method === 'HEAD') && !last.includes('.') ? 'page' : 'asset';
}

const METHODS = new Set(['GET', 'HEAD', 'POST']);
/** GET, HEAD, POST, or OTHER: a client's made-up method never becomes a series. */
export const methodLabel = (method: string): string => (METHODS.has(method) ? method : 'OTHER');

/** The hooks the routes call, and what the gauges read; a no-op when metrics are off. */
export interface ServerMetrics {
  /** The registry to serve, or null when metrics are off. */
  readonly registry: Registry | null;
  readonly request: (kind: RouteKind, method: string, status: number, seconds: number) => void;
  readonly pageRendered: () => void;
  readonly pageCacheHit: () => void;
  readonly queueRefused: (lane: QueueLane) => void;
  readonly rateLimited: (limit: string) => void;
  readonly formStored: (kind: FormKind) => void;
  readonly result: (outcome: ResultOutcomeLabel) => void;
  /** Daily reminders by outcome (server/reminder-sender.ts). */
  readonly reminders: (outcome: 'sent' | 'failed' | 'deleted', count: number) => void;
  /** Sources read at each scrape. */
  readonly watch: (sources: Partial<MetricSources>) => void;
  /** Starts the database probe (stopped by `stop`). */
  readonly probe: (db: Database) => void;
  readonly stop: () => void;
}

export interface MetricSources {
  pageCacheSize: () => number;
  queueDepth: () => Record<QueueLane, number>;
  queueLimit: Record<QueueLane, number>;
  /** The catalogue's puzzle dates (YYYY-MM-DD), for the days of puzzles ahead of today. */
  puzzleDates: () => readonly string[];
  backupDir: string;
  dataDir: string;
  now: () => number;
}

const noop = () => {};

/** Metrics off: every hook does nothing. */
export const NO_METRICS: ServerMetrics = {
  registry: null,
  request: noop,
  pageRendered: noop,
  pageCacheHit: noop,
  queueRefused: noop,
  rateLimited: noop,
  formStored: noop,
  result: noop,
  reminders: noop,
  watch: noop,
  probe: noop,
  stop: noop,
};

/** The newest backup in `dir` (by the time it was written), in seconds since 1970; 0 when none. */
export function newestBackupSeconds(dir: string): number {
  let newest = 0;
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => BACKUP_FILE.test(name));
  } catch {
    return 0;
  }
  for (const name of names) {
    try {
      newest = Math.max(newest, statSync(join(dir, name)).mtimeMs);
    } catch {
      // deleted meanwhile
    }
  }
  return newest / 1000;
}

/** Whole days from today (UTC) to the last puzzle's day: 0 when the last one is today's or past. */
export function daysOfPuzzlesAhead(dates: readonly string[], now: number): number {
  const today = utcDate(now);
  const last = dates.reduce((latest, date) => (date > latest ? date : latest), today);
  return daysBetween(today, last);
}

/** Metrics on: a registry of this process's own, with the Node process's default metrics. */
export function createMetrics(options: { probeMs?: number } = {}): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const sources: Partial<MetricSources> = {};
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  const gauge = <L extends string>(
    name: string,
    help: string,
    collect: (gauge: Gauge<L>) => void,
    labelNames: readonly L[] = [],
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        collect(this);
      },
    });

  const requests = counter(
    'linchpin_http_requests_total',
    'Requests answered, by route kind, method and status.',
    ['kind', 'method', 'status'],
  );
  const latency = new Histogram<'kind' | 'method'>({
    name: 'linchpin_http_request_duration_seconds',
    help: 'Time from a request to its answer, by route kind and method.',
    labelNames: ['kind', 'method'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const children = new Map<
    string,
    {
      count: ReturnType<typeof requests.labels>;
      time: ReturnType<typeof latency.labels>;
    }
  >();
  const renders = counter('linchpin_page_renders_total', 'Pages rendered (a page cache miss).');
  const hits = counter('linchpin_page_cache_hits_total', 'Pages answered from the page cache.');
  gauge('linchpin_page_cache_pages', 'Pages the page cache holds.', (g) => {
    if (sources.pageCacheSize) g.set(sources.pageCacheSize());
  });
  gauge(
    'linchpin_insert_queue_depth',
    'Posts waiting or being written, by lane.',
    (g) => {
      const depth = sources.queueDepth?.();
      if (depth) for (const lane of ['forms', 'results'] as const) g.set({ lane }, depth[lane]);
    },
    ['lane'],
  );
  gauge(
    'linchpin_insert_queue_limit',
    'Posts a lane holds before it refuses more (answered 503).',
    (g) => {
      const limit = sources.queueLimit;
      if (limit) for (const lane of ['forms', 'results'] as const) g.set({ lane }, limit[lane]);
    },
    ['lane'],
  );
  const refusals = counter(
    'linchpin_insert_queue_refusals_total',
    'Posts refused because their lane was full (503).',
    ['lane'],
  );
  const limited = counter(
    'linchpin_rate_limit_refusals_total',
    'Posts refused by a rate limit (429), by limit name.',
    ['limit'],
  );
  const stored = counter('linchpin_form_posts_stored_total', 'Form posts stored (201), by form.', [
    'form',
  ]);
  const results = counter(
    'linchpin_crowd_results_total',
    'Crowd results received and stored, by outcome.',
    ['outcome'],
  );
  const reminders = counter(
    'linchpin_reminders_total',
    'Daily reminders handed to push services (sent), given up (failed), or whose subscription was gone (deleted).',
    ['outcome'],
  );
  for (const outcome of ['sent', 'failed', 'deleted']) reminders.inc({ outcome }, 0);
  for (const lane of ['forms', 'results']) refusals.inc({ lane }, 0);
  for (const limit of ['forms', 'results']) limited.inc({ limit }, 0);
  for (const form of ['messages', 'submissions']) stored.inc({ form }, 0);
  for (const outcome of ['counted', 'already counted', 'not counted']) results.inc({ outcome }, 0);

  const database = { up: 0, roundTrip: Number.NaN, pool: null as Database['pool'] | null };
  let probeTimer: NodeJS.Timeout | null = null;
  gauge(
    'linchpin_database_up',
    '1 when the last database probe (SELECT 1) answered, else 0.',
    (g) => g.set(database.up),
  );
  gauge('linchpin_database_round_trip_seconds', 'How long the last database probe took.', (g) => {
    if (!Number.isNaN(database.roundTrip)) g.set(database.roundTrip);
  });
  gauge(
    'linchpin_database_pool_connections',
    'PostgreSQL pool connections, by state (total, idle, waiting clients).',
    (g) => {
      const pool = database.pool?.();
      if (pool) for (const [state, value] of Object.entries(pool)) g.set({ state }, value);
    },
    ['state'],
  );
  gauge(
    'linchpin_backup_last_timestamp_seconds',
    'When the newest backup in BACKUP_DIR was written (0: none).',
    (g) => {
      if (sources.backupDir) g.set(newestBackupSeconds(sources.backupDir));
    },
  );
  const disk =
    (pick: (stats: { bavail: number; blocks: number; bsize: number }) => number) =>
    (g: Gauge<string>) => {
      if (!sources.dataDir) return;
      try {
        g.set(pick(statfsSync(sources.dataDir)));
      } catch {
        // no data folder (a PostgreSQL-only process): no figure
      }
    };
  gauge(
    'linchpin_data_disk_free_bytes',
    "Bytes free for the server on the data folder's disk.",
    disk((s) => s.bavail * s.bsize),
  );
  gauge(
    'linchpin_data_disk_size_bytes',
    "Size of the data folder's disk.",
    disk((s) => s.blocks * s.bsize),
  );
  gauge(
    'linchpin_catalogue_days_ahead',
    'Days of puzzles in the catalogue after today (UTC).',
    (g) => {
      if (sources.puzzleDates)
        g.set(daysOfPuzzlesAhead(sources.puzzleDates(), (sources.now ?? Date.now)()));
    },
  );

  return {
    registry,
    request(kind, method, status, seconds) {
      // Each label set's children are looked up once (prom-client hashes the labels on each call).
      const key = `${kind} ${method} ${status}`;
      let child = children.get(key);
      if (!child) {
        const m = methodLabel(method);
        child = {
          count: requests.labels({ kind, method: m, status: String(status) }),
          time: latency.labels({ kind, method: m }),
        };
        // Bounded: a made-up method or status adds at most a few keys before the map is cleared.
        if (children.size > 500) children.clear();
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
    pageRendered: () => renders.inc(),
    pageCacheHit: () => hits.inc(),
    queueRefused: (lane) => refusals.inc({ lane }),
    rateLimited: (limit) => limited.inc({ limit }),
    formStored: (form) => stored.inc({ form }),
    result: (outcome) => results.inc({ outcome }),
    reminders: (outcome, count) => reminders.inc({ outcome }, count),
    watch: (more) => Object.assign(sources, more),
    probe(db) {
      database.pool = db.pool;
      const check = async () => {
        const started = performance.now();
        try {
          await Promise.race([
            db.query('SELECT 1'),
            new Promise((_, reject) =>
              setTimeout(() => reject(new Error('timed out')), DATABASE_PROBE_TIMEOUT_MS).unref(),
            ),
          ]);
          database.up = 1;
          database.roundTrip = (performance.now() - started) / 1000;
        } catch {
          database.up = 0;
        }
      };
      void check();
      probeTimer = setInterval(() => void check(), options.probeMs ?? DATABASE_PROBE_MS);
      probeTimer.unref();
    },
    stop() {
      if (probeTimer) clearInterval(probeTimer);
      probeTimer = null;
    },
  };
}

/** Who may read the metrics: loopback peers always, and the addresses or CIDRs of `allow`. */
export function metricsAccess(allow: readonly string[]): (peer: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of allow) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (peer) => {
    if (!peer) return false;
    const address = peer.startsWith('::ffff:') ? peer.slice(7) : peer;
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (address === '::1' || address.startsWith('127.')) return true;
    return isIP(address) !== 0 && list.check(address, type);
  };
}

export const METRICS_PATH = '/metrics';
export const METRICS_REFUSED = 'Metrics are served to this machine and to METRICS_ALLOW only.\n';

/**
 * Serves GET /metrics on its own port (never the players' one): 403 to a peer `metricsAccess`
 * refuses, 404 for any other address.
 */
export async function serveMetrics(
  metrics: ServerMetrics,
  options: { port: number; host: string; allow: readonly string[] },
): Promise<Server> {
  const allowed = metricsAccess(options.allow);
  const server = createServer((request, response) => {
    const text = (status: number, body: string) =>
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
    if (!allowed(request.socket.remoteAddress)) return text(403, METRICS_REFUSED);
    const path = (request.url ?? '/').split('?')[0];
    if (path !== METRICS_PATH || !['GET', 'HEAD'].includes(request.method ?? ''))
      return text(404, 'Not found.\n');
    if (!metrics.registry) return text(404, 'Metrics are off.\n');
    const registry = metrics.registry;
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => text(500, 'The metrics could not be collected.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
