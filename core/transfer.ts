import { BitReader, BitWriter, crc32, fromBase64Url, toBase64Url } from './bits';
import type { RandomDailyRecord } from './daily';
import { addDays, daysBetween } from './dates';
import { DIFFICULTIES, type Difficulty } from './difficulties';
import { DIFFICULTY_SETTINGS, MAX_TRIES } from './game/difficulty';
import { CATEGORY_COUNT } from './game/engine';
import type { SavedGame } from './game/saved-games';
import { puzzleNumber } from './puzzle';
import type { DailyCompletion, PlayerData, PuzzleCompletion } from './records';
import { ROUTES } from './routes';
import type { FinishedGame } from './stats';
import type { DailyStats } from './streaks';

/**
 * "Move your games to another device" (docs/decisions.md "Moving games between devices"): every
 * finished game, the archive's results, the daily streak, the games in progress and the player's
 * settings, packed into the fragment of `/transfer#<code>` (so no server stores or even sees them)
 * and into a backup file. Never the crowd id.
 *
 * The code is base64url of bytes: "LP" (this site's data), the format's version, the body packed in
 * bits, and a CRC-32 of all that. Dates are days since 2024-01-01, and lists are sorted so that
 * each entry is written as a small step from the one before (exponential-Golomb numbers): a daily
 * game played the day after the last, of the next puzzle, with the score its tries give, costs 7
 * bits in the history and 7 in the archive's results. The version byte, the two letters and the
 * checksum keep their places in every later version, so any link is recognised before it is read.
 */
export const TRANSFER_VERSION = 1;
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
}

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

