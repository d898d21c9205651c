import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  CROWD_MODES,
  foundLastOf,
  onceKey,
  type CrowdPost,
  type CrowdTally,
} from '../../core/crowd';
import { type Queryable } from './database';

/**
 * The crowd's results (server/db/migrations/004-puzzle-results.sql). Every query is
 * parameterised. A browser's id is never stored: only a hash of it with the puzzle id.
 */

/** The most results one INSERT carries (7 parameters a row). */
export const MAX_RESULTS_PER_INSERT = 500;

/** The stored key of a browser's result of a puzzle: one-way, and different for every puzzle. */
export const resultKey = (post: Pick<CrowdPost, 'puzzleId' | 'browserId'>): string =>
  createHash('sha256').update(onceKey(post)).digest('base64url');

/**
 * Stores results in one statement, so in one commit. For each, true when it was stored, false
 * when that browser's result of that puzzle was already counted (then nothing is changed).
 */
export async function insertResults(
  db: Queryable,
  posts: readonly CrowdPost[],
): Promise<boolean[]> {
  if (posts.length === 0) return [];
  if (posts.length > MAX_RESULTS_PER_INSERT)
    throw new RangeError(`at most ${MAX_RESULTS_PER_INSERT} results at once`);
  const keys = posts.map(resultKey);
  const params: unknown[] = [];
  const tuples = posts.map((post, row) => {
    params.push(
      post.puzzleId,
      keys[row],
      post.mode,
      post.won,
      post.tries,
      foundLastOf(post),
      JSON.stringify(post.wrongTries),
    );
    const base = row * 7;
    return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7})`;
  });
  const rows = await db.query(
    `INSERT INTO puzzle_results (puzzle_id, result_key, mode, won, tries, found_last, wrong_tries)
     VALUES ${tuples.join(', ')}
     ON CONFLICT (puzzle_id, result_key) DO NOTHING
     RETURNING puzzle_id, result_key`,
    params,
  );
  const stored = new Set(rows.map((row) => `${String(row.puzzle_id)} ${String(row.result_key)}`));
  // Two posts of one browser in one statement: the first is the one stored.
  return posts.map((post, index) => {
    const key = `${post.puzzleId} ${keys[index]}`;
    return stored.delete(key);
  });
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

export async function countResults(db: Queryable): Promise<number> {
  const rows = await db.query('SELECT count(*)::integer AS n FROM puzzle_results');
  return z.object({ n: z.number().int() }).parse(rows[0]).n;
}
