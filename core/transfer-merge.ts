import { addDays, daysBetween } from './dates';
import { MAX_GROUPS_PER_DEVICE } from './friends';
import { pruneGames, SAVED_GAME_LIMITS, type SavedGame } from './game/saved-games';
import type { DailyCompletion, PlayerData, PuzzleCompletion } from './records';
import type { FinishedGame } from './stats';
import { currentStreakOn, type DailyStats } from './streaks';
import {
  placeWords,
  wasDaily,
  type MovedFinishedGame,
  type MovedGroup,
  type Transfer,
} from './transfer';

/**
 * Adding a link's games to a device (docs/decisions.md "Moving games between devices"): the two
 * are merged, never overwritten, and merging the same link again changes nothing.
 *  - Every finished game of either device is kept once (a game is a puzzle on a UTC day).
 *  - A puzzle finished on both keeps one result: a win over a loss, else the earlier finish (its
 *    first game with that result), else fewer tries. A daily finished on both devices the same day
 *    is the same rule: the win, else fewer tries.
 *  - Nothing of the link dated after today or after the day the link was made is taken: a
 *    record on this device is never replaced by one from its future (the reader refuses such a
 *    link already, core/transfer-bounds.ts).
 *  - A game in progress is kept unless its puzzle was finished on the other device (on or after
 *    the day it was last played); of two games of one puzzle, the one played last. Of the games
 *    of both devices, the most recently played are kept, up to the cap (`inProgressAfterMerge`).
 *  - The streak is worked out again from the merged daily games, together with the days each
 *    device's own streak covers (a record kept before games said whether they were dailies).
 * Every tie is broken by the records themselves, so merging two devices gives the same games and
 * records whichever is the link (only the settings, and the day's stand-in puzzle this device
 * has chosen, come from one side); where two are equal in every way, this device's stays.
 */
export function mergeTransfer(
  local: PlayerData,
  received: Transfer,
  today: string,
  /** A puzzle's words, to lay a moved game in progress out again; null drops that game. */
  wordsOf: (puzzleId: string) => readonly string[] | null,
): PlayerData {
  const link = upTo(received, received.madeOn < today ? received.madeOn : today);
  const localHistory = local.history.map((game) => ({
    ...game,
    daily: wasDaily(game, local.completions),
  }));
  const history = mergeHistory(localHistory, link.history);
  const daily = better(local.daily, link.daily, compareDaily);
  const fromLink = daily !== local.daily;
  return {
    ...local,
    history: history.map(({ daily: isDaily, ...game }): FinishedGame =>
      isDaily ? { ...game, daily: true } : game,
    ),
    completions: mergeCompletions(local, localHistory, link),
    daily,
    randomDaily:
      fromLink && daily && link.randomDaily?.date === daily.date
        ? link.randomDaily
        : local.randomDaily,
    stats: streakOf(history, [local.stats, link.stats]),
    games: mergeGames(local.games, localHistory, link, wordsOf, today),
  };
}

/** A link without anything dated after `last`. */
function upTo(link: Transfer, last: string): Transfer {
  const by = (date: string | null | undefined) => date == null || date <= last;
  return {
    ...link,
    stats: link.stats && by(link.stats.lastPlayedDate) ? link.stats : null,
    daily: link.daily && by(link.daily.date) ? link.daily : null,
    randomDaily: link.randomDaily && by(link.randomDaily.date) ? link.randomDaily : null,
    history: link.history.filter((game) => by(game.date)),
    completions: link.completions.filter((c) => by(c.date)),
    games: link.games.filter((game) => by(game.playedOn)),
  };
}

/** The better of two records by `compare` (negative: the first); the first when equal or alone. */
function better<T>(first: T | null, second: T | null, compare: (a: T, b: T) => number): T | null {
  if (first === null) return second;
  if (second === null) return first;
  return compare(first, second) <= 0 ? first : second;
}

/** A win before a loss, then fewer tries. */
const compareResult = (
  a: { won: boolean; attempts: number },
  b: { won: boolean; attempts: number },
): number => (a.won !== b.won ? (a.won ? -1 : 1) : a.attempts - b.attempts);

/** The later day's daily record; on the same day, the better result, then more lives left. */
const compareDaily = (a: DailyCompletion, b: DailyCompletion): number =>
  a.date !== b.date ? (a.date > b.date ? -1 : 1) : compareResult(a, b) || b.score - a.score;

const gameKey = (game: FinishedGame) => `${game.date} ${game.id}`;

