import fastifyCompress from '@fastify/compress';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { constants as zlib } from 'node:zlib';
import { type Config } from './config';
import { type Database } from './db/database';
import { isReachable } from './db/inbox-store';
import { FORM_BODY_LIMIT, registerFormRoutes } from './form-routes';
import { createInsertQueue } from './insert-queue';
import { registerResultsRoutes } from './results-routes';
import { builtCatalogue } from './catalogue';
import { type CountablePuzzle } from '../core/crowd-schema';
import { ownerRoutes } from './owner-routes';
import { registerSecurityHeaders } from './security-headers';
import { readBuiltPages, readIndexHtml, registerStaticSite } from './static-site';

export type AppConfig = Pick<
  Config,
  'rateLimit' | 'resultsRateLimit' | 'trustProxy' | 'distDir' | 'logLevel' | 'csp'
>;

export interface AppOptions {
  db: Database;
  config: AppConfig;
  /** Enables the owner endpoints (embedded database only): the token the owner's tool must show. */
  ownerToken?: string;
  /** false for no log at all (tests); by default JSON lines at config.logLevel. */
  logger?: boolean;
  /** The puzzles a crowd result may be counted for; by default the built site's catalogue. */
  catalogue?: () => readonly CountablePuzzle[];
  /** The clock (tests); by default Date.now. */
  now?: () => number;
}

export const RATE_LIMIT_MESSAGE =
  'You have sent a lot in a short time. Please wait a minute and try again.';
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

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
      return error.statusCode === 429 ? RATE_LIMIT_MESSAGE : error.message;
  }
}

/** A hop count becomes the function form Fastify's types accept: trust the nearest `hops` proxies. */
function trustProxy(
  value: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The whole server, not yet listening: the site, the form API, health and the owner endpoints. */
export function createApp(options: AppOptions): FastifyInstance {
  const { db, config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // One line per request would drown the useful ones; errors and warnings are logged.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxy(config.trustProxy),
    bodyLimit: FORM_BODY_LIMIT,
  });
  const indexHtml = readIndexHtml(config.distDir);
  if (indexHtml === null)
    app.log.warn(`No built site in ${config.distDir}: run \`npm run build\`.`);

  // Only JSON and form-encoded bodies are read (Fastify would read text/plain too).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  void app.register(fastifyFormbody);

  registerSecurityHeaders(app, { indexHtml: readBuiltPages(config.distDir), ...config.csp });
  void app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Quick levels: an answer is compressed on every request.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
  void app.register(fastifyRateLimit, {
    global: false,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'Too Many Requests',
      message: RATE_LIMIT_MESSAGE,
    }),
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: SERVER_ERROR_MESSAGE });
    }
    const body = { error: errorMessage(error) };
    return reply.code(status).send(status === 400 ? { ...body, fields: {} } : body);
  });

  void app.register((api, _options, done) => {
    api.get('/api/health', async (_request, reply) => {
      const reachable = await isReachable(db);
      return reply.code(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'error',
        database: reachable ? 'reachable' : 'unreachable',
      });
    });
    const queue = createInsertQueue(db);
    registerFormRoutes(api, queue);
    registerResultsRoutes(api, {
      db,
      queue,
      catalogue: options.catalogue ?? builtCatalogue(config.distDir),
      now: options.now ?? Date.now,
      rateLimit: config.resultsRateLimit,
    });
    done();
  });
  if (options.ownerToken) {
    void app.register(ownerRoutes, { prefix: '/api/owner', db, token: options.ownerToken });
  }
  registerStaticSite(app, { distDir: config.distDir, indexHtml });

  return app;
}
