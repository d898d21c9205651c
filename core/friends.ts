import { addDays, daysBetween, dateToMs } from './dates';
import { hasWon, isGameOver, type GameState } from './game/engine';
import { MAX_TRIES } from './game/difficulty';
import type { FeedbackLevel } from './game/score';
import { ROUTES } from './routes';
import { shareGrid } from './share';

/**
 * "Play with friends" (docs/decisions.md "Groups of friends"): a private group a link opens, no
 * account. Pure rules shared by the browser and the server: the limits, what a name may be, a
 * day's result as a group sees it, and the tables made of the results. The schemas that check what
 * crosses the network are in friends-schema.ts, so their code loads only with the feature.
 */

/** A group's name: 1 to 40 characters. */
export const GROUP_NAME_MAX = 40;
/** A member's name: 1 to 20 characters. */
export const MEMBER_NAME_MAX = 20;
/** Members a group holds at most. */
export const MAX_MEMBERS = 50;
/** Groups one device belongs to at most (the browser's own limit: the server cannot see devices). */
export const MAX_GROUPS_PER_DEVICE = 10;
/** A group no one has played in for this many days is deleted (the privacy page says so). */
export const GROUP_IDLE_DAYS = 90;
/**
 * A result is taken for a day up to this many days after it (a result kept offline is sent on the
 * next visit), never for a day before the member joined.
 */
export const RESULT_LATE_DAYS = 2;

/**
 * Random parts, as base64url characters: the invite code and a member's secret carry 132 bits (at
 * least 128, docs/server.md "Play with friends"), group and member ids 96 (they are not secret).
 */
export const SECRET_LENGTH = 22;
export const ID_LENGTH = 16;
const BASE64URL = '[A-Za-z0-9_-]';
export const INVITE_PATTERN = new RegExp(`^${BASE64URL}{${SECRET_LENGTH}}$`);
export const ID_PATTERN = new RegExp(`^${BASE64URL}{${ID_LENGTH}}$`);
/** A member's credential: their id and their secret, `<id>.<secret>` (never the invite code). */
export const TOKEN_PATTERN = new RegExp(
  `^(${BASE64URL}{${ID_LENGTH}})\\.${BASE64URL}{${SECRET_LENGTH}}$`,
);

/** A group's invite link's path: the code only in the fragment, which no server sees. */
export const invitePath = (invite: string): string => `${ROUTES.friendsJoin}#${invite}`;
/** A group's page's path on this device (its id in the fragment). */
export const groupPath = (groupId: string): string => `${ROUTES.friendsGroup}#${groupId}`;

/** The member id a token carries, or null when it is not a token. */
export function tokenMember(token: string): string | null {
  return TOKEN_PATTERN.exec(token)?.[1] ?? null;
}

/**
 * Characters a name may not hold: controls, format characters (zero-width spaces and joiners,
 * direction marks), private use, unassigned code points, line and paragraph separators, and the
 * blank letters that look like nothing.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** A zero-width joiner inside an emoji sequence (👩‍👩‍👧) is part of a visible character. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;

export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

/** A name as typed: trimmed, 1 to `max` characters, nothing invisible; else why not, in words. */
export function checkName(input: string, max: number, label: string): NameCheck {
  const name = input.trim();
  if (name === '') return { ok: false, message: `Please enter ${label.toLowerCase()}.` };
  if (INVISIBLE.test(name.replace(EMOJI_JOINER, '')))
    return {
      ok: false,
      message: `${label} can hold only visible characters and spaces (no control or invisible characters).`,
    };
  const length = [...name].length;
  if (length > max)
    return {
      ok: false,
      message: `${label} can be at most ${max} characters (this has ${length}).`,
    };
  return { ok: true, name };
}

/** The grid's levels, one digit each, in the order of core/game/score.ts. */
export const GRID_LEVELS: readonly FeedbackLevel[] = ['correct', 'close', 'far', 'none'];
/** One row of the grid per try, four levels a row. */
export const GRID_ROW = 4;

/** A day's result as a group sees it: no word of the puzzle, the grid as shared (core/share.ts). */
export interface FriendResult {
  /** The UTC day it was played as that day's puzzle. */
  day: string;
  puzzleId: string;
  won: boolean;
  tries: number;
  /** `GRID_ROW` digits (indexes of GRID_LEVELS) per try; empty when the tries are not known. */
  grid: string;
}

export const encodeGrid = (rows: readonly (readonly FeedbackLevel[])[]): string =>
  rows.map((row) => row.map((level) => GRID_LEVELS.indexOf(level)).join('')).join('');

