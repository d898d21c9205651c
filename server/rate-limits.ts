import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { type FastifyInstance } from 'fastify';
import { type Database } from './db/database';
import { databaseRateLimitStore, type PerProcess } from './db/rate-limit-store';
import { NO_METRICS, type ServerMetrics } from './metrics';

/**
 * The server's rate limits (docs/server.md "Rate limiting"), each counting a client address's posts
 * under a name of its own: the forms' ('forms', server/form-routes.ts) and the crowd's results'
 * ('results', server/results-routes.ts). The name begins every key a limit counts, so no two limits
 * share a count, whatever their options, in memory and in PostgreSQL's one table alike
 * (server/db/rate-limit-store.ts). Lint allows `app.rateLimit` only here (eslint.config.js).
 */
export interface NamedRateLimit {
  /** Unique among the server's limits: two limits of one name count together. */
  name: string;
  max: number;
  windowMs: number;
  /**
   * Counted in each process's memory even on PostgreSQL (a client may then send `max` to each
   * process): for reads, which store nothing, where a write to the database for each one cost
   * more than the read itself. Posts are counted together across processes.
   */
  perProcess?: boolean;
}

export const RATE_LIMIT_MESSAGE =
  'You have sent a lot in a short time. Please wait a minute and try again.';

/**
 * @fastify/rate-limit, limiting no route by itself. On PostgreSQL any number of server processes
 * may serve the site: they count each client's posts together, in the database. A failed count
 * lets the post through to its own insert, which then answers 503 if the database is down. The
 * embedded database has one process (its data folder is locked), which counts in memory: exact,
 * and no write per post.
 */
export function registerRateLimits(
  app: FastifyInstance,
  db: Database,
  metrics: Pick<ServerMetrics, 'rateLimited'> = NO_METRICS,
): void {
  void app.register(fastifyRateLimit, {
    global: false,
    // Every limit's key begins with its name (namedRateLimit): refusals are counted by name.
    onExceeded: (_request, key) => metrics.rateLimited(String(key).split(' ')[0] ?? ''),
    ...(db.kind === 'postgres' ? { store: databaseRateLimitStore(db), skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'Too Many Requests',
      message: RATE_LIMIT_MESSAGE,
    }),
  });
}

/**
 * The hook that counts a route's posts under `limit.name`: a client is its address (an IPv6
 * address by its /64, as the plugin counts by default), behind a trusted proxy the forwarded one.
 */
export function namedRateLimit(
  app: FastifyInstance,
  limit: NamedRateLimit,
): ReturnType<FastifyInstance['rateLimit']> {
  const options: Parameters<FastifyInstance['rateLimit']>[0] & PerProcess = {
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${limit.name} ${normalizeIP(request.ip)}`,
    perProcess: limit.perProcess === true,
  };
  // The plugin hands these options, ours included, to the store's child() (rate-limit-store.ts).
  // eslint-disable-next-line no-restricted-syntax -- the one place a limit is made
  return app.rateLimit(options);
}
