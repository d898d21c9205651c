import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  CROWD_MODES,
  firstOfEachBrowser,
  foundLastOf,
  onceKey,
  type CrowdPost,
  type CrowdTally,
} from '../../core/crowd';
import { prepared, type Database, type Queryable } from './database';
import { keyedHash, serverSecret } from './server-secret';

/**
 * The crowd's results (server/db/migrations/004-puzzle-results.sql and 005). Every query is
 * parameterised. Neither a browser's id nor a client's address is ever stored: only hashes of
 * each with the puzzle id (the address's with the database's own secret too).
 */

/** The most results one INSERT carries (9 parameters a row). */
export const MAX_RESULTS_PER_INSERT = 500;

/** The stored key of a browser's result of a puzzle: one-way, and different for every puzzle. */
export const resultKey = (post: Pick<CrowdPost, 'puzzleId' | 'browserId'>): string =>
  createHash('sha256').update(onceKey(post)).digest('base64url');

/** A result to store, with the client's address and network groups (server/client-address.ts). */
export interface IncomingResult {
  post: CrowdPost;
  addressGroup: string;
  /** An IPv6 address's /48; none for IPv4, which is counted by its address alone. */
  networkGroup?: string | null;
}

/** What became of a result: stored, its browser's result already in, or over a limit of its client's. */
export type ResultOutcome = 'counted' | 'already counted' | 'not counted';

/** Results of one puzzle counted from one client (RESULTS_PER_ADDRESS, RESULTS_PER_NETWORK). */
export interface ResultLimits {
  perAddress: number;
  perNetwork: number;
}

// Any fixed number: with the hash of an address's (or network's) key, serialises the counting of
// that address's results across every connection and server process, so the per-address and
// per-network limits hold exactly, while batches of other players go on at the same time.
const RESULTS_LOCK_KEY = 7_146_302;
/** The locks of these keys, taken in one order (ascending hashes): no two batches wait in a circle. */
const LOCK_KEYS = prepared(
  'results-lock-keys',
  `SELECT count(*)::integer AS n
     FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest($2::text[]) AS k ORDER BY h) AS keys,
          LATERAL (SELECT pg_advisory_xact_lock($1, keys.h)) AS locked`,
);

/** Counts of stored results by key (address_key or network_key), for the keys given. */
async function countsBy(
  tx: Queryable,
  column: 'address_key' | 'network_key',
  keys: readonly string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await tx.query(
    `SELECT ${column} AS key, count(*)::integer AS n FROM puzzle_results
      WHERE ${column} = ANY($1::text[]) GROUP BY ${column}`,
    [[...new Set(keys)]],
  );
  return new Map(
    rows.map((row) => {
      const parsed = z.object({ key: z.string(), n: z.number().int() }).parse(row);
      return [parsed.key, parsed.n];
    }),
  );
}

/**
 * Stores results in one transaction. For each: counted; already counted (that browser's result of
 * that puzzle was in, or came earlier in the same batch: nothing changed, no place spent, however
 * full its address is); or not counted (its address group already has `perAddress` results of that
 * puzzle, or its IPv6 /48 `perNetwork`; the puzzle's not-counted tally goes up by one).
 */
export async function insertResults(
  db: Database,
  results: readonly IncomingResult[],
  limits: ResultLimits,
): Promise<ResultOutcome[]> {
  if (results.length === 0) return [];
  if (results.length > MAX_RESULTS_PER_INSERT)
    throw new RangeError(`at most ${MAX_RESULTS_PER_INSERT} results at once`);
  const secret = await serverSecret(db);
  const rows = results.map(({ post, addressGroup, networkGroup }) => ({
    post,
    key: resultKey(post),
    // Both hashes name the puzzle: one address's (or network's) results of different puzzles
    // cannot be linked.
    address: keyedHash(secret, post.puzzleId, addressGroup),
    network: networkGroup ? keyedHash(secret, post.puzzleId, networkGroup) : null,
  }));
  return db.transaction(async (tx) => {
    const puzzles = [...new Set(rows.map((row) => row.post.puzzleId))].sort();
    // The batch's addresses and networks (their keys name the puzzle too).
    await tx.query(LOCK_KEYS, [
      RESULTS_LOCK_KEY,
      rows.flatMap((row) => (row.network ? [row.address, row.network] : [row.address])),
    ]);
    // A result already in is answered as such before any limit is looked at: a retry whose first
    // answer was lost is never "not counted", and never tallied.
    const present = await tx.query(
      `SELECT result_key FROM puzzle_results
        WHERE puzzle_id = ANY($1::text[]) AND result_key = ANY($2::text[])`,
      [puzzles, rows.map((row) => row.key)],
    );
    const stored = new Set(
      present.map((row) => z.object({ result_key: z.string() }).parse(row).result_key),
    );
    const first = firstOfEachBrowser(
      rows.map((row) => row.post),
      new Set(rows.filter((row) => stored.has(row.key)).map((row) => onceKey(row.post))),
    );
    const byAddress = await countsBy(
      tx,
      'address_key',
      rows.map((row) => row.address),
    );
    const byNetwork = await countsBy(
      tx,
      'network_key',
      rows.flatMap((row) => (row.network ? [row.network] : [])),
    );
    // In order: the first results of an address (and of a network) are the ones counted; a
    // browser's second result in the batch spends no place.
    const outcomes = rows.map((row, index): ResultOutcome => {
      if (!first[index]) return 'already counted';
      const n = byAddress.get(row.address) ?? 0;
      const m = row.network ? (byNetwork.get(row.network) ?? 0) : 0;
      if (n >= limits.perAddress || (row.network && m >= limits.perNetwork)) return 'not counted';
      byAddress.set(row.address, n + 1);
      if (row.network) byNetwork.set(row.network, m + 1);
      return 'counted';
    });
    const params: unknown[] = [];
    const tuples: string[] = [];
    // Rows go in in the order of their keys: two batches holding one browser's result (sent from
    // two addresses) meet on its key in the same order, and the second waits, never in a circle.
    const counted = rows.filter((_, index) => outcomes[index] === 'counted');
    counted.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    counted.forEach(({ post, key, address, network }) => {
      const base = params.length;
      params.push(
        post.puzzleId,
        key,
        post.mode,
        post.won,
        post.tries,
        foundLastOf(post),
        JSON.stringify(post.wrongTries),
        address,
        network,
      );
      tuples.push(`(${Array.from({ length: 9 }, (_, i) => `$${base + i + 1}`).join(', ')})`);
    });
    if (tuples.length > 0) {
      const inserted = await tx.query(
        `INSERT INTO puzzle_results
           (puzzle_id, result_key, mode, won, tries, found_last, wrong_tries, address_key,
            network_key)
         VALUES ${tuples.join(', ')}
         ON CONFLICT (puzzle_id, result_key) DO NOTHING
         RETURNING result_key`,
        params,
      );
      // A result another batch stored meanwhile (the same browser from another address) is
      // answered as already counted.
      const added = new Set(inserted.map((row) => String(row.result_key)));
      rows.forEach((row, index) => {
        if (outcomes[index] === 'counted' && !added.has(row.key))
          outcomes[index] = 'already counted';
      });
    }
    const refused = new Map<string, number>();
    rows.forEach(({ post }, index) => {
      if (outcomes[index] === 'not counted')
        refused.set(post.puzzleId, (refused.get(post.puzzleId) ?? 0) + 1);
    });
    for (const [puzzleId, count] of refused)
      await tx.query(
        `INSERT INTO puzzle_results_not_counted (puzzle_id, count) VALUES ($1, $2)
         ON CONFLICT (puzzle_id) DO UPDATE SET count = puzzle_results_not_counted.count + $2`,
        [puzzleId, count],
      );
    return outcomes;
  });
}

