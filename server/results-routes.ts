import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { crowdFigures, crowdSummary, type CrowdSummary } from '../core/crowd';
import { checkCrowdPost } from '../core/crowd-schema';
import { utcDate } from '../core/dates';
import { type ServerCatalogue } from './catalogue';
import { type Database } from './db/database';
import { resultTallies, type ResultOutcome } from './db/results-store';
import { clientGroups } from './client-address';
import { BUSY_RETRY_AFTER_S } from './form-routes';
import { QueueFullError, type InsertQueue } from './insert-queue';
import { namedRateLimit } from './rate-limits';

/**
 * "Today's crowd" (core/crowd.ts):
 *   POST /api/results              one anonymous result, JSON
 *     201 { status: "counted" }          stored (committed)
 *     200 { status: "already counted" }  this browser's result of this puzzle is already in: nothing changed
 *     200 { status: "not counted" }      its address already sent RESULTS_PER_ADDRESS of this puzzle's
 *                                        (or its IPv6 /48 RESULTS_PER_NETWORK)
 *     400 { error }                      tries that do not fit, malformed: never countable
 *     404 { error }                      a puzzle this server does not have out today: may be later
 *     413 / 415 / 429 / 503 { error }    too large, not JSON, too many, could not store
 *   GET /api/results/<puzzleId>    the crowd's figures (figures null under 20 results), 404 for a
 *     puzzle that cannot be played; shared caches may keep it 60 s, and this process computes it at
 *     most once in that time however many ask.
 */
export const RESULT_BODY_LIMIT = 2 * 1024;
export const CROWD_CACHE_SECONDS = 60;
export const ALREADY_COUNTED = 'already counted';
export const RESULT_STORE_FAILED =
  'We could not count this result just now. It will be sent again on your next visit.';

export interface ResultsOptions {
  db: Database;
  queue: InsertQueue;
  /** The server's catalogue (server/catalogue.ts): which puzzles are out on a day. */
  catalogue: ServerCatalogue;
  now: () => number;
  rateLimit: { max: number; windowMs: number };
}

/** A warning logged at most once a second, however many requests hit the same condition. */
export function onceASecond() {
  let last = 0;
  let skipped = 0;
  return {
    warn(request: FastifyRequest, message: string) {
      const time = Date.now();
      if (time - last < 1000) {
        skipped += 1;
        return;
      }
      request.log.warn({ alike: skipped }, message);
      last = time;
      skipped = 0;
    },
  };
}

/** A hook answering 415 before the body is read when it is not JSON (results and friends alike). */
export function requireJson(message: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (type !== 'application/json') return reply.code(415).send({ error: message });
  };
}

/** Each puzzle's figures, computed at most once per period; a failed computation is not kept. */
function crowdCache(db: Database, now: () => number) {
  const kept = new Map<string, { until: number; summary: Promise<CrowdSummary> }>();
  return (puzzleId: string): Promise<CrowdSummary> => {
    const time = now();
    const hit = kept.get(puzzleId);
    if (hit && hit.until > time) return hit.summary;
    const summary = resultTallies(db, puzzleId).then((tallies) =>
      crowdSummary(puzzleId, crowdFigures(tallies)),
    );
    kept.set(puzzleId, { until: time + CROWD_CACHE_SECONDS * 1000, summary });
    summary.catch(() => {
      if (kept.get(puzzleId)?.summary === summary) kept.delete(puzzleId);
    });
    return summary;
  };
}

export function registerResultsRoutes(app: FastifyInstance, options: ResultsOptions): void {
  const { queue, catalogue, now } = options;
  // A count of its own, so a classroom finishing a puzzle never spends the forms' limit.
  const rateLimit = namedRateLimit(app, { name: 'results', ...options.rateLimit });
  const figures = crowdCache(options.db, now);
  const busyLog = onceASecond();

  app.post('/api/results', {
    bodyLimit: RESULT_BODY_LIMIT,
    onRequest: [rateLimit, requireJson('Please send the result as JSON.')],
    handler: async (request, reply) => {
      const checked = checkCrowdPost(request.body, catalogue.summaries, utcDate(now()));
      // An unknown puzzle is a 404 the browser keeps its result for; a malformed one a 400 it drops.
      if (!checked.success)
        return reply.code(checked.reason === 'invalid' ? 400 : 404).send({ error: checked.error });
      let outcome: ResultOutcome;
      try {
        outcome = await queue.insertResult({
          post: checked.data,
          ...clientGroups(request.ip),
        });
      } catch (error) {
        if (error instanceof QueueFullError) {
          busyLog.warn(request, 'results queue full: answered 503');
          return reply
            .code(503)
            .header('Retry-After', String(BUSY_RETRY_AFTER_S))
            .send({ error: RESULT_STORE_FAILED });
        }
        request.log.error({ err: error }, 'could not store a crowd result');
        return reply.code(503).send({ error: RESULT_STORE_FAILED });
      }
      // Not counted (over its address's limit) is final: the browser drops it quietly.
      return reply.code(outcome === 'counted' ? 201 : 200).send({ status: outcome });
    },
  });

  app.get<{ Params: { puzzleId: string } }>('/api/results/:puzzleId', async (request, reply) => {
    const { puzzleId } = request.params;
    const today = utcDate(now());
    if (!catalogue.released(puzzleId, today))
      return reply.code(404).send({ error: `There is no puzzle ${puzzleId}.` });
    const summary = await figures(puzzleId);
    return reply.header('Cache-Control', `public, max-age=${CROWD_CACHE_SECONDS}`).send(summary);
  });
}
