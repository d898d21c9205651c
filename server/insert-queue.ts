import type { Database } from './db/database';
import { NO_METRICS, type ServerMetrics } from './metrics';
import { addResultBatch, type ResultPost } from './db/friends-store';
import { MAX_ROWS_PER_INSERT, insertMany, type InboxKind, type NewRow } from './db/inbox-store';
import type { ResultOutcome as FriendOutcome } from '../core/friends-schema';
import {
  MAX_RESULTS_PER_INSERT,
  insertResults,
  type IncomingResult,
  type ResultLimits,
  type ResultOutcome,
} from './db/results-store';

/**
 * Group commit for the form routes, the crowd's results and the results sent to groups of friends: a post waits for the requests already read from the network
 * to reach it (one turn of the event loop, setImmediate) and for the write under way, then the
 * waiting posts of one kind go to the database together in one INSERT, one commit. PGlite runs on this
 * thread, so without that turn every post would be written alone (about 0.45 ms each, against
 * about 0.06 ms a row in a batch of 16). Each post's promise resolves with its id only after the
 * commit, and a commit returns only once the write-ahead log is flushed to disk (on the embedded
 * database too: server/db/pglite-database.ts), so a 201 means the row is on disk; one flush serves
 * the whole batch. If a shared write fails, its posts are retried one by one so that one bad row
 * cannot fail the others.
 *
 * The queue is bounded, form posts and results (the crowd's and the groups') each on their own: with `maxPending` form
 * posts (or `maxPendingResults` results) waiting or being written, another of that kind is refused
 * at once (QueueFullError, answered 503 with Retry-After) rather than held while the backlog
 * grows. A rush of results never turns a player's message away.
 */
export const MAX_PENDING_POSTS = 1000;
export const MAX_PENDING_RESULTS = 1000;
/** Posts to groups of friends written in one transaction (each up to 10 groups' rows). */
const MAX_FRIEND_POSTS_PER_WRITE = 64;

type Bound = 'forms' | 'results';

export class QueueFullError extends Error {
  constructor(
    readonly maxPending: number,
    readonly bound: Bound = 'forms',
  ) {
    super(
      `${maxPending} ${bound === 'forms' ? 'posts' : 'results'} are already waiting to be stored`,
    );
    this.name = 'QueueFullError';
  }
}

interface Pending<V, R> {
  values: V;
  resolve: (outcome: R) => void;
  reject: (error: unknown) => void;
}

/** What one kind of post is, and how a batch of them is written: an outcome per row, in order. */
interface Lane<V, R> {
  queue: Pending<V, R>[];
  max: number;
  bound: Bound;
  write: (rows: V[]) => Promise<(R | undefined)[]>;
  /** Told of each row stored (server/metrics.ts). */
  stored: (outcome: R) => void;
}

export interface InsertQueue {
  /** A form post: its id once committed; `key` is its idempotency key, when it sent one (a repeat gets the first id). */
  insert(kind: InboxKind, values: Record<string, string>, key?: string | null): Promise<number>;
  /** A crowd result: what became of it, once committed (server/db/results-store.ts). */
  insertResult(result: IncomingResult): Promise<ResultOutcome>;
  /** A result for a player's groups of friends: each group's outcome, once committed. */
  insertFriendResult(post: ResultPost): Promise<Record<string, FriendOutcome>>;
  /** Posts waiting or being written, by bound (server/metrics.ts). */
  depth(): Record<Bound, number>;
  /** The bounds themselves. */
  readonly limits: Readonly<Record<Bound, number>>;
}

