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

/** The most results one INSERT carries. */
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

/**
 * What a batch needs to know before it counts, in one statement: which of its results are stored
 * already ($1 and $2: each result's puzzle and key), and how many results each of its addresses
 * ($3) and networks ($4) has stored. One row a stored result, address and network, by `kind`.
 * Every part looks its keys up in an index, one by one, whatever the planner knows of the table:
 * a new puzzle's results are not yet in its statistics at midnight, and a plan that took them
 * for few would read every result of the puzzle for each batch.
 */
export const STORED_BEFORE = prepared(
  'results-stored-before',
  `SELECT 'result' AS kind, u.key, 0 AS n
     FROM unnest($1::text[], $2::text[]) AS u(puzzle, key),
          LATERAL (SELECT 1 FROM puzzle_results
                    WHERE puzzle_id = u.puzzle AND result_key = u.key) AS stored
   UNION ALL
   SELECT 'address', a.key, (SELECT count(*)::integer FROM puzzle_results WHERE address_key = a.key)
     FROM unnest($3::text[]) AS a(key)
   UNION ALL
   SELECT 'network', w.key, (SELECT count(*)::integer FROM puzzle_results WHERE network_key = w.key)
     FROM unnest($4::text[]) AS w(key)`,
);
/**
 * A batch's counted results, a column an array ($1-$9), in the order given (their keys'): one
 * statement text for any number, prepared once on each PostgreSQL connection.
 */
const INSERT_RESULTS = prepared(
  'results-insert',
  `INSERT INTO puzzle_results
     (puzzle_id, result_key, mode, won, tries, found_last, wrong_tries, address_key, network_key)
   SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::smallint[],
                        $6::smallint[], $7::text[], $8::text[], $9::text[])
   ON CONFLICT (puzzle_id, result_key) DO NOTHING
   RETURNING result_key`,
);
const storedRow = z.object({
  kind: z.enum(['result', 'address', 'network']),
  key: z.string(),
  n: z.number().int(),
});

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
    // The batch's addresses and networks (their keys name the puzzle too), locked on PostgreSQL,
    // where other connections and processes count them too. The embedded database has one
    // connection, and a transaction holds it to the end: nothing else counts meanwhile.
    const networks = rows.flatMap((row) => (row.network ? [row.network] : []));
    if (db.kind === 'postgres')
      await tx.query(LOCK_KEYS, [
        RESULTS_LOCK_KEY,
        [...rows.map((row) => row.address), ...networks],
      ]);
    // A result already in is answered as such before any limit is looked at: a retry whose first
    // answer was lost is never "not counted", and never tallied.
    const before = (
      await tx.query(STORED_BEFORE, [
        rows.map((row) => row.post.puzzleId),
        rows.map((row) => row.key),
        [...new Set(rows.map((row) => row.address))],
        [...new Set(networks)],
      ])
    ).map((row) => storedRow.parse(row));
    const countsOf = (kind: 'address' | 'network') =>
      new Map(before.filter((row) => row.kind === kind).map((row) => [row.key, row.n]));
    const stored = new Set(before.filter((row) => row.kind === 'result').map((row) => row.key));
    const first = firstOfEachBrowser(
      rows.map((row) => row.post),
      new Set(rows.filter((row) => stored.has(row.key)).map((row) => onceKey(row.post))),
    );
    const byAddress = countsOf('address');
    const byNetwork = countsOf('network');
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
    // Rows go in in the order of their keys: two batches holding one browser's result (sent from
    // two addresses) meet on its key in the same order, and the second waits, never in a circle.
    const counted = rows.filter((_, index) => outcomes[index] === 'counted');
    counted.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (counted.length > 0) {
      const inserted = await tx.query(INSERT_RESULTS, [
        counted.map(({ post }) => post.puzzleId),
        counted.map(({ key }) => key),
        counted.map(({ post }) => post.mode),
        counted.map(({ post }) => post.won),
        counted.map(({ post }) => post.tries),
        counted.map(({ post }) => foundLastOf(post)),
        counted.map(({ post }) => JSON.stringify(post.wrongTries)),
        counted.map(({ address }) => address),
        counted.map(({ network }) => network),
      ]);
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