const byDate = <T extends { date: string }>(a: T, b: T) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : 0;

function mergeHistory(
  local: readonly MovedFinishedGame[],
  link: readonly MovedFinishedGame[],
): MovedFinishedGame[] {
  const merged = new Map<string, MovedFinishedGame>();
  for (const game of local) merged.set(gameKey(game), game);
  for (const game of link) {
    const key = gameKey(game);
    const kept = merged.get(key);
    const chosen = kept ? (better(kept, game, compareResult) as MovedFinishedGame) : game;
    // Known to be a daily on either device: a daily.
    merged.set(key, kept && (kept.daily || game.daily) ? { ...chosen, daily: true } : chosen);
  }
  // Oldest first; the sort is stable, so a day keeps this device's order and then the link's.
  return [...merged.values()].sort(byDate);
}

/** The first day a device's history shows a puzzle ending as its record says. */
function finishedOn(history: readonly FinishedGame[], record: PuzzleCompletion): string | null {
  const game = history.find(
    (g) => g.id === record.puzzleId && g.won === record.won && g.attempts === record.attempts,
  );
  return game?.date ?? null;
}

function mergeCompletions(
  local: PlayerData,
  localHistory: readonly FinishedGame[],
  link: Transfer,
): PlayerData['completions'] {
  const merged = { ...local.completions };
  for (const record of link.completions) {
    const kept = merged[record.date];
    if (!kept) {
      merged[record.date] = record;
      continue;
    }
    if (kept.puzzleId !== record.puzzleId) continue;
    const keptOn = finishedOn(localHistory, kept);
    const linkOn = finishedOn(link.history, record);
    const compare = (a: PuzzleCompletion, b: PuzzleCompletion) => {
      if (a.won !== b.won) return a.won ? -1 : 1;
      const aOn = a === kept ? keptOn : linkOn;
      const bOn = b === kept ? keptOn : linkOn;
      if (aOn && bOn && aOn !== bOn) return aOn < bOn ? -1 : 1;
      return a.attempts - b.attempts || b.score - a.score;
    };
    merged[record.date] = better(kept, record, compare) as PuzzleCompletion;
  }
  return merged;
}

/** Finished on this history on or after the day the game was last played. */
const finishedSince = (
  history: readonly FinishedGame[],
  game: { puzzleId: string; playedOn: string },
) => history.some((g) => g.id === game.puzzleId && g.date >= game.playedOn);

function mergeGames(
  localGames: readonly SavedGame[],
  localHistory: readonly FinishedGame[],
  link: Transfer,
  wordsOf: (puzzleId: string) => readonly string[] | null,
  today: string,
): SavedGame[] {
  const linkGames = link.games.flatMap((moved) => {
    const words = wordsOf(moved.puzzleId);
    const game = words ? placeWords(moved, words) : null;
    return game ? [game] : [];
  });
  return inProgressAfterMerge(localGames, localHistory, linkGames, link.history, today).kept;
}

/** What a game in progress needs for the merge: its puzzle, its last day, its tries. */
export type InProgress = Pick<SavedGame, 'puzzleId' | 'playedOn' | 'daily' | 'submissions'>;

/**
 * Played later: the later day, then more tries made; then, to be the same on both devices, the
 * game itself (its record as text).
 */
function comparePlayed(a: InProgress, b: InProgress): number {
  if (a.playedOn !== b.playedOn) return a.playedOn > b.playedOn ? 1 : -1;
  if (a.submissions.length !== b.submissions.length) {
    return a.submissions.length - b.submissions.length;
  }
  const [textA, textB] = [JSON.stringify(a), JSON.stringify(b)];
  return textA === textB ? 0 : textA > textB ? 1 : -1;
}

/**
 * The games in progress of two devices together: a game still going on one device whose puzzle
 * the other has finished since is over; of two games of one puzzle, the one played later; then
 * the games a device keeps on `today` (core/game/saved-games.ts), and of those, up to the cap, the
 * most recently played. `leftOut` counts the games the cap leaves out (the preview says so).
 */
