import { CATEGORY_COUNT, hasWon, isGameOver, type GameState } from './game/engine';
import { DIFFICULTY_SETTINGS, MAX_TRIES } from './game/difficulty';
import type { Difficulty } from './difficulties';

/**
 * "Today's crowd": the anonymous result a browser sends when a catalogue puzzle ends (only with
 * consent "accepted", docs/product-decisions.md "a player's data sent anywhere"), and the figures
 * made of everyone's results. Pure: the schema that checks a result is in crowd-schema.ts, so
 * its code (zod) loads only where a result is sent or received.
 */

/** The modes a result can be played in (players choose only these two). */
export const CROWD_MODES = ['easy', 'normal'] as const;
export type CrowdMode = (typeof CROWD_MODES)[number];

/** Fewer results than this: the figures would mean nothing, so none are shown. */
export const CROWD_MINIMUM = 20;

/**
 * Results of one puzzle counted from one client address, an IPv4 address or an IPv6 /64, by
 * default (RESULTS_PER_ADDRESS, server/config.ts). One address may be a classroom or an office:
 * 30 results of a puzzle count, no more, so one script rotating its browser ids cannot set a
 * puzzle's figures.
 */
export const DEFAULT_RESULTS_PER_ADDRESS = 30;

/**
 * Results of one puzzle counted from one IPv6 /48 in all, by default (RESULTS_PER_NETWORK). A /48
 * holds 65,536 /64s, and a tunnel broker gives one to anyone: bound by the /64 alone, one script
 * could count about two million results a puzzle. A /48 is also where a provider that gives each
 * home a /56 puts 256 homes, or a campus its buildings: ten full /64s' worth (300) leaves them room
 * while one script counts no more than ten IPv4 addresses could.
 */
export const DEFAULT_RESULTS_PER_NETWORK = 300;

/** The try limit of a mode (docs/product-decisions.md: easy 8, normal 6). */
export const triesLimit = (mode: CrowdMode): number => DIFFICULTY_SETTINGS[mode].maxTries;

/** One finished game as the crowd counts it: no words, no free text. */
export interface CrowdResult {
  puzzleId: string;
  mode: CrowdMode;
  won: boolean;
  /** Tries used, the winning one included. */
  tries: number;
  /** For each wrong try in order, the puzzle's categories (0-3) that try got fully right. */
  wrongTries: number[][];
}

/** What a browser posts: its result and its random id, so one browser counts once per puzzle. */
export interface CrowdPost extends CrowdResult {
  browserId: string;
}

const isCrowdMode = (mode: Difficulty): mode is CrowdMode =>
  (CROWD_MODES as readonly string[]).includes(mode);

/** The result of a game the player has just finished; null while it goes on or for a revealed solution. */
export function crowdResultOf(state: GameState): CrowdResult | null {
  if (!isGameOver(state) || state.status === 'solution' || !isCrowdMode(state.difficulty))
    return null;
  const won = hasWon(state);
  const wrong = won ? state.attempts.slice(0, -1) : state.attempts;
  return {
    puzzleId: state.puzzle.id,
    mode: state.difficulty,
    won,
    tries: state.attempts.length,
    wrongTries: wrong.map((attempt) =>
      attempt.results
        .filter((result) => result.isFullyCorrect && result.trueCategory >= 0)
        .map((result) => result.trueCategory)
        .sort((a, b) => a - b),
    ),
  };
}

/**
 * The categories a winner found last, as a bit mask (bit c = category c): those first fully right
 * at the latest try. 0 when nothing was found last: a loss, a win at the first try, or all four
 * found together.
 */
export function foundLastOf(result: CrowdResult): number {
  if (!result.won || result.tries < 2) return 0;
  const winningTry = result.tries - 1;
  const first = Array.from({ length: CATEGORY_COUNT }, (_, category) => {
    const at = result.wrongTries.findIndex((categories) => categories.includes(category));
    return at === -1 ? winningTry : at;
  });
  const latest = Math.max(...first);
  const mask = first.reduce(
    (bits, at, category) => (at === latest ? bits | (1 << category) : bits),
    0,
  );
  return mask === (1 << CATEGORY_COUNT) - 1 ? 0 : mask;
}

/** Results counted together: what the database groups by, and what the figures are made of. */
export interface CrowdTally {
  mode: CrowdMode;
  won: boolean;
  tries: number;
  /** foundLastOf's mask. */
  foundLast: number;
  count: number;
}

export const tallyOf = (result: CrowdResult): CrowdTally => ({
  mode: result.mode,
  won: result.won,
  tries: result.tries,
  foundLast: foundLastOf(result),
  count: 1,
});