export function decodeGrid(grid: string): FeedbackLevel[][] {
  const rows: FeedbackLevel[][] = [];
  for (let at = 0; at + GRID_ROW <= grid.length; at += GRID_ROW)
    rows.push(
      [...grid.slice(at, at + GRID_ROW)].map((digit) => GRID_LEVELS[Number(digit)] ?? 'none'),
    );
  return rows;
}

/** Why a result cannot be: its grid does not match its tries or its outcome; null when it fits. */
export function resultProblem(result: Pick<FriendResult, 'won' | 'tries' | 'grid'>): string | null {
  if (result.tries < 1 || result.tries > MAX_TRIES) return `tries: 1 to ${MAX_TRIES}.`;
  if (result.grid === '') return null;
  if (result.grid.length !== result.tries * GRID_ROW)
    return `grid: ${result.tries * GRID_ROW} digits for ${result.tries} tries.`;
  const last = result.grid.slice(-GRID_ROW);
  const solved = last === '0'.repeat(GRID_ROW);
  if (solved !== result.won)
    return 'grid: the last try must solve the puzzle exactly when it is won.';
  return null;
}

/** The result of a daily puzzle the player has just finished on `day`; null while it goes on. */
export function friendResultOf(state: GameState, day: string): FriendResult | null {
  if (!isGameOver(state) || state.status === 'solution') return null;
  return {
    day,
    puzzleId: state.puzzle.id,
    won: hasWon(state),
    tries: state.attempts.length,
    grid: encodeGrid(shareGrid(state.attempts)),
  };
}

/** The Monday (UTC) of the week `day` is in: weeks run Monday to Sunday. */
export function weekStart(day: string): string {
  const weekday = new Date(dateToMs(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** A member's results over some days: the server counts them (server/db/friends-store.ts). */
export interface Tally {
  played: number;
  wins: number;
  /** Tries of the won games, added up. */
  wonTries: number;
}

export const EMPTY_TALLY: Tally = { played: 0, wins: 0, wonTries: 0 };

/** Average tries of the won games; null with none won. */
export const averageTries = (tally: Tally): number | null =>
  tally.wins === 0 ? null : tally.wonTries / tally.wins;

/**
 * A member's streak as stored: consecutive daily wins, the day of their last result and the streak
 * as it stood before it. Kept up as results arrive (the rule of core/streaks.ts: a win a day
 * after the last grows it, a win after a gap starts it at 1, a loss ends it).
 */
export interface StoredStreak {
  streak: number;
  before: number;
  day: string | null;
}

/** The streak on `today`; with `hideToday`, as it stood before today's result (no spoilers). */
export function streakOn(stored: StoredStreak, today: string, hideToday: boolean): number {
  if (stored.day === null) return 0;
  const gap = daysBetween(stored.day, today);
  if (gap === 0) return hideToday ? stored.before : stored.streak;
  return gap === 1 ? stored.streak : 0;
}

/** The streak after a result of `day`: the rule streaks.ts keeps for the player's own. */
export function nextStreak(stored: StoredStreak, day: string, won: boolean): StoredStreak {
  // A result older than the last one changes nothing (it came late, from another device).
  if (stored.day !== null && daysBetween(stored.day, day) <= 0) return stored;
  const before = stored.day !== null && daysBetween(stored.day, day) === 1 ? stored.streak : 0;
  return { streak: won ? before + 1 : 0, before, day };
}

/** One row of the This week or All time table. */
export interface TableRow {
  memberId: string;
  name: string;
  tally: Tally;
  streak: number;
}

/**
 * The tables' order (said under each table, FRIENDS_STRINGS.sortRule): most wins first, then the
 * fewer tries on average, then most days played, then by name.
 */
export function sortTable<T extends TableRow>(rows: readonly T[]): T[] {
  const average = (row: T) => averageTries(row.tally) ?? Number.POSITIVE_INFINITY;
  return [...rows].sort(
    (a, b) =>
      b.tally.wins - a.tally.wins ||
      average(a) - average(b) ||
      b.tally.played - a.tally.played ||
      a.name.localeCompare(b.name, 'en'),
  );
}

/** Whether a member's result of `day` may still be taken on `today`. */
export function takesResultOf(day: string, today: string, joinedOn: string): boolean {
  const late = daysBetween(day, today);
  return late >= 0 && late <= RESULT_LATE_DAYS && daysBetween(joinedOn, day) >= 0;
}
