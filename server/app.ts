import fastifyCompress from '@fastify/compress';
import fastifyFormbody from '@fastify/formbody';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { constants as zlib } from 'node:zlib';
import { CLIENT_ERROR_DETAIL, SERVER_ERROR_DETAIL } from '../core/error-texts';
import { type Config } from './config';
import { type Database } from './db/database';
import { isReachable } from './db/inbox-store';
import { serverSecret } from './db/server-secret';
import { fallbackPage, isPageRequest } from './fallback-page';
import { FORM_BODY_LIMIT, registerFormRoutes } from './form-routes';
import { createInsertQueue } from './insert-queue';
import { registerResultsRoutes } from './results-routes';
import { registerFriendsRoutes } from './friends-routes';
import { registerRemindersRoutes } from './reminders-routes';
import { type Vapid, vapidKeys, vapidSubject } from './db/vapid-keys';
import { DEFAULT_GROUPS_RATE_LIMIT, DEFAULT_REMINDERS_RATE_LIMIT } from './config';
import { readServerCatalogue, serverCatalogueDir } from './catalogue';
import { ownerRoutes } from './owner-routes';
import { registerPuzzleFiles } from './puzzle-files';
import { RATE_LIMIT_MESSAGE, registerRateLimits } from './rate-limits';
import { registerSecurityHeaders } from './security-headers';
import { builtInlineTexts } from './page-renderer';
import { NO_METRICS, routeKind, type ServerMetrics } from './metrics';
import { readIndexHtml, registerStaticSite, startPageRenderer } from './static-site';

export type AppConfig = Pick<
  Config,
  | 'rateLimit'
  | 'resultsRateLimit'
  | 'resultsPerAddress'
  | 'resultsPerNetwork'
  | 'trustProxy'
  | 'distDir'
  | 'logLevel'
  | 'csp'
> &
  Partial<
    Pick<
      Config,
      | 'siteUrl'
      | 'hsts'
      | 'groupsRateLimit'
      | 'dataDir'
      | 'backupDir'
      | 'vapid'
      | 'remindersRateLimit'
    >
  >;

export interface AppOptions {
  db: Database;
  config: AppConfig;
  /** Enables the owner endpoints (embedded database only): the token the owner's tool must show. */
  ownerToken?: string;
  /** false for no log at all (tests); by default JSON lines at config.logLevel. */
  logger?: boolean;
  /** Form posts waiting or being written before another is answered 503 (MAX_PENDING_POSTS). */
  maxPendingPosts?: number;
  /** Crowd results likewise, on a bound of their own (MAX_PENDING_RESULTS). */
  maxPendingResults?: number;
  /**
   * The clock that decides which puzzles are out (their UTC day has come). Test-only: the server
   * itself always runs on the real clock.
   */
  now?: () => number;
  /** Time limits on connections (SERVER_TIMEOUTS); tests shorten them. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * True once the server is stopping (SIGTERM, server/index.ts): /api/health answers 503 so a load
   * balancer sends no more, while every request is still served, each answer closing its connection.
   */
  isDraining?: () => boolean;
  /** What the routes count for Prometheus (server/metrics.ts); off by default. */
  metrics?: ServerMetrics;
  /** The VAPID key pair (server/db/vapid-keys.ts); by default config.vapid's, or the database's. */
  vapid?: () => Promise<Vapid>;
}

/** The key pair the server signs reminders with, as config.vapid says (server/db/vapid-keys.ts). */
export function appVapid(db: Database, config: AppConfig): () => Promise<Vapid> {
  const settings = config.vapid ?? {
    publicKey: null,
    privateKey: null,
    subject: vapidSubject(undefined, config.siteUrl ?? null),
  };
  return () => vapidKeys(db, settings);
}

export interface ServerTimeouts {
  /** The whole request, headers and body, must arrive within this. */
  requestMs: number;
  /** The request's headers must arrive within this. */
  headersMs: number;
  /** A connection with nothing happening on it is closed after this. */
  idleMs: number;
  /** How often Node looks for requests past their time. */
  checkEveryMs: number;
}

/** A slow or stalled client cannot hold a connection for ever (a request gets 408, then it closes). */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  idleMs: 60_000,
  checkEveryMs: 1_000,
};

/** How long /api/health waits for the database's answer before calling it unreachable. */
const HEALTH_DATABASE_WAIT_MS = 500;

export const SERVER_ERROR_MESSAGE = SERVER_ERROR_DETAIL;
/** For a 4xx no case below names: the project's words, never a plugin's message. */
export const CLIENT_ERROR_MESSAGE = CLIENT_ERROR_DETAIL;

function errorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `That is too much to send at once (the limit is ${FORM_BODY_LIMIT / 1024} KB). Please shorten it.`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Please send the form as JSON or as form-encoded fields.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.statusCode === 429 ? RATE_LIMIT_MESSAGE : CLIENT_ERROR_MESSAGE;
  }
}