export function inProgressAfterMerge<G extends InProgress>(
  localGames: readonly G[],
  localHistory: readonly FinishedGame[],
  linkGames: readonly G[],
  linkHistory: readonly FinishedGame[],
  today: string,
): { kept: G[]; leftOut: number } {
  const stillOn = (
    games: readonly G[],
    own: readonly FinishedGame[],
    other: readonly FinishedGame[],
  ) => games.filter((game) => finishedSince(own, game) || !finishedSince(other, game));
  const byPuzzle = new Map<string, G>();
  for (const game of [
    ...stillOn(localGames, localHistory, linkHistory),
    ...stillOn(linkGames, linkHistory, localHistory),
  ]) {
    const kept = byPuzzle.get(game.puzzleId);
    if (!kept || comparePlayed(game, kept) > 0) byPuzzle.set(game.puzzleId, game);
  }
  const all = [...byPuzzle.values()].sort(comparePlayed);
  // No cap yet: the games a device keeps by their days, then the cap on their count.
  const dated = pruneGames(all, today, Number.MAX_SAFE_INTEGER);
  const kept = dated.slice(-SAVED_GAME_LIMITS.games);
  return { kept, leftOut: dated.length - kept.length };
}

/**
 * The groups of friends of two devices together (the link's section 6): every group of this
 * device, in its order, then the link's groups this device is not in, in theirs. A group on both
 * is kept once, as this device has it (the membership in use here: its member and secret), so
 * adding the same link again changes nothing. A device belongs to at most MAX_GROUPS_PER_DEVICE
 * groups: the link's groups past that are left out (`leftOut`, which the preview names), never
 * one of this device's.
 */
export function groupsAfterMerge<G extends Pick<MovedGroup, 'id'>>(
  local: readonly G[],
  link: readonly G[],
): { kept: G[]; leftOut: G[] } {
  const here = new Set(local.map((group) => group.id));
  const seen = new Set<string>();
  const added = link.filter(
    (group) => !here.has(group.id) && !seen.has(group.id) && seen.add(group.id),
  );
  const room = Math.max(0, MAX_GROUPS_PER_DEVICE - local.length);
  return { kept: [...local, ...added.slice(0, room)], leftOut: added.slice(room) };
}

/** No streak reaches further back than this many days (a guard against a silly record). */
const LONGEST_COUNTED = 10_000;

/**
 * The daily streak from the merged daily games, and from the days each device's streak covers
 * (its current streak is that many daily wins up to its last day; a streak of 0 means a loss then).
 */
export function streakOf(
  history: readonly MovedFinishedGame[],
  devices: readonly (DailyStats | null)[],
): DailyStats | null {
  const results = new Map<string, boolean>();
  for (const game of history) {
    if (game.daily) results.set(game.date, results.get(game.date) === true || game.won);
  }
  // A day either device counts as won is won (as a game won on either device is); a day known
  // only as lost is lost. So the order of the devices does not matter.
  for (const stats of devices) {
    const last = stats?.lastPlayedDate;
    if (!stats || !last) continue;
    for (let k = 0; k < Math.min(stats.currentStreak, LONGEST_COUNTED); k += 1) {
      results.set(addDays(last, -k), true);
    }
  }
  for (const stats of devices) {
    const last = stats?.lastPlayedDate;
    if (stats?.currentStreak === 0 && last && !results.has(last)) results.set(last, false);
  }
  const known = devices.filter((stats): stats is DailyStats => stats !== null);
  if (results.size === 0 && known.length === 0) return null;
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of [...results.keys()].sort()) {
    const won = results.get(day) === true;
    run = won ? (previous !== null && daysBetween(previous, day) === 1 ? run + 1 : 1) : 0;
    longest = Math.max(longest, run);
    previous = won ? day : null;
  }
  const lastDay = [...results.keys()].sort().at(-1) ?? null;
  return {
    currentStreak: run,
    maxStreak: Math.max(longest, ...known.map((stats) => stats.maxStreak)),
    lastPlayedDate: lastDay,
  };
}

/** What the preview shows of a device's games or a link's. */
export interface GamesSummary {
  games: number;
  currentStreak: number;
  longestStreak: number;
  inProgress: number;
  /** The last day a game was played, or null. */
  lastPlayed: string | null;
}

export function summarize(
  data: {
    history: readonly FinishedGame[];
    stats: DailyStats | null;
    games: readonly { puzzleId: string; playedOn: string }[];
  },
  today: string,
): GamesSummary {
  const days = [...data.history.map((g) => g.date), ...data.games.map((g) => g.playedOn)].sort();
  return {
    games: data.history.length,
    currentStreak: currentStreakOn(data.stats, today),
    longestStreak: data.stats?.maxStreak ?? 0,
    inProgress: data.games.filter((game) => !finishedSince(data.history, game)).length,
    lastPlayed: days.at(-1) ?? null,
  };
}
