import * as z from 'zod/mini';
import { CATEGORY_COUNT } from './game/engine';
import { MAX_TRIES } from './game/difficulty';
import { isReleased } from './daily';
import { PUZZLE_ID_PATTERN } from './puzzle';
import {
  CROWD_MODES,
  triesLimit,
  type CrowdFigures,
  type CrowdPost,
  type CrowdResult,
  type CrowdSummary,
} from './crowd';

/**
 * The one schema of a crowd result (core/crowd.ts), used by the browser before it keeps or sends
 * one and by the server before it stores one; and of the figures the server answers with.
 */

const category = z.int().check(z.minimum(0), z.maximum(CATEGORY_COUNT - 1));

const resultShape = {
  puzzleId: z.string().check(z.maxLength(40), z.regex(PUZZLE_ID_PATTERN)),
  mode: z.enum(CROWD_MODES),
  won: z.boolean(),
  tries: z.int().check(z.minimum(1), z.maximum(MAX_TRIES)),
  // A wrong try got at most three categories fully right (all four is a win), each named once.
  wrongTries: z.array(
    z.array(category).check(
      z.maxLength(CATEGORY_COUNT - 1),
      z.refine(
        (list) => new Set(list).size === list.length,
        'A category is named twice in one try.',
      ),
    ),
  ),
};

/** The message for a result whose tries do not fit its mode and outcome; null when they fit. */
export function triesProblem(result: Omit<CrowdResult, 'puzzleId'>): string | null {
  const limit = triesLimit(result.mode);
  if (result.tries > limit)
    return `A game in ${result.mode} mode has at most ${limit} tries, not ${result.tries}.`;
  if (result.won && result.wrongTries.length !== result.tries - 1)
    return `A win in ${result.tries} tries has ${result.tries - 1} wrong tries before it, not ${result.wrongTries.length}.`;
  if (!result.won && result.tries !== limit)
    return `A lost game in ${result.mode} mode used all ${limit} tries, not ${result.tries}.`;
  if (!result.won && result.wrongTries.length !== limit)
    return `A lost game in ${result.mode} mode has ${limit} wrong tries, not ${result.wrongTries.length}.`;
  return null;
}

const fits = z.superRefine((result: Omit<CrowdResult, 'puzzleId'>, context) => {
  const problem = triesProblem(result);
  if (problem)
    context.issues.push({ code: 'custom', message: problem, input: result, path: ['tries'] });
});

export const crowdResultSchema: z.ZodMiniType<CrowdResult> = z
  .strictObject(resultShape)
  .check(fits);

/** A browser's random id: a version 4 UUID (crypto.randomUUID), nothing derived from the browser. */
export const browserIdSchema = z.uuidv4();

export const crowdPostSchema: z.ZodMiniType<CrowdPost> = z
  .strictObject({ ...resultShape, browserId: browserIdSchema })
  .check(fits);

/**
 * Why a result was refused: `invalid` can never be counted (the browser drops it); `unknown
 * puzzle` may be counted later (a server whose catalogue does not reach that day yet, or a clock
 * behind the player's), so the browser keeps it and sends it again.
 */
export type CrowdRefusal = 'invalid' | 'unknown puzzle';

export type CrowdCheck =
  | { readonly success: true; readonly data: CrowdPost }
  | { readonly success: false; readonly error: string; readonly reason: CrowdRefusal };

/** A puzzle a result may be counted for: the catalogue's, dated today (UTC) or earlier. */
export interface CountablePuzzle {
  id: string;
  date: string;
}

/**
 * Checks a posted result against the schema and the catalogue: an unknown puzzle, or one dated
 * after `today`, cannot have been played (docs/product-decisions.md: a future id is "not found").
 */
export function checkCrowdPost(
  input: unknown,
  catalogue: readonly CountablePuzzle[],
  today: string,
): CrowdCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { success: false, error: 'Please send the result as a JSON object.', reason: 'invalid' };
  const parsed = crowdPostSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === 'unrecognized_keys')
      return {
        success: false,
        error: `Not part of a result: ${issue.keys.join(', ')}.`,
        reason: 'invalid',
      };
    const field = issue?.path.map(String).join('.') || 'result';
    return {
      success: false,
      error: `${field}: ${issue?.message ?? 'not a valid result'}`,
      reason: 'invalid',
    };
  }
  const puzzle = catalogue.find((entry) => entry.id === parsed.data.puzzleId);
  if (!puzzle || !isReleased(puzzle, today))
    return {
      success: false,
      error: `There is no puzzle ${parsed.data.puzzleId} to count a result for.`,
      reason: 'unknown puzzle',
    };
  return { success: true, data: parsed.data };
}

const count = z.int().check(z.minimum(0));

const figuresSchema: z.ZodMiniType<CrowdFigures> = z.object({
  players: count,
  solved: count,
  modes: z.object({
    easy: z.object({ players: count, solved: count }),
    normal: z.object({ players: count, solved: count }),
  }),
  averageTries: z.nullable(z.number().check(z.minimum(1), z.maximum(MAX_TRIES))),
  distribution: z.array(count).check(z.length(MAX_TRIES)),
  foundLast: z.nullable(
    z.object({
      category: z.int().check(z.minimum(0), z.maximum(CATEGORY_COUNT - 1)),
      count,
      of: count,
    }),
  ),
});

/** GET /api/results/<puzzleId>'s answer, as the browser reads it. */
export const crowdSummarySchema: z.ZodMiniType<CrowdSummary> = z.object({
  puzzleId: z.string(),
  players: count,
  figures: z.nullable(figuresSchema),
});