/** A hop count becomes the function form Fastify's types accept: trust the nearest `hops` proxies. */
function trustProxy(
  value: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The whole server, not yet listening: the site, the form API, health and the owner endpoints. */
export function createApp(options: AppOptions): FastifyInstance {
  const { db, config } = options;
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // One line per request would drown the useful ones; errors and warnings are logged.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxy(config.trustProxy),
    bodyLimit: FORM_BODY_LIMIT,
    // A malformed address (e.g. /%zz) never reaches the error handler: answered here in our words.
    frameworkErrors: (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (isPageRequest(request.method, request.url)) {
        void reply.code(400).type('text/html; charset=utf-8').send(fallbackPage(400));
      } else {
        void reply.code(400).send({ error: CLIENT_ERROR_MESSAGE, fields: {} });
      }
    },
    // A request that arrives on an open connection while the server closes is still served (with
    // Connection: close), not answered 503: the drain (server/index.ts) has already told the load
    // balancer to go elsewhere.
    return503OnClosing: false,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
  });
  const indexHtml = readIndexHtml(config.distDir);
  if (indexHtml === null)
    app.log.warn(`No built site in ${config.distDir}: run \`npm run build\`.`);
  // The one catalogue of pages, puzzle files and results (server/catalogue.ts).
  const catalogue = readServerCatalogue(serverCatalogueDir(config.distDir));
  for (const problem of catalogue.problems) app.log.error(`Catalogue file ${problem}`);
  const now = options.now ?? Date.now;
  const metrics = options.metrics ?? NO_METRICS;

  // Only JSON and form-encoded bodies are read (Fastify would read text/plain too).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  void app.register(fastifyFormbody);

  const renderer = startPageRenderer(app, { distDir: config.distDir, catalogue });
  // The policy allows the inline texts the renderer can write; without it, those of the build.
  registerSecurityHeaders(app, {
    ...config.csp,
    hsts: config.hsts ?? 'on',
    inline: renderer.then((pages) => pages?.inlineTexts ?? builtInlineTexts(config.distDir)),
  });
  // Only where a handler asks (reply.compress): the built index.html, sent when there is no server
  // renderer. Rendered pages are kept compressed by the page cache, files were compressed by the
  // build (server/static-site.ts), and API answers are a few hundred bytes of JSON.
  void app.register(fastifyCompress, {
    global: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Quick levels: that page is compressed on every request.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
  registerRateLimits(app, db, metrics);
  if (metrics.registry) {
    // Every answer, counted by route kind (never its path) and timed.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.request(
        routeKind(request.method, request.url),
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    metrics.probe(db);
    app.addHook('onClose', (_instance, done) => {
      metrics.stop();
      done();
    });
  }

  const isDraining = options.isDraining ?? (() => false);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    done();
  });
  // Once stopping, every answer closes its connection (one in flight when the signal came too):
  // keep-alive clients come back on a new connection, to another process once health is 503, and
  // no idle connection is left to hold the close up.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isDraining()) reply.header('Connection', 'close');
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // A player's browser asking for a page gets the fallback screen, not a JSON body.
      if (isPageRequest(request.method, request.url)) {
        return reply
          .code(500)
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(fallbackPage(500));
      }
      return reply.code(500).send({ error: SERVER_ERROR_MESSAGE });
    }
    const body = { error: errorMessage(error) };
    return reply.code(status).send(status === 400 ? { ...body, fields: {} } : body);
  });

  void app.register((api, _options, done) => {
    // 200 while this process can serve the site: built and not stopping. Pages, assets and
    // puzzle files need no database, so a database that does not answer is reported in the body
    // and not by the status: a load balancer keeps the process for everything but the forms.
    api.get('/api/health', async (_request, reply) => {
      // Answered within half a second whatever the database does: a balancer's or a cache's
      // probe (deploy/varnish.vcl: 1 s) must not time out on it.
      const reachable = await isReachable(db, HEALTH_DATABASE_WAIT_MS);
      const built = indexHtml !== null;
      const draining = isDraining();
      const ok = built && !draining;
      return reply.code(ok ? 200 : 503).send({
        status: ok ? 'ok' : draining ? 'stopping' : 'error',
        database: reachable ? 'reachable' : 'unreachable',
        site: built ? 'built' : 'not built',
      });
    });
    // Whether the forms and the crowd's results can be stored just now: the database's readiness.
    api.get('/api/health/database', async (_request, reply) => {
      const reachable = await isReachable(db);
      return reply
        .code(reachable ? 200 : 503)
        .send({ database: reachable ? 'reachable' : 'unreachable' });
    });
    const queue = createInsertQueue(db, {
      maxPending: options.maxPendingPosts,
      maxPendingResults: options.maxPendingResults,
      resultsPerAddress: config.resultsPerAddress,
      resultsPerNetwork: config.resultsPerNetwork,
      metrics,
    });
    metrics.watch({
      queueDepth: () => queue.depth(),
      queueLimit: queue.limits,
      puzzleDates: () => catalogue.summaries.map((summary) => summary.date),
      now,
      ...(config.backupDir ? { backupDir: config.backupDir } : {}),
      ...(config.dataDir ? { dataDir: config.dataDir } : {}),
    });
    registerFormRoutes(api, queue, () => serverSecret(db), {
      siteUrl: config.siteUrl ?? null,
      behindProxy: config.trustProxy !== false,
      rateLimit: config.rateLimit,
    });
    registerResultsRoutes(api, {
      db,
      queue,
      catalogue,
      now,
      rateLimit: config.resultsRateLimit,
    });
    registerFriendsRoutes(api, {
      db,
      queue,
      catalogue,
      now,
      groupsRateLimit: config.groupsRateLimit ?? DEFAULT_GROUPS_RATE_LIMIT,
      rateLimit: config.resultsRateLimit,
    });
    registerRemindersRoutes(api, {
      db,
      vapid: options.vapid ?? appVapid(db, config),
      now,
      rateLimit: config.remindersRateLimit ?? DEFAULT_REMINDERS_RATE_LIMIT,
    });
    done();
  });
  if (options.ownerToken) {
    void app.register(ownerRoutes, { prefix: '/api/owner', db, token: options.ownerToken });
  }
  // Before the static files: dist/puzzles/ is the static host's copy; the server sends only what
  // is out today, from the whole catalogue the build wrote for it.
  registerPuzzleFiles(app, { catalogue, now });
  registerStaticSite(app, {
    distDir: config.distDir,
    indexHtml,
    catalogue,
    renderer,
    now,
    metrics,
  });

  return app;
}