/** Everyone's results of one puzzle. */
export interface CrowdFigures {
  players: number;
  solved: number;
  /** Players and solvers in each mode. */
  modes: Record<CrowdMode, { players: number; solved: number }>;
  /** Average tries of those who solved it, to one decimal; null when nobody did. */
  averageTries: number | null;
  /** Solvers by tries: entry i counts wins in i + 1 tries (MAX_TRIES entries, like /stats). */
  distribution: number[];
  /**
   * The category found last most often (0-3), how many solvers found it last, and of how many
   * solvers found one category after the others; null when none did.
   */
  foundLast: { category: number; count: number; of: number } | null;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** The figures of a puzzle from its tallies (any grouping: tallies of one kind are added up). */
export function crowdFigures(tallies: readonly CrowdTally[]): CrowdFigures {
  const modes: CrowdFigures['modes'] = {
    easy: { players: 0, solved: 0 },
    normal: { players: 0, solved: 0 },
  };
  const distribution = Array.from({ length: MAX_TRIES }, () => 0);
  const last = Array.from({ length: CATEGORY_COUNT }, () => 0);
  let players = 0;
  let solved = 0;
  let solvedTries = 0;
  let withLast = 0;
  for (const tally of tallies) {
    players += tally.count;
    modes[tally.mode].players += tally.count;
    if (!tally.won) continue;
    solved += tally.count;
    modes[tally.mode].solved += tally.count;
    solvedTries += tally.tries * tally.count;
    const bar = tally.tries - 1;
    if (bar >= 0 && bar < MAX_TRIES) distribution[bar] = (distribution[bar] ?? 0) + tally.count;
    if (tally.foundLast === 0) continue;
    withLast += tally.count;
    for (let category = 0; category < CATEGORY_COUNT; category += 1)
      if (tally.foundLast & (1 << category)) last[category] = (last[category] ?? 0) + tally.count;
  }
  const most = Math.max(...last);
  return {
    players,
    solved,
    modes,
    averageTries: solved === 0 ? null : Math.round((10 * solvedTries) / solved) / 10,
    distribution,
    foundLast: most === 0 ? null : { category: last.indexOf(most), count: most, of: withLast },
  };
}

/** What anyone may read of a puzzle's crowd: the figures only from CROWD_MINIMUM results. */
export interface CrowdSummary {
  puzzleId: string;
  players: number;
  figures: CrowdFigures | null;
}

export const crowdSummary = (puzzleId: string, figures: CrowdFigures): CrowdSummary => ({
  puzzleId,
  players: figures.players,
  figures: figures.players >= CROWD_MINIMUM ? figures : null,
});

/** A share as a whole percentage. */
export const percent = (part: number, whole: number): number =>
  Math.round(100 * share(part, whole));

/**
 * The solve rate each difficulty label should have (all modes together, in percent), from
 * CROWD_MINIMUM results: a puzzle outside its range is probably labelled wrong
 * (docs/puzzle-authoring.md "Difficulty against the crowd").
 */
export const LABEL_SOLVE_RATES: Record<Difficulty, { min: number; max: number }> = {
  easy: { min: 75, max: 100 },
  normal: { min: 45, max: 90 },
  hard: { min: 0, max: 60 },
};

/** Why a puzzle's label disagrees with its crowd, or null when it agrees (or too few played). */
export function labelMismatch(label: Difficulty, figures: CrowdFigures): string | null {
  if (figures.players < CROWD_MINIMUM) return null;
  const rate = percent(figures.solved, figures.players);
  const { min, max } = LABEL_SOLVE_RATES[label];
  if (rate < min)
    return `labelled ${label} but only ${rate}% solved it (${label} expects at least ${min}%)`;
  if (rate > max)
    return `labelled ${label} but ${rate}% solved it (${label} expects at most ${max}%)`;
  return null;
}

/** One browser counts once per puzzle: the pair a result is known by. */
export const onceKey = (post: Pick<CrowdPost, 'puzzleId' | 'browserId'>): string =>
  `${post.puzzleId} ${post.browserId}`;

/**
 * For posts arriving together, whether each is the first of its browser for its puzzle (true) or
 * a repeat (false), given the keys already counted.
 */
export function firstOfEachBrowser(
  posts: readonly Pick<CrowdPost, 'puzzleId' | 'browserId'>[],
  counted: ReadonlySet<string> = new Set(),
): boolean[] {
  const seen = new Set(counted);
  return posts.map((post) => {
    const key = onceKey(post);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
