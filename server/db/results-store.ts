import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  CROWD_MODES,
  foundLastOf,
  onceKey,
  type CrowdPost,
  type CrowdTally,
} from '../../core/crowd';
import { type Database, type Queryable } from './database';
import { keyedHash, serverSecret } from './server-secret';

/**
 * The crowd's results (server/db/migrations/004-puzzle-results.sql and 005). Every query is
 * parameterised. Neither a browser's id nor a client's address is ever stored: only hashes of
 * each with the puzzle id (the address's with the database's own secret too).
 */

/** The most results one INSERT carries (8 parameters a row). */
export const MAX_RESULTS_PER_INSERT = 500;

/** The stored key of a browser's result of a puzzle: one-way, and different for every puzzle. */
export const resultKey = (post: Pick<CrowdPost, 'puzzleId' | 'browserId'>): string =>
  createHash('sha256').update(onceKey(post)).digest('base64url');

/** A result to store, with the client address group it came from (server/client-address.ts). */
export interface IncomingResult {
  post: CrowdPost;
  addressGroup: string;
}

/** What became of a result: stored, its browser's result already in, or over its address's limit. */
export type ResultOutcome = 'counted' | 'already counted' | 'not counted';

// Any fixed number: with a puzzle's hash, serialises the counting of that puzzle's results across
// every connection and server process, so the per-address limit holds exactly.
const RESULTS_LOCK_KEY = 7_146_302;

/** The stored key of an address group's results of a puzzle: not an address, and not linkable. */
const addressKey = (secret: string, puzzleId: string, group: string): string =>
  keyedHash(secret, puzzleId, group);

/**
 * Stores results in one transaction. For each: counted, already counted (that browser's result of
 * that puzzle was in: nothing changed), or not counted (its address group already has
 * `perAddress` results of that puzzle; the puzzle's not-counted tally goes up by one).
 */
export async function insertResults(
  db: Database,
  results: readonly IncomingResult[],
  perAddress: number,
): Promise<ResultOutcome[]> {
  if (results.length === 0) return [];
  if (results.length > MAX_RESULTS_PER_INSERT)
    throw new RangeError(`at most ${MAX_RESULTS_PER_INSERT} results at once`);
  const secret = await serverSecret(db);
  const rows = results.map(({ post, addressGroup }) => ({
    post,
    key: resultKey(post),
    address: addressKey(secret, post.puzzleId, addressGroup),
  }));
  return db.transaction(async (tx) => {
    const puzzles = [...new Set(rows.map((row) => row.post.puzzleId))].sort();
    for (const puzzleId of puzzles)
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
        RESULTS_LOCK_KEY,
        puzzleId,
      ]);
    const addresses = [...new Set(rows.map((row) => row.address))];
    const counted = await tx.query(
      `SELECT address_key, count(*)::integer AS n FROM puzzle_results
        WHERE address_key = ANY($1::text[]) GROUP BY address_key`,
      [addresses],
    );
    const used = new Map(
      counted.map((row) => {
        const parsed = z.object({ address_key: z.string(), n: z.number().int() }).parse(row);
        return [parsed.address_key, parsed.n];
      }),
    );
    // In order: the first results of an address are the ones counted.
    const allowed = rows.map((row) => {
      const n = used.get(row.address) ?? 0;
      if (n >= perAddress) return false;
      used.set(row.address, n + 1);
      return true;
    });
    const params: unknown[] = [];
    const tuples: string[] = [];
    rows.forEach(({ post, key, address }, index) => {
      if (!allowed[index]) return;
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
      );
      tuples.push(`(${Array.from({ length: 8 }, (_, i) => `$${base + i + 1}`).join(', ')})`);
    });
    const stored = new Set<string>();
    if (tuples.length > 0) {
      const inserted = await tx.query(
        `INSERT INTO puzzle_results
           (puzzle_id, result_key, mode, won, tries, found_last, wrong_tries, address_key)
         VALUES ${tuples.join(', ')}
         ON CONFLICT (puzzle_id, result_key) DO NOTHING
         RETURNING puzzle_id, result_key`,
        params,
      );
      for (const row of inserted) stored.add(`${String(row.puzzle_id)} ${String(row.result_key)}`);
    }
    const outcomes = rows.map((row, index): ResultOutcome => {
      if (!allowed[index]) return 'not counted';
      // Two posts of one browser in one statement: the first is the one stored.
      return stored.delete(`${row.post.puzzleId} ${row.key}`) ? 'counted' : 'already counted';
    });
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
