import { BitReader, BitWriter, crc32, fromBase64Url, toBase64Url } from './bits';
import type { RandomDailyRecord } from './daily';
import { addDays, daysBetween } from './dates';
import { DIFFICULTIES, type Difficulty } from './difficulties';
import {
  checkName,
  GROUP_NAME_MAX,
  ID_LENGTH,
  ID_PATTERN,
  INVITE_PATTERN,
  MAX_GROUPS_PER_DEVICE,
  SECRET_LENGTH,
  tokenMember,
} from './friends';
import type { StoredGroup } from './friends-schema';
import { DIFFICULTY_SETTINGS, MAX_TRIES } from './game/difficulty';
import { CATEGORY_COUNT } from './game/engine';
import type { SavedGame } from './game/saved-games';
import { puzzleNumber } from './puzzle';
import type { DailyCompletion, PlayerData, PuzzleCompletion } from './records';
import { ROUTES } from './routes';
import type { FinishedGame } from './stats';
import type { DailyStats } from './streaks';
import {
  countWithin,
  dateWithin,
  longestStreakBy,
  puzzleWithin,
  TRANSFER_LIMITS,
  type TransferBounds,
} from './transfer-bounds';

/**
 * "Move your games to another device" (docs/decisions.md "Moving games between devices"): every
 * finished game, the archive's results, the daily streak, the games in progress and the player's
 * settings, packed into the fragment of `/transfer#<code>` (so no server stores or even sees them)
 * and into a backup file. Never the crowd id.
 *
 * The code is base64url of bytes: "LP" (this site's data), the format's version, the body packed in
 * bits, and a CRC-32 of all that. The body is the day the link was made, then numbered sections
 * (`SECTIONS`: settings, streak, history, completions, games, and the groups of friends the
 * device belongs to, when it belongs to any), each with its length. Dates are
 * days since 2024-01-01, and lists are sorted so that each entry is written as a small step from
 * the one before (exponential-Golomb numbers): a daily game played the day after the last, of the
 * next puzzle, with the score its tries give, costs 7 bits in the history and 7 in the archive's
 * results. The version byte, the two letters and the checksum keep their places in every later
 * version, so any link is recognised before it is read.
 *
 * What a link may hold is bounded by core/transfer-bounds.ts, for the writer and the reader alike
 * (`transferFault`): whatever the reader accepts, the writer writes again.
 */
export const TRANSFER_VERSION = 2;
/** Version 1 (the same contents without section numbers) is still read: players keep old links. */
const OLDEST_READ_VERSION = 1;
/** The first two bytes of every code: this site's data. */
const SITE = [0x4c, 0x50];
const EPOCH = '2024-01-01';
const CHECKSUM_BYTES = 4;

/** The player's choices a link carries (the same as src/lib/preferences' Preferences). */
export interface TransferSettings {
  difficulty: Difficulty;
  gameMode: 'legacy' | 'dragAndDrop';
  palette: 'default' | 'colorBlind';
  /** null: follow the system's setting. */
  darkMode: boolean | null;
  seenHowToPlay: boolean;
  seenNote: boolean;
}

/** A game in progress without its words: their order, as indexes into the puzzle's words sorted. */
export type MovedGame = Omit<SavedGame, 'words'> & { wordOrder: number[] };

/** A finished game, knowing whether it was the daily puzzle of the day it was played. */
export type MovedFinishedGame = FinishedGame & { daily: boolean };

/** What a link or backup file carries. */
export interface Transfer {
  /** The UTC day it was made. */
  madeOn: string;
  settings: TransferSettings;
  stats: DailyStats | null;
  daily: DailyCompletion | null;
  randomDaily: RandomDailyRecord | null;
  /** Oldest first. */
  history: MovedFinishedGame[];
  /** The archive's results, one per puzzle. */
  completions: PuzzleCompletion[];
  games: MovedGame[];
  /**
   * The groups of friends the device belongs to (core/friends.ts), as it keeps them: each group's
   * id, name and invite code, and the player's member id and secret (`token`), so the other
   * device posts as the same member. At most MAX_GROUPS_PER_DEVICE, each once.
   */
  groups: MovedGroup[];
}

/** A group of friends the device belongs to, as src/lib/friends keeps it. */
export type MovedGroup = StoredGroup;

/** Why a link or file could not be read; each has its own message, and nothing changes. */
export type TransferProblem = 'missing' | 'damaged' | 'newer' | 'otherSite';

export type ReadTransfer =
  { ok: true; transfer: Transfer } | { ok: false; problem: TransferProblem };

const dayOf = (date: string) => daysBetween(EPOCH, date);
const dateOf = (day: number) => addDays(EPOCH, day);
const numberOf = (id: string) => puzzleNumber(id) ?? 0;
const idOf = (n: number) => {
  if (n < 1) throw new RangeError('Not a puzzle number');
  return `puzzle_${n}`;
};

