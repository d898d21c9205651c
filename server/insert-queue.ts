import { type Database } from './db/database';
import { MAX_ROWS_PER_INSERT, insertMany, type InboxKind, type NewRow } from './db/inbox-store';

/**
 * Group commit for the form routes: a post waits for the requests already read from the network
 * to reach it (one turn of the event loop, setImmediate) and for the write under way, then the
 * waiting posts go to the database together in one INSERT, one commit. PGlite runs on this
 * thread, so without that turn every post would be written alone (about 0.45 ms each, against
 * about 0.06 ms a row in a batch of 16). Each post's promise resolves with its id only after the
 * commit, and a commit returns only once the write-ahead log is flushed to disk (on the embedded
 * database too: server/db/pglite-database.ts), so a 201 means the row is on disk; one flush serves
 * the whole batch. If a shared write fails, its posts are retried one by one so that one bad row
 * cannot fail the others.
 *
 * The queue is bounded: with `maxPending` posts waiting or being written, another is refused at
 * once (QueueFullError, answered 503 with Retry-After) rather than held while the backlog grows.
 */
export const MAX_PENDING_POSTS = 1000;

export class QueueFullError extends Error {
  constructor(readonly maxPending: number) {
    super(`${maxPending} posts are already waiting to be stored`);
    this.name = 'QueueFullError';
  }
}

interface Pending extends NewRow {
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

export interface InsertQueue {
  /** Stores one post; `key` is its idempotency key, when it sent one (a repeat gets the first id). */
  insert(kind: InboxKind, values: Record<string, string>, key?: string | null): Promise<number>;
}

export function createInsertQueue(
  db: Database,
  options: { maxConcurrentWrites?: number; maxPending?: number } = {},
): InsertQueue {
  // PGlite has one connection; a PostgreSQL pool can take a few writes at once.
  const maxWrites = options.maxConcurrentWrites ?? (db.kind === 'postgres' ? 4 : 1);
  const maxPending = options.maxPending ?? MAX_PENDING_POSTS;
  const queues: Record<InboxKind, Pending[]> = { messages: [], submissions: [] };
  let writing = 0;
  /** Posts waiting or being written. */
  let pending = 0;
  let scheduled = false;

  const settle = (post: Pending, id: number | undefined, error?: unknown) => {
    pending -= 1;
    if (id === undefined) post.reject(error ?? new Error('the row was not stored'));
    else post.resolve(id);
  };

  async function writeBatch(kind: InboxKind, batch: Pending[]): Promise<void> {
    try {
      const ids = await insertMany(db, kind, batch);
      batch.forEach((post, index) => settle(post, ids[index]));
    } catch (error) {
      if (batch.length === 1) {
        const [post] = batch;
        if (post) settle(post, undefined, error);
        return;
      }
      for (const post of batch) {
        await insertMany(db, kind, [post]).then(
          ([id]) => settle(post, id),
          (single: unknown) => settle(post, undefined, single),
        );
      }
    }
  }

  function pump(): void {
    while (writing < maxWrites) {
      const kind = queues.messages.length >= queues.submissions.length ? 'messages' : 'submissions';
      const batch = queues[kind].splice(0, MAX_ROWS_PER_INSERT);
      if (batch.length === 0) return;
      writing += 1;
      void writeBatch(kind, batch).finally(() => {
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

  return {
    insert(kind, values, key = null) {
      if (pending >= maxPending) return Promise.reject(new QueueFullError(maxPending));
      pending += 1;
      return new Promise<number>((resolve, reject) => {
        queues[kind].push({ values, key, resolve, reject });
        schedule();
      });
    },
  };
}