/** What a link of this player's data carries. */
export function transferOf(data: PlayerData, settings: TransferSettings, today: string): Transfer {
  // Only catalogue puzzles are kept (a made puzzle never is); anything else stays behind.
  const catalogued = (id: string) => puzzleNumber(id) !== null;
  return {
    madeOn: today,
    settings,
    stats: data.stats,
    daily: data.daily,
    randomDaily:
      data.randomDaily && catalogued(data.randomDaily.puzzleId) ? data.randomDaily : null,
    history: data.history
      .filter((game) => catalogued(game.id))
      .map((game) => ({
        date: game.date,
        id: game.id,
        attempts: game.attempts,
        won: game.won,
        daily: wasDaily(game, data.completions),
      })),
    // In the order the code keeps them: by puzzle number.
    completions: Object.values(data.completions)
      .filter((c): c is PuzzleCompletion => c !== undefined && catalogued(c.puzzleId))
      .sort((a, b) => numberOf(a.puzzleId) - numberOf(b.puzzleId)),
    games: data.games.flatMap((game) => {
      const moved = moveGame(game);
      return moved ? [moved] : [];
    }),
  };
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

function writeBody(out: BitWriter, t: Transfer): void {
  const made = dayOf(t.madeOn);
  out.uint(made);
  const s = t.settings;
  out.bits(DIFFICULTIES.indexOf(s.difficulty), 2);
  out.flag(s.gameMode === 'dragAndDrop').flag(s.palette === 'colorBlind');
  out.bits(s.darkMode === null ? 0 : s.darkMode ? 2 : 1, 2);
  out.flag(s.seenHowToPlay).flag(s.seenNote);

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

  // Finished games, oldest first; the first date is counted from the epoch.
  const history = [...t.history].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  out.uint(history.length);
  let day: number | null = null;
  let number = 0;
  for (const game of history) {
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

  // The archive's results, by puzzle number. Most are what the puzzle's last game gave, on the
  // day it was played (a daily), so they are written as that; else each date is a step from the
  // one before.
  const lastGames = lastGameOf(history);
  const seen = new Set<number>();
  const completions = [...t.completions]
    .sort((a, b) => numberOf(a.puzzleId) - numberOf(b.puzzleId))
    .filter((c) => !seen.has(numberOf(c.puzzleId)) && seen.add(numberOf(c.puzzleId)));
  out.uint(completions.length);
  number = 0;
  let dateDay = 0;
  let scoreClass = 0;
  for (const c of completions) {
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

function readBody(input: BitReader): Transfer {
  const made = input.uint();
  const madeOn = dateOf(made);
  const pick = <T>(list: readonly T[], index: number): T => {
    const value = list[index];
    if (value === undefined) throw new RangeError('No such choice');
    return value;
  };
  const difficulty = pick(DIFFICULTIES, input.bits(2));
  const gameMode = pick(SETTINGS_ORDER.gameMode, input.bits(1)) as TransferSettings['gameMode'];
  const palette = pick(SETTINGS_ORDER.palette, input.bits(1)) as TransferSettings['palette'];
  const darkMode = pick([null, false, true], input.bits(2));
  const settings = {
    difficulty,
    gameMode,
    palette,
    darkMode,
    seenHowToPlay: input.flag(),
    seenNote: input.flag(),
  };

  let stats: DailyStats | null = null;
  if (input.flag()) {
    const currentStreak = input.uint();
    const maxStreak = input.uint();
    if (maxStreak < currentStreak) throw new RangeError('Streak longer than the longest');
    const lastPlayedDate = input.flag() ? dateOf(made - input.int()) : null;
    stats = { currentStreak, maxStreak, lastPlayedDate };
  }
  let daily: DailyCompletion | null = null;
  if (input.flag()) {
    const date = dateOf(made - input.int());
    const won = input.flag();
    const attempts = input.bits(TRIES_BITS) + 1;
    daily = { completed: true, won, date, attempts, score: readScore(input) };
  }
  let randomDaily: RandomDailyRecord | null = null;
  if (input.flag()) {
    const puzzleId = idOf(input.uint() + 1);
    randomDaily = { puzzleId, date: dateOf(made - input.int()), isRandom: true };
  }

  const history: MovedFinishedGame[] = [];
  const historyLength = input.uint();
  let day = 0;
  let number = 0;
  for (let i = 0; i < historyLength; i += 1) {
    day = i === 0 ? input.uint() : day + readDayStep(input);
    number += input.int() + 1;
    const attempts = input.bits(TRIES_BITS) + 1;
    history.push({
      date: dateOf(day),
      id: idOf(number),
      attempts,
      won: input.flag(),
      daily: input.flag(),
    });
  }

  const completions: PuzzleCompletion[] = [];
  const lastGames = lastGameOf(history);
  const completionCount = input.uint();
  number = 0;
  let dateDay = 0;
  let scoreClass = 0;
  for (let i = 0; i < completionCount; i += 1) {
    number += input.uint() + 1;
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
    completions.push({
      completed: true,
      won,
      date: dateOf(dateDay),
      puzzleId: idOf(number),
      score,
      attempts,
    });
  }

  const games: MovedGame[] = [];
  const gameCount = input.uint();
  for (let i = 0; i < gameCount; i += 1) {
    const puzzleId = idOf(input.uint() + 1);
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
    games.push({
      puzzleId,
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
  return { madeOn, settings, stats, daily, randomDaily, history, completions, games };
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

/** The code of a link or backup file (base64url, without `#`). */
export function encodeTransfer(transfer: Transfer, site: readonly number[] = SITE): string {
  const out = new BitWriter();
  for (const byte of site) out.bits(byte, 8);
  out.bits(TRANSFER_VERSION, 8);
  writeBody(out, transfer);
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
 * another site's data, or a version newer than this one. Damage is never half read.
 */
export function decodeTransfer(code: string): ReadTransfer {
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
  if (version !== TRANSFER_VERSION) return { ok: false, problem: 'damaged' };
  try {
    const input = new BitReader(body.subarray(SITE.length + 1));
    const transfer = readBody(input);
    // Only the last byte's padding may be left.
    if (input.remaining() >= 8 || input.bits(input.remaining()) !== 0) {
      return { ok: false, problem: 'damaged' };
    }
    return { ok: true, transfer };
  } catch {
    return { ok: false, problem: 'damaged' };
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
export function readBackupFile(text: string): ReadTransfer {
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
  if (version !== TRANSFER_VERSION || typeof code !== 'string') {
    return { ok: false, problem: 'damaged' };
  }
  return decodeTransfer(code);
}