/**
 * Whether a finished game was the day's daily puzzle: recorded so since this was added, or, for an
 * older record, the puzzle's own date is the day it was played (a puzzle dated that day is the
 * daily then).
 */
export function wasDaily(game: FinishedGame, completions: PlayerData['completions']): boolean {
  if (game.daily) return true;
  const completion = completions[game.date];
  return completion?.puzzleId === game.id;
}

/**
 * What a link of this player's data carries, made on `bounds.today`: everything within the bounds
 * (core/transfer-bounds.ts). Anything else stays behind: a made puzzle, a puzzle the catalogue
 * does not hold, a date before the first puzzle or after today, the oldest games past the limits;
 * a streak longer than the days since the first puzzle is cut to them.
 */
export function transferOf(
  data: PlayerData,
  settings: TransferSettings,
  bounds: TransferBounds,
  /** The device's groups of friends (src/lib/friends): those of another shape stay behind. */
  groups: readonly MovedGroup[] = [],
): Transfer {
  const madeOn = bounds.today;
  const dated = (date: string) => dateWithin(date, bounds, madeOn);
  const within = (id: string) => puzzleWithin(id, bounds);
  const seenGames = new Set<string>();
  const history = data.history
    .filter((game) => within(game.id) && dated(game.date))
    .filter((game) => !seenGames.has(gameKey(game)) && seenGames.add(gameKey(game)))
    .map((game) => ({
      date: game.date,
      id: game.id,
      attempts: game.attempts,
      won: game.won,
      daily: wasDaily(game, data.completions),
    }))
    .sort(byDate)
    .slice(-TRANSFER_LIMITS.finishedGames);
  const seenPuzzles = new Set<string>();
  const completions = Object.values(data.completions)
    .filter((c): c is PuzzleCompletion => c !== undefined && within(c.puzzleId) && dated(c.date))
    // In the order the code keeps them: by puzzle number, one each.
    .sort((a, b) => numberOf(a.puzzleId) - numberOf(b.puzzleId))
    .filter((c) => !seenPuzzles.has(c.puzzleId) && seenPuzzles.add(c.puzzleId));
  const seenInProgress = new Set<string>();
  const games = data.games
    .flatMap((game) => {
      const moved = within(game.puzzleId) && dated(game.playedOn) ? moveGame(game) : null;
      return moved ? [moved] : [];
    })
    // The most recently played are last: a puzzle's latest game, and the latest games, stay.
    .reverse()
    .filter((game) => !seenInProgress.has(game.puzzleId) && seenInProgress.add(game.puzzleId))
    .slice(0, TRANSFER_LIMITS.inProgress)
    .reverse();
  return {
    madeOn,
    settings,
    stats: statsWithin(data.stats, bounds, madeOn),
    daily: data.daily && dated(data.daily.date) ? data.daily : null,
    randomDaily:
      data.randomDaily && within(data.randomDaily.puzzleId) && dated(data.randomDaily.date)
        ? data.randomDaily
        : null,
    history,
    completions,
    games,
    groups: groupsWithin(groups),
  };
}

/** A device's groups as a link carries them: the first of each, of the right shape, up to the cap. */
function groupsWithin(groups: readonly MovedGroup[]): MovedGroup[] {
  const seen = new Set<string>();
  return groups
    .filter((group) => groupFault(group) === null)
    .filter((group) => !seen.has(group.id) && seen.add(group.id))
    .slice(0, MAX_GROUPS_PER_DEVICE)
    .map(({ id, name, memberId, token, invite }) => ({ id, name, memberId, token, invite }));
}

/** What is wrong with a group a link carries, or null. */
function groupFault(group: MovedGroup): string | null {
  if (!ID_PATTERN.test(group.id) || !ID_PATTERN.test(group.memberId))
    return 'a group of another id';
  if (tokenMember(group.token) !== group.memberId) return "a group's member of another secret";
  if (!INVITE_PATTERN.test(group.invite)) return "a group's invite of another shape";
  const name = checkName(group.name, GROUP_NAME_MAX, 'Group name');
  if (!name.ok || name.name !== group.name) return "a group's name of another shape";
  return null;
}

/** A streak record cut to the bounds (null when its last day is outside them). */
function statsWithin(
  stats: DailyStats | null,
  bounds: TransferBounds,
  madeOn: string,
): DailyStats | null {
  if (!stats) return null;
  const last = stats.lastPlayedDate;
  if (last !== null && !dateWithin(last, bounds, madeOn)) return null;
  const maxStreak = Math.min(stats.maxStreak, longestStreakBy(madeOn, bounds));
  const currentStreak = Math.min(
    stats.currentStreak,
    maxStreak,
    last === null ? 0 : longestStreakBy(last, bounds),
  );
  return { currentStreak, maxStreak, lastPlayedDate: last };
}