export function createInsertQueue(
  db: Database,
  options: {
    maxConcurrentWrites?: number;
    maxPending?: number;
    maxPendingResults?: number;
    /** Results of a puzzle counted per client address group (RESULTS_PER_ADDRESS). */
    resultsPerAddress?: number;
    /** Results of a puzzle counted per IPv6 /48 (RESULTS_PER_NETWORK). */
    resultsPerNetwork?: number;
    /** Told of each post stored and each refused (server/metrics.ts). */
    metrics?: Pick<ServerMetrics, 'formStored' | 'result' | 'queueRefused'>;
  } = {},
): InsertQueue {
  // One write at a time on either database: PGlite has one connection, and on PostgreSQL the posts
  // that arrive during a write wait for the next batch instead of starting small writes of their
  // own. Four at a time made batches of one or two and a round trip per statement for each
  // (a rush on three processes and two cores: 337-365 finished results a second; one at a time:
  // 482-495, p99 67 -> 44 ms; docs/decisions.md).
  const maxWrites = options.maxConcurrentWrites ?? 1;
  const limits: Record<Bound, number> = {
    forms: options.maxPending ?? MAX_PENDING_POSTS,
    results: options.maxPendingResults ?? MAX_PENDING_RESULTS,
  };
  const perClient: ResultLimits = {
    perAddress: options.resultsPerAddress ?? Number.MAX_SAFE_INTEGER,
    perNetwork: options.resultsPerNetwork ?? Number.MAX_SAFE_INTEGER,
  };
  const metrics = options.metrics ?? NO_METRICS;
  const inbox = (kind: InboxKind): Lane<NewRow, number> => ({
    queue: [],
    max: MAX_ROWS_PER_INSERT,
    bound: 'forms',
    write: (rows) => insertMany(db, kind, rows),
    stored: () => metrics.formStored(kind),
  });
  const results: Lane<IncomingResult, ResultOutcome> = {
    queue: [],
    max: MAX_RESULTS_PER_INSERT,
    bound: 'results',
    write: (rows) => insertResults(db, rows, perClient),
    stored: (outcome) => metrics.result(outcome),
  };
  const friends: Lane<ResultPost, Record<string, FriendOutcome>> = {
    queue: [],
    max: MAX_FRIEND_POSTS_PER_WRITE,
    bound: 'results',
    write: (posts) => addResultBatch(db, posts),
    stored: () => undefined,
  };
  const lanes = {
    messages: inbox('messages'),
    submissions: inbox('submissions'),
    results,
    friends,
  };
  type Kind = keyof typeof lanes;
  let writing = 0;
  /** Posts waiting or being written, by bound. */
  const pending: Record<Bound, number> = { forms: 0, results: 0 };
  let scheduled = false;

  async function writeBatch<V, R>(lane: Lane<V, R>, batch: Pending<V, R>[]): Promise<void> {
    const settle = (post: Pending<V, R>, outcome: R | undefined, error?: unknown) => {
      pending[lane.bound] -= 1;
      if (outcome === undefined) post.reject(error ?? new Error('the row was not stored'));
      else {
        lane.stored(outcome);
        post.resolve(outcome);
      }
    };
    try {
      const outcomes = await lane.write(batch.map((post) => post.values));
      batch.forEach((post, index) => settle(post, outcomes[index]));
    } catch (error) {
      if (batch.length === 1) {
        const [post] = batch;
        if (post) settle(post, undefined, error);
        return;
      }
      for (const post of batch) {
        await lane.write([post.values]).then(
          ([outcome]) => settle(post, outcome),
          (single: unknown) => settle(post, undefined, single),
        );
      }
    }
  }

  /** The kind with the most posts waiting. */
  function longest(): Kind {
    const kinds = Object.keys(lanes) as Kind[];
    return kinds.reduce((best, kind) =>
      lanes[kind].queue.length > lanes[best].queue.length ? kind : best,
    );
  }

  function pump(): void {
    while (writing < maxWrites) {
      const lane: Lane<unknown, unknown> = lanes[longest()] as Lane<unknown, unknown>;
      const batch = lane.queue.splice(0, lane.max);
      if (batch.length === 0) return;
      writing += 1;
      void writeBatch(lane, batch).finally(() => {
        writing -= 1;
        schedule();
      });
    }
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  }

  function enqueue<V, R>(lane: Lane<V, R>, values: V): Promise<R> {
    const limit = limits[lane.bound];
    if (pending[lane.bound] >= limit) {
      metrics.queueRefused(lane.bound);
      return Promise.reject(new QueueFullError(limit, lane.bound));
    }
    pending[lane.bound] += 1;
    return new Promise<R>((resolve, reject) => {
      lane.queue.push({ values, resolve, reject });
      schedule();
    });
  }

  return {
    insert: (kind, values, key = null) => enqueue(lanes[kind], { values, key }),
    insertResult: (result) => enqueue(lanes.results, result),
    insertFriendResult: (post) => enqueue(lanes.friends, post),
    depth: () => ({ ...pending }),
    limits,
  };
}