/** How many results of each puzzle were not counted (over their address's limit). */
export async function resultsNotCounted(db: Queryable): Promise<Record<string, number>> {
  const rows = await db.query('SELECT puzzle_id, count FROM puzzle_results_not_counted');
  return Object.fromEntries(
    rows.map((row) => {
      const parsed = z.object({ puzzle_id: z.string(), count: z.number().int() }).parse(row);
      return [parsed.puzzle_id, parsed.count];
    }),
  );
}

const tallyRow = z.object({
  puzzle_id: z.string(),
  mode: z.enum(CROWD_MODES),
  won: z.boolean(),
  tries: z.number().int(),
  found_last: z.number().int(),
  count: z.number().int(),
});

export interface PuzzleTally extends CrowdTally {
  puzzleId: string;
}

/**
 * The one query behind the crowd's figures: results counted by puzzle, mode, outcome, tries and
 * category found last (at most a few dozen rows a puzzle, however many played). For one puzzle,
 * or for every puzzle (the owner's puzzle-stats).
 */
export async function resultTallies(
  db: Queryable,
  puzzleId: string | null,
): Promise<PuzzleTally[]> {
  const rows = await db.query(
    `SELECT puzzle_id, mode, won, tries::integer AS tries, found_last::integer AS found_last,
            count(*)::integer AS count
       FROM puzzle_results
      ${puzzleId === null ? '' : 'WHERE puzzle_id = $1'}
      GROUP BY puzzle_id, mode, won, tries, found_last
      ORDER BY puzzle_id, mode, won, tries, found_last`,
    puzzleId === null ? [] : [puzzleId],
  );
  return rows.map((row) => {
    const tally = tallyRow.parse(row);
    return {
      puzzleId: tally.puzzle_id,
      mode: tally.mode,
      won: tally.won,
      tries: tally.tries,
      foundLast: tally.found_last,
      count: tally.count,
    };
  });
}

/** How often each category was missed: a wrong try that did not get it fully right. */
export interface CategoryMistakes {
  puzzleId: string;
  /** The category's place in the puzzle (0-3). */
  category: number;
  mistakes: number;
}

const mistakesRow = z.object({
  puzzle_id: z.string(),
  category: z.number().int(),
  mistakes: z.number().int(),
});

/**
 * For each puzzle and category, the wrong tries that did not get that category fully right
 * (wrong_tries holds, for each wrong try, the categories it got right): the group players got
 * wrong most has the most. The owner's report (cli/owner/report.ts).
 */
export async function categoryMistakes(db: Queryable): Promise<CategoryMistakes[]> {
  const rows = await db.query(
    `SELECT puzzle_id, category::integer AS category, count(*)::integer AS mistakes
       FROM puzzle_results,
            jsonb_array_elements(wrong_tries::jsonb) AS wrong(attempt),
            generate_series(0, 3) AS category
      WHERE NOT (wrong.attempt @> to_jsonb(category))
      GROUP BY puzzle_id, category
      ORDER BY puzzle_id, category`,
  );
  return rows.map((row) => {
    const parsed = mistakesRow.parse(row);
    return { puzzleId: parsed.puzzle_id, category: parsed.category, mistakes: parsed.mistakes };
  });
}

export async function countResults(db: Queryable): Promise<number> {
  const rows = await db.query('SELECT count(*)::integer AS n FROM puzzle_results');
  return z.object({ n: z.number().int() }).parse(rows[0]).n;
}