const gameKey = (game: { date: string; id: string }) => `${game.date} ${game.id}`;

const byDate = <T extends { date: string }>(a: T, b: T) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : 0;

const isPermutation = (order: readonly number[], size: number) =>
  order.length === size && [...order].sort((a, b) => a - b).every((value, i) => value === i);

const isTries = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_TRIES;
const isScore = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_TRIES;

/**
 * The one rule of what a link may hold: null when `t` is within `bounds`, else what is not. The
 * writer refuses to write such a transfer, and the reader calls such a link damaged; whatever is
 * within is written and read back the same.
 */
export function transferFault(t: Transfer, bounds: TransferBounds): string | null {
  const made = t.madeOn;
  if (!dateWithin(made, bounds, bounds.today)) return 'made on a day outside the bounds';
  const dated = (date: string) => dateWithin(date, bounds, made);
  const within = (id: string) => puzzleWithin(id, bounds);
  const { stats, daily, randomDaily } = t;
  if (stats) {
    const { currentStreak, maxStreak, lastPlayedDate: last } = stats;
    if (!countWithin(maxStreak, longestStreakBy(made, bounds))) return 'streak too long';
    if (!countWithin(currentStreak, maxStreak)) return 'current streak longer than the longest';
    if (last === null ? currentStreak !== 0 : !dated(last)) return 'streak of another day';
    if (last !== null && currentStreak > longestStreakBy(last, bounds)) return 'streak too long';
  }
  if (daily && !(dated(daily.date) && isTries(daily.attempts) && isScore(daily.score))) {
    return "today's daily outside the bounds";
  }
  if (randomDaily && !(within(randomDaily.puzzleId) && dated(randomDaily.date))) {
    return 'stand-in puzzle outside the bounds';
  }
  if (!countWithin(t.history.length, TRANSFER_LIMITS.finishedGames)) return 'too many games';
  const games = new Set<string>();
  let previous = '';
  for (const game of t.history) {
    if (!(within(game.id) && dated(game.date) && isTries(game.attempts))) {
      return 'a game outside the bounds';
    }
    if (game.date < previous || games.has(gameKey(game))) return 'history out of order';
    previous = game.date;
    games.add(gameKey(game));
  }
  const dates = new Set<string>();
  let number = 0;
  for (const c of t.completions) {
    if (!(within(c.puzzleId) && dated(c.date) && isTries(c.attempts) && isScore(c.score))) {
      return 'a result outside the bounds';
    }
    if (numberOf(c.puzzleId) <= number || dates.has(c.date)) return 'results out of order';
    number = numberOf(c.puzzleId);
    dates.add(c.date);
  }
  if (!countWithin(t.games.length, TRANSFER_LIMITS.inProgress)) return 'too many games in progress';
  const puzzles = new Set<string>();
  for (const game of t.games) {
    if (!(within(game.puzzleId) && dated(game.playedOn)) || puzzles.has(game.puzzleId)) {
      return 'a game in progress outside the bounds';
    }
    puzzles.add(game.puzzleId);
    const circle = (c: number) => Number.isInteger(c) && c >= 0 && c < CATEGORY_COUNT;
    const tile = (p: number) => Number.isInteger(p) && p >= 0 && p <= 8;
    const shaped =
      isPermutation(game.wordOrder, 9) &&
      isPermutation(game.colorOrder, CATEGORY_COUNT) &&
      game.groups.length === 9 &&
      game.groups.every(
        (circles) =>
          circles.every(circle) &&
          circles.every((c, i) => i === 0 || c > (circles[i - 1] as number)),
      ) &&
      (game.activeCategory === null || circle(game.activeCategory)) &&
      game.submissions.length <= MAX_TRIES &&
      game.submissions.every(
        (grouping) =>
          grouping.length === CATEGORY_COUNT &&
          grouping.every((group) => group.length === 3 && group.every(tile)),
      );
    if (!shaped) return 'a game in progress of another shape';
  }
  if (!countWithin(t.groups.length, MAX_GROUPS_PER_DEVICE)) return 'too many groups';
  const groups = new Set<string>();
  for (const group of t.groups) {
    const fault = groupFault(group);
    if (fault !== null) return fault;
    if (groups.has(group.id)) return 'a group twice';
    groups.add(group.id);
  }
  return null;
}

/** A game in progress with its words as their order among the words sorted (null if they repeat). */
function moveGame(game: SavedGame): MovedGame | null {
  const sorted = [...game.words].sort();
  if (new Set(sorted).size !== sorted.length || sorted.length !== 9) return null;
  if (puzzleNumber(game.puzzleId) === null) return null;
  const { words, ...rest } = game;
  return { ...rest, wordOrder: words.map((word) => sorted.indexOf(word)) };
}

