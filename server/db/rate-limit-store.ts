import { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { prepared, type Queryable } from './database';

/**
 * @fastify/rate-limit's counters in the database (table `rate_limit_counters`, migration
 * 002-rate-limit.sql), so that every server process on one PostgreSQL database counts a client's
 * posts together: its 11th post in the window is refused whichever process gets it. One statement
 * for the posts of one turn of the event loop, atomic under concurrency (the rows are locked by
 * the upsert), timed by the database's clock so processes on machines whose clocks differ still
 * agree. A fixed window per key, like the plugin's own in-memory store. No address is written: a
 * client's row is keyed by a salted hash. Every limit's keys begin with its name
 * (server/rate-limits.ts), so one table holds each limit's counts apart.
 */
/** SQL for a client's key as stored: a SHA-256 of the database's own salt and the address. */
const storedKey = (address: string, salt: string) =>
  `encode(sha256(convert_to(${salt} || ${address}, 'UTF8')), 'hex')`;
const TTL_MS = `GREATEST(0, CEIL(EXTRACT(EPOCH FROM (resets_at - clock_timestamp())) * 1000))::integer`;
/**
 * Adds each key's posts of one batch ($1 the keys, $2 each key's window in ms, $3 its posts) and
 * returns each key's count after them, by its place in $1. The rows are written in the order of
 * their stored keys, so two batches that share keys lock them in one order.
 */
const INCREMENT = prepared(
  'rate-limit-increment-batch',
  `
  WITH client AS (
    SELECT u.place, ${storedKey('u.key', 'salt.salt')} AS key, u.ms, u.posts
      FROM unnest($1::text[], $2::double precision[], $3::integer[]) WITH ORDINALITY
             AS u(key, ms, posts, place),
           rate_limit_salt AS salt
  ), counted AS (
    INSERT INTO rate_limit_counters AS counter (key, hits, resets_at)
    SELECT client.key, client.posts, clock_timestamp() + make_interval(secs => client.ms / 1000)
      FROM client ORDER BY client.key
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN counter.resets_at <= clock_timestamp() THEN EXCLUDED.hits
                  ELSE counter.hits + EXCLUDED.hits END,
      resets_at = CASE WHEN counter.resets_at <= clock_timestamp()
        THEN EXCLUDED.resets_at ELSE counter.resets_at END
    RETURNING key, hits, ${TTL_MS} AS ttl
  )
  SELECT client.place::integer AS place, counted.hits, counted.ttl
    FROM client JOIN counted USING (key)`,
);
const READ = prepared(
  'rate-limit-read',
  `
  WITH client AS (SELECT ${storedKey('$1', 'salt')} AS key FROM rate_limit_salt)
  SELECT hits, ${TTL_MS} AS ttl FROM rate_limit_counters JOIN client USING (key)
  WHERE resets_at > clock_timestamp()`,
);
const DELETE_ENDED = 'DELETE FROM rate_limit_counters WHERE resets_at <= clock_timestamp()';

const counterRow = z.object({ hits: z.number().int(), ttl: z.number().int() });
const placedRow = counterRow.extend({ place: z.number().int() });

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A limit's own option (server/rate-limits.ts `NamedRateLimit`): counted in this process's memory. */
export interface PerProcess {
  perProcess?: boolean;
}

/**
 * The plugin's own in-memory store, the one it counts with when given none (as on the embedded
 * database): a least-recently-used map of 5,000 keys by default, fixed windows.
 */
const LocalStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/LocalStore.js',
) as new (continueExceeding: boolean, exponentialBackoff: boolean) => FastifyRateLimitStore;

/** The store class @fastify/rate-limit constructs (its `store` option), bound to `db`. */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  // Ended windows are deleted at most once a window by each process, off the request's path.
  let lastSweep = 0;
  const sweep = (windowMs: number) => {
    const now = Date.now();
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    void db.query(DELETE_ENDED).catch(() => {
      lastSweep = 0;
    });
  };

  // The posts counted in this turn of the event loop, by key, in the order they came: counted
  // together in one statement (one round trip for a rush's many posts, not one each), each post
  // told its own count, as if counted one after another.
  let waiting = new Map<string, { windowMs: number; callbacks: Callback[] }>();
  const countWaiting = () => {
    const batch = [...waiting];
    waiting = new Map();
    db.query(INCREMENT, [
      batch.map(([key]) => key),
      batch.map(([, posts]) => posts.windowMs),
      batch.map(([, posts]) => posts.callbacks.length),
    ]).then(
      (rows) => {
        const counts = new Map(
          rows.map((row) => {
            const count = placedRow.parse(row);
            return [count.place, count];
          }),
        );
        batch.forEach(([, { callbacks }], index) => {
          const count = counts.get(index + 1);
          callbacks.forEach((callback, order) =>
            count
              ? callback(null, {
                  current: count.hits - (callbacks.length - 1 - order),
                  ttl: count.ttl,
                })
              : callback(new Error('the rate limit was not counted')),
          );
        });
        // Once a batch, at most once the shortest of its windows.
        sweep(Math.min(...batch.map(([, posts]) => posts.windowMs)));
      },
      (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        for (const [, { callbacks }] of batch) for (const callback of callbacks) callback(failure);
      },
    );
  };

  // The plugin constructs it with its options; the counters need none of them.
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const posts = waiting.get(key);
      if (posts) {
        posts.callbacks.push(callback);
        return;
      }
      if (waiting.size === 0) setImmediate(countWaiting);
      waiting.set(key, { windowMs: timeWindow, callbacks: [callback] });
    }

    /** The count without adding one (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      db.query(READ, [key]).then(
        (rows) => {
          const row = rows[0] === undefined ? { hits: 0, ttl: 0 } : counterRow.parse(rows[0]);
          callback(null, { current: row.hits, ttl: row.ttl });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /**
     * The store of a limit with options of its own (each of the server's): the same table, since
     * its keys already carry its name (no prefix is made up from the route here); a limit counted
     * per process, a memory of its own.
     */
    child(options: object): FastifyRateLimitStore {
      // The plugin passes the limit's options (its types say the route's).
      const { perProcess } = options as PerProcess;
      return perProcess === true ? new LocalStore(false, false) : this;
    }
  }
  return DatabaseStore;
}