/** A moved game with its puzzle's words put back in their places (null if they do not fit). */
export function placeWords(game: MovedGame, puzzleWords: readonly string[]): SavedGame | null {
  const sorted = [...puzzleWords].sort();
  if (sorted.length !== game.wordOrder.length) return null;
  const { wordOrder, ...rest } = game;
  return { ...rest, words: wordOrder.map((index) => sorted[index] as string) };
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/** A permutation of 0..n-1 as one number below n! (its Lehmer code). */
function permutationCode(order: readonly number[]): number {
  let code = 0;
  order.forEach((value, i) => {
    const smallerAfter = order.slice(i + 1).filter((later) => later < value).length;
    code += smallerAfter * factorial(order.length - 1 - i);
  });
  return code;
}

function permutationOf(code: number, size: number): number[] {
  if (code >= factorial(size)) throw new RangeError('Not a permutation');
  const left = Array.from({ length: size }, (_, i) => i);
  const order: number[] = [];
  for (let i = size - 1; i >= 0; i -= 1) {
    const step = factorial(i);
    order.push(left.splice(Math.floor(code / step), 1)[0] as number);
    code %= step;
  }
  return order;
}

const bitsFor = (count: number) => Math.ceil(Math.log2(count));
const WORD_ORDER_BITS = bitsFor(factorial(9));
const COLOR_ORDER_BITS = bitsFor(factorial(CATEGORY_COUNT));
const TRIES_BITS = bitsFor(MAX_TRIES);
const SCORE_BITS = bitsFor(MAX_TRIES + 1);
const POSITION_BITS = 4;

/**
 * A finished puzzle's score is the lives left, which its difficulty and tries give: a class names
 * the difficulty (0 normal, 1 easy, 2 hard) and 3 writes the score itself.
 */
const SCORE_CLASSES: readonly Difficulty[] = ['normal', 'easy', 'hard'];
const expectedScore = (won: boolean, attempts: number, difficulty: Difficulty) =>
  won ? DIFFICULTY_SETTINGS[difficulty].maxTries - (attempts - 1) : 0;

/** Days between two dates in the history: mostly 1 (the next day) or 0 (the same day). */
function writeDayStep(out: BitWriter, step: number): void {
  if (step === 1) out.flag(true);
  else if (step === 0) out.bits(0b01, 2);
  else out.bits(0, 2).uint(step - 2);
}

function readDayStep(input: BitReader): number {
  if (input.flag()) return 1;
  return input.flag() ? 0 : input.uint() + 2;
}

const SETTINGS_ORDER = { gameMode: ['legacy', 'dragAndDrop'], palette: ['default', 'colorBlind'] };

/** Writes one section's content; `made` is the day the link was made (days since the epoch). */
type SectionWriter = (out: BitWriter, t: Transfer, made: number) => void;
/** Reads one section's content into `t` (the sections before it are read by then). */
type SectionReader = (input: BitReader, t: Transfer, made: number, limits: ReadLimits) => void;

interface ReadLimits {
  bounds: TransferBounds;
}

/**
 * The body's sections, in the order they are written. Version 2 writes each as its number, its
 * length in bits and its content, and ends with section 0; version 1 wrote the same contents one
 * after the other, without numbers or lengths. A later version adds a section with a new number
 * (an older reader calls a link holding it "newer" and changes nothing; the later reader reads a
 * link made before, without it, as that section empty: `emptyTransfer`), and takes a new version
 * number only when a section's content changes. Every section of this list must be there but an
 * optional one (added in version 2 without a new number: a link made before it still reads),
 * which is written only when it holds something.
 */
const SECTIONS: readonly {
  id: number;
  name: string;
  write: SectionWriter;
  read: SectionReader;
  /** Written only when `has` says it holds something; version 1 never held it. */
  optional?: { has: (t: Transfer) => boolean };
}[] = [
  { id: 1, name: 'settings', write: writeSettings, read: readSettings },
  { id: 2, name: 'streak', write: writeStreak, read: readStreak },
  { id: 3, name: 'history', write: writeHistory, read: readHistory },
  { id: 4, name: 'completions', write: writeCompletions, read: readCompletions },
  { id: 5, name: 'games', write: writeGames, read: readGames },
  {
    id: 6,
    name: 'groups',
    write: writeGroups,
    read: readGroups,
    optional: { has: (t) => t.groups.length > 0 },
  },
];
/** The sections every link of version 2 holds, and all that version 1 held, in this order. */
const REQUIRED_SECTIONS = SECTIONS.filter((section) => !section.optional);
const END_OF_SECTIONS = 0;

function writeBody(out: BitWriter, t: Transfer, version: number): void {
  const made = dayOf(t.madeOn);
  out.uint(made);
  if (version === 1) {
    for (const section of REQUIRED_SECTIONS) section.write(out, t, made);
    return;
  }
  for (const section of SECTIONS) {
    if (section.optional && !section.optional.has(t)) continue;
    const content = new BitWriter();
    section.write(content, t, made);
    out.uint(section.id).uint(content.length).append(content);
  }
  out.uint(END_OF_SECTIONS);
}

/** Thrown when a link holds a section this version does not know: a newer version made it. */
class NewerSection extends Error {}

function readBody(input: BitReader, version: number, limits: ReadLimits): Transfer {
  const made = input.uint();
  const t = emptyTransfer(dateOf(made));
  if (version === 1) {
    for (const section of REQUIRED_SECTIONS) section.read(input, t, made, limits);
    return t;
  }
  let last = END_OF_SECTIONS;
  let count = 0;
  for (let id = input.uint(); id !== END_OF_SECTIONS; id = input.uint()) {
    const section = SECTIONS.find((s) => s.id === id);
    if (!section) throw new NewerSection();
    // Each section once, in order: one code for each transfer.
    if (id <= last) throw new RangeError('Section out of order');
    last = id;
    const length = input.uint();
    const start = input.read;
    section.read(input, t, made, limits);
    if (input.read - start !== length) throw new RangeError('Section of another length');
    // An optional section is written only when it holds something: one code for each transfer.
    if (section.optional && !section.optional.has(t)) throw new RangeError('An empty section');
    if (!section.optional) count += 1;
  }
  // Every section this version requires is there (a later one may read a link without its own).
  if (count !== REQUIRED_SECTIONS.length) throw new RangeError('A section is missing');
  return t;
}

const emptyTransfer = (madeOn: string): Transfer => ({
  madeOn,
  settings: {
    difficulty: 'normal',
    gameMode: 'legacy',
    palette: 'default',
    darkMode: null,
    seenHowToPlay: false,
    seenNote: false,
  },
  stats: null,
  daily: null,
  randomDaily: null,
  history: [],
  completions: [],
  games: [],
  groups: [],
});

const pick = <T>(list: readonly T[], index: number): T => {
  const value = list[index];
  if (value === undefined) throw new RangeError('No such choice');
  return value;
};

function writeSettings(out: BitWriter, t: Transfer): void {
  const s = t.settings;
  out.bits(DIFFICULTIES.indexOf(s.difficulty), 2);
  out.flag(s.gameMode === 'dragAndDrop').flag(s.palette === 'colorBlind');
  out.bits(s.darkMode === null ? 0 : s.darkMode ? 2 : 1, 2);
  out.flag(s.seenHowToPlay).flag(s.seenNote);
}

function readSettings(input: BitReader, t: Transfer): void {
  const difficulty = pick(DIFFICULTIES, input.bits(2));
  const gameMode = pick(SETTINGS_ORDER.gameMode, input.bits(1)) as TransferSettings['gameMode'];
  const palette = pick(SETTINGS_ORDER.palette, input.bits(1)) as TransferSettings['palette'];
  const darkMode = pick([null, false, true], input.bits(2));
  t.settings = {
    difficulty,
    gameMode,
    palette,
    darkMode,
    seenHowToPlay: input.flag(),
    seenNote: input.flag(),
  };
}

/** The daily streak record, today's daily result and the day's stand-in puzzle. */
function writeStreak(out: BitWriter, t: Transfer, made: number): void {
  out.flag(t.stats !== null);
  if (t.stats) {
    out.uint(t.stats.currentStreak).uint(t.stats.maxStreak);
    out.flag(t.stats.lastPlayedDate !== null);
    if (t.stats.lastPlayedDate) out.int(made - dayOf(t.stats.lastPlayedDate));
  }
  out.flag(t.daily !== null);
  if (t.daily) {
    out.int(made - dayOf(t.daily.date)).flag(t.daily.won);
    out.bits(t.daily.attempts - 1, TRIES_BITS).bits(t.daily.score, SCORE_BITS);
  }
  out.flag(t.randomDaily !== null);
  if (t.randomDaily) {
    out.uint(numberOf(t.randomDaily.puzzleId) - 1).int(made - dayOf(t.randomDaily.date));
  }
}

function readStreak(input: BitReader, t: Transfer, made: number): void {
  if (input.flag()) {
    const currentStreak = input.uint();
    const maxStreak = input.uint();
    const lastPlayedDate = input.flag() ? dateOf(made - input.int()) : null;
    t.stats = { currentStreak, maxStreak, lastPlayedDate };
  }
  if (input.flag()) {
    const date = dateOf(made - input.int());
    const won = input.flag();
    const attempts = input.bits(TRIES_BITS) + 1;
    t.daily = { completed: true, won, date, attempts, score: readScore(input) };
  }
  if (input.flag()) {
    const puzzleId = idOf(input.uint() + 1);
    t.randomDaily = { puzzleId, date: dateOf(made - input.int()), isRandom: true };
  }
}

/** Finished games, oldest first; the first date is counted from the epoch. */
function writeHistory(out: BitWriter, t: Transfer): void {
  out.uint(t.history.length);
  let day: number | null = null;
  let number = 0;
  for (const game of t.history) {
    const gameDay = dayOf(game.date);
    if (day === null) out.uint(gameDay);
    else writeDayStep(out, gameDay - day);
    day = gameDay;
    const n = numberOf(game.id);
    out.int(n - number - 1);
    number = n;
    out
      .bits(game.attempts - 1, TRIES_BITS)
      .flag(game.won)
      .flag(game.daily);
  }
}

function readHistory(input: BitReader, t: Transfer, _made: number, limits: ReadLimits): void {
  const count = input.uint();
  if (count > TRANSFER_LIMITS.finishedGames) throw new RangeError('Too many games');
  let day = 0;
  let number = 0;
  for (let i = 0; i < count; i += 1) {
    day = i === 0 ? input.uint() : day + readDayStep(input);
    number += input.int() + 1;
    if (number > limits.bounds.lastPuzzle) throw new RangeError('No such puzzle');
    const attempts = input.bits(TRIES_BITS) + 1;
    t.history.push({
      date: dateOf(day),
      id: idOf(number),
      attempts,
      won: input.flag(),
      daily: input.flag(),
    });
  }
}

/**
 * The archive's results, by puzzle number. Most are what the puzzle's last game gave, on the day
 * it was played (a daily), so they are written as that; else each date is a step from the one
 * before.
 */
function writeCompletions(out: BitWriter, t: Transfer): void {
  const lastGames = lastGameOf(t.history);
  out.uint(t.completions.length);
  let number = 0;
  let dateDay = 0;
  let scoreClass = 0;
  for (const c of t.completions) {
    const n = numberOf(c.puzzleId);
    out.uint(n - number - 1);
    number = n;
    const game = lastGames.get(c.puzzleId);
    const sameResult = game?.won === c.won && game.attempts === c.attempts;
    if (sameResult && game.date === c.date) out.flag(true);
    else {
      out.flag(false).flag(sameResult);
      const step = dayOf(c.date) - dateDay;
      if (step === 1) out.flag(true);
      else out.flag(false).int(step);
      if (!sameResult) out.flag(c.won).bits(c.attempts - 1, TRIES_BITS);
    }
    dateDay = dayOf(c.date);
    const fits = (k: number) =>
      k < SCORE_CLASSES.length &&
      c.score === expectedScore(c.won, c.attempts, SCORE_CLASSES[k] as Difficulty);
    if (fits(scoreClass)) out.flag(true);
    else {
      scoreClass = [0, 1, 2].find(fits) ?? 3;
      out.flag(false).bits(scoreClass, 2);
      if (scoreClass === 3) {
        out.bits(c.score, SCORE_BITS);
        scoreClass = 0;
      }
    }
  }
}

function readCompletions(input: BitReader, t: Transfer, _made: number, limits: ReadLimits): void {
  const lastGames = lastGameOf(t.history);
  const count = input.uint();
  // One result per puzzle, each numbered higher than the one before.
  if (count > limits.bounds.lastPuzzle) throw new RangeError('Too many results');
  let number = 0;
  let dateDay = 0;
  let scoreClass = 0;
  for (let i = 0; i < count; i += 1) {
    number += input.uint() + 1;
    if (number > limits.bounds.lastPuzzle) throw new RangeError('No such puzzle');
    const game = lastGames.get(idOf(number));
    let won: boolean;
    let attempts: number;
    if (input.flag()) {
      if (!game) throw new RangeError('No game of this puzzle');
      ({ won, attempts } = game);
      dateDay = dayOf(game.date);
    } else {
      const sameResult = input.flag();
      dateDay += input.flag() ? 1 : input.int();
      if (sameResult) {
        if (!game) throw new RangeError('No game of this puzzle');
        ({ won, attempts } = game);
      } else {
        won = input.flag();
        attempts = input.bits(TRIES_BITS) + 1;
      }
    }
    let score: number;
    if (input.flag()) score = expectedScore(won, attempts, SCORE_CLASSES[scoreClass] as Difficulty);
    else {
      scoreClass = input.bits(2);
      if (scoreClass === 3) {
        score = readScore(input);
        scoreClass = 0;
      } else score = expectedScore(won, attempts, SCORE_CLASSES[scoreClass] as Difficulty);
    }
    if (score < 0) throw new RangeError('Score below zero');
    t.completions.push({
      completed: true,
      won,
      date: dateOf(dateDay),
      puzzleId: idOf(number),
      score,
      attempts,
    });
  }
}

function writeGames(out: BitWriter, t: Transfer, made: number): void {
  out.uint(t.games.length);
  for (const game of t.games) {
    out.uint(numberOf(game.puzzleId) - 1).int(made - dayOf(game.playedOn));
    out.flag(game.daily).bits(DIFFICULTIES.indexOf(game.difficulty), 2);
    out.bits(permutationCode(game.wordOrder), WORD_ORDER_BITS);
    out.bits(permutationCode(game.colorOrder), COLOR_ORDER_BITS);
    for (const circles of game.groups) {
      out.bits(
        circles.reduce((mask, circle) => mask | (1 << circle), 0),
        CATEGORY_COUNT,
      );
    }
    out.bits(game.activeCategory === null ? 0 : game.activeCategory + 1, 3);
    out.bits(game.submissions.length, TRIES_BITS + 1);
    for (const grouping of game.submissions) {
      for (const group of grouping) for (const position of group) out.bits(position, POSITION_BITS);
    }
  }
}

function readGames(input: BitReader, t: Transfer, made: number, limits: ReadLimits): void {
  const count = input.uint();
  if (count > TRANSFER_LIMITS.inProgress) throw new RangeError('Too many games in progress');
  for (let i = 0; i < count; i += 1) {
    const number = input.uint() + 1;
    if (number > limits.bounds.lastPuzzle) throw new RangeError('No such puzzle');
    const playedOn = dateOf(made - input.int());
    const isDaily = input.flag();
    const gameDifficulty = pick(DIFFICULTIES, input.bits(2));
    const wordOrder = permutationOf(input.bits(WORD_ORDER_BITS), 9);
    const colorOrder = permutationOf(input.bits(COLOR_ORDER_BITS), CATEGORY_COUNT);
    const groups = Array.from({ length: 9 }, () => {
      const mask = input.bits(CATEGORY_COUNT);
      return [0, 1, 2, 3].filter((circle) => mask & (1 << circle));
    });
    const active = input.bits(3);
    if (active > CATEGORY_COUNT) throw new RangeError('No such circle');
    const submissionCount = input.bits(TRIES_BITS + 1);
    if (submissionCount > MAX_TRIES) throw new RangeError('Too many tries');
    const submissions = Array.from({ length: submissionCount }, () =>
      Array.from({ length: CATEGORY_COUNT }, () =>
        Array.from({ length: 3 }, () => {
          const position = input.bits(POSITION_BITS);
          if (position > 8) throw new RangeError('No such tile');
          return position;
        }),
      ),
    );
    t.games.push({
      puzzleId: idOf(number),
      playedOn,
      daily: isDaily,
      difficulty: gameDifficulty,
      wordOrder,
      colorOrder,
      groups,
      activeCategory: active === 0 ? null : active - 1,
      submissions,
    });
  }
}

const BASE64URL_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** A base64url character: 6 bits. */
const CHAR_BITS = 6;
/** A group's name in UTF-8: at most 4 bytes a character. */
const GROUP_NAME_BYTES = GROUP_NAME_MAX * 4;

function writeChars(out: BitWriter, text: string): void {
  for (const char of text) out.bits(BASE64URL_CHARS.indexOf(char), CHAR_BITS);
}

function readChars(input: BitReader, length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += BASE64URL_CHARS[input.bits(CHAR_BITS)] as string;
  return text;
}

/**
 * Section 6, the device's groups of friends: how many, then each group's id, the member's id and
 * secret and the invite code (fixed widths: 6 bits a character), and the group's name in UTF-8.
 */
function writeGroups(out: BitWriter, t: Transfer): void {
  out.uint(t.groups.length);
  const encoder = new TextEncoder();
  for (const group of t.groups) {
    writeChars(out, group.id);
    // The token is `<member id>.<secret>`: both, without the dot.
    writeChars(out, group.token.replace('.', ''));
    writeChars(out, group.invite);
    const name = encoder.encode(group.name);
    out.uint(name.length);
    for (const byte of name) out.bits(byte, 8);
  }
}

function readGroups(input: BitReader, t: Transfer): void {
  const count = input.uint();
  if (count > MAX_GROUPS_PER_DEVICE) throw new RangeError('Too many groups');
  // Never a name a device could not have been given: any byte not UTF-8 is damage.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  for (let i = 0; i < count; i += 1) {
    const id = readChars(input, ID_LENGTH);
    const memberId = readChars(input, ID_LENGTH);
    const token = `${memberId}.${readChars(input, SECRET_LENGTH)}`;
    const invite = readChars(input, SECRET_LENGTH);
    const length = input.uint();
    if (length > GROUP_NAME_BYTES) throw new RangeError('Name too long');
    const bytes = Uint8Array.from({ length }, () => input.bits(8));
    t.groups.push({ id, name: decoder.decode(bytes), memberId, token, invite });
  }
}

/** Each puzzle's last game in a history (oldest first). */
function lastGameOf(history: readonly MovedFinishedGame[]): Map<string, MovedFinishedGame> {
  return new Map(history.map((game) => [game.id, game]));
}

function readScore(input: BitReader): number {
  const score = input.bits(SCORE_BITS);
  if (score > MAX_TRIES) throw new RangeError('Score too high');
  return score;
}

/**
 * The code of a link or backup file (base64url, without `#`). A transfer outside the bounds is
 * refused with a RangeError (`transferOf` makes only transfers within them).
 */
export function encodeTransfer(
  transfer: Transfer,
  bounds: TransferBounds,
  site: readonly number[] = SITE,
): string {
  const fault = transferFault(transfer, bounds);
  if (fault !== null) throw new RangeError(`Cannot write this transfer: ${fault}`);
  return writeCode(transfer, TRANSFER_VERSION, site);
}

/**
 * A code of any version this one reads, without the bounds' check: only for tests, which make
 * links of older versions and links outside the bounds to see them read or refused.
 */
export function writeCode(
  transfer: Transfer,
  version: number = TRANSFER_VERSION,
  site: readonly number[] = SITE,
): string {
  const out = new BitWriter();
  for (const byte of site) out.bits(byte, 8);
  out.bits(version, 8);
  writeBody(out, transfer, version);
  return withChecksum(out.toBytes());
}

function withChecksum(body: Uint8Array): string {
  const bytes = new Uint8Array(body.length + CHECKSUM_BYTES);
  bytes.set(body);
  new DataView(bytes.buffer).setUint32(body.length, crc32(body));
  return toBase64Url(bytes);
}

/**
 * A code back into what it carries, or why it cannot be: cut short, altered (its checksum fails),
 * outside the bounds (core/transfer-bounds.ts), another site's data, or a version newer than this
 * one. Damage is never half read.
 */
export function decodeTransfer(code: string, bounds: TransferBounds): ReadTransfer {
  const text = code.replace(/^#/, '').trim();
  if (text === '') return { ok: false, problem: 'missing' };
  const bytes = fromBase64Url(text);
  if (!bytes || bytes.length < SITE.length + 1 + CHECKSUM_BYTES) {
    return { ok: false, problem: 'damaged' };
  }
  const body = bytes.subarray(0, bytes.length - CHECKSUM_BYTES);
  const sum = new DataView(bytes.buffer, bytes.byteOffset).getUint32(body.length);
  if (sum !== crc32(body)) return { ok: false, problem: 'damaged' };
  if (SITE.some((byte, i) => body[i] !== byte)) return { ok: false, problem: 'otherSite' };
  const version = body[SITE.length] as number;
  if (version > TRANSFER_VERSION) return { ok: false, problem: 'newer' };
  if (version < OLDEST_READ_VERSION) return { ok: false, problem: 'damaged' };
  try {
    const input = new BitReader(body.subarray(SITE.length + 1));
    const transfer = readBody(input, version, { bounds });
    // Only the last byte's padding may be left.
    if (input.remaining() >= 8 || input.bits(input.remaining()) !== 0) {
      return { ok: false, problem: 'damaged' };
    }
    if (transferFault(transfer, bounds) !== null) return { ok: false, problem: 'damaged' };
    return { ok: true, transfer };
  } catch (error) {
    return { ok: false, problem: error instanceof NewerSection ? 'newer' : 'damaged' };
  }
}

/** The path and fragment of a link: `/transfer#<code>`. */
export const transferPath = (code: string) => `${ROUTES.transfer}#${code}`;

/** The backup file: the same code, in a small JSON file with the format's version. */
export interface BackupFile {
  app: 'linchpin';
  kind: 'games';
  version: number;
  saved: string;
  code: string;
}

export const BACKUP_APP = 'linchpin';

export function backupFileText(code: string, today: string): string {
  const file: BackupFile = {
    app: BACKUP_APP,
    kind: 'games',
    version: TRANSFER_VERSION,
    saved: today,
    code,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The name a backup file is saved under. */
export const backupFileName = (today: string) => `linchpin-games-${today}.json`;

/** A backup file's text back into what it carries, with the same checks as a link. */
export function readBackupFile(text: string, bounds: TransferBounds): ReadTransfer {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'damaged' };
  }
  if (typeof file !== 'object' || file === null) return { ok: false, problem: 'damaged' };
  const { app, version, code } = file as Partial<Record<keyof BackupFile, unknown>>;
  if (app !== BACKUP_APP) return { ok: false, problem: 'otherSite' };
  if (typeof version === 'number' && version > TRANSFER_VERSION) {
    return { ok: false, problem: 'newer' };
  }
  // A file of an older version holds a code of that version, still read.
  if (typeof version !== 'number' || version < OLDEST_READ_VERSION || typeof code !== 'string') {
    return { ok: false, problem: 'damaged' };
  }
  return decodeTransfer(code, bounds);
}
