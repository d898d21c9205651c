import { BitWriter, crc32, toBase64Url } from '../bits';
import { addDays, daysBetween } from '../dates';
import type { SavedGame } from '../game/saved-games';
import { EMPTY_PLAYER, type PlayerData, type PuzzleCompletion } from '../records';
import type { FinishedGame } from '../stats';
import type { MovedGroup, TransferSettings } from '../transfer';
import type { TransferBounds } from '../transfer-bounds';
import { ringPuzzle } from './fixtures';

/** Made-up play for the transfer tests: a player's days of dailies, archive games and games in progress. */
export const SETTINGS: TransferSettings = {
  difficulty: 'easy',
  gameMode: 'legacy',
  palette: 'colorBlind',
  darkMode: true,
  seenHowToPlay: true,
  seenNote: false,
};

/** The tests' catalogue: puzzles from 2025-04-07, numbered up to 2,000. */
export const boundsOn = (today: string): TransferBounds => ({
  today,
  firstPuzzle: '2025-04-07',
  lastPuzzle: 2000,
});

/** The day before the first of the days played. */
export const START = '2026-01-01';

/**
 * `dailies` days of daily play from START + 1 (every seventh lost, the tries varying), then
 * `archive` archive puzzles played over those days, and two games in progress.
 */
export function playedYear(dailies: number, archive = 0): PlayerData {
  const history: FinishedGame[] = [];
  const completions: PlayerData['completions'] = {};
  const record = (c: PuzzleCompletion) => (completions[c.date] = c);
  for (let i = 1; i <= dailies; i += 1) {
    const date = addDays(START, i);
    const won = i % 7 !== 0;
    const attempts = won ? 1 + (i % 5) : 6;
    const id = `puzzle_${200 + i}`;
    history.push({ date, id, attempts, won, daily: true });
    record({ completed: true, won, date, puzzleId: id, attempts, score: won ? 7 - attempts : 0 });
  }
  for (let i = 0; i < archive; i += 1) {
    // Older puzzles, in no order, played on the days above.
    const n = 1 + ((i * 37) % 199);
    const date = addDays('2025-04-07', n);
    const played = addDays(START, 1 + ((i * 11) % Math.max(1, dailies)));
    const won = i % 4 !== 0;
    const attempts = won ? 1 + (i % 6) : 6;
    history.push({ date: played, id: `puzzle_${n}`, attempts, won });
    record({
      completed: true,
      won,
      date,
      puzzleId: `puzzle_${n}`,
      attempts,
      score: won ? 7 - attempts : 0,
    });
  }
  history.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const today = addDays(START, dailies + 1);
  return {
    ...EMPTY_PLAYER,
    history,
    completions,
    stats:
      dailies > 0
        ? { currentStreak: dailies % 7, maxStreak: 6, lastPlayedDate: addDays(START, dailies) }
        : null,
    daily: null,
    games: [
      inProgress('puzzle_7', today),
      { ...inProgress('puzzle_9', today), difficulty: 'easy' },
    ],
  };
}

/** A game of the ring puzzle (filed under `id`) with one try made and a group started. */
export function inProgress(id: string, playedOn: string): SavedGame {
  const words = [...ringPuzzle.words].reverse();
  return {
    puzzleId: id,
    playedOn,
    daily: false,
    difficulty: 'normal',
    words,
    colorOrder: [2, 0, 3, 1],
    groups: [[0, 1, 2, 3], [], [1], [0, 2], [], [], [3], [], [1]],
    activeCategory: 2,
    submissions: [
      [
        [0, 1, 2],
        [0, 3, 4],
        [0, 5, 6],
        [0, 7, 8],
      ],
    ],
  };
}

/** The ring puzzle's words for any id (the tests' catalogue). */
export const wordsOfRing = () => ringPuzzle.words;

/** A whole number in exponential-Golomb code, however large (what a crafted link holds). */
export function rawUint(out: BitWriter, value: number): void {
  const width = Math.floor(Math.log2(value + 1)) + 1;
  for (let i = 0; i < width - 1; i += 1) out.bits(0, 1);
  for (let i = width - 1; i >= 0; i -= 1) out.bits(Math.floor((value + 1) / 2 ** i) % 2, 1);
}

/** Bytes with a right checksum after them, as a code. */
export function signed(body: Uint8Array): string {
  const bytes = new Uint8Array(body.length + 4);
  bytes.set(body);
  new DataView(bytes.buffer).setUint32(body.length, crc32(body));
  return toBase64Url(bytes);
}

/**
 * A version 1 code (the writer's before sections) made on `today`, from raw bits after the
 * settings: what a crafted link can hold, whatever the writer would refuse.
 */
export function rawV1(today: string, write: (out: BitWriter) => void): string {
  const out = new BitWriter().bits(0x4c, 8).bits(0x50, 8).bits(1, 8);
  out.uint(daysBetween('2024-01-01', today));
  // Settings: normal, legacy, default palette, system dark mode, nothing seen.
  out.bits(1, 2).bits(0, 6);
  write(out);
  return signed(out.toBytes());
}

/** The issue's crafted link: a longest streak of 2^30 and nothing else (27 characters). */
export const craftedStreakCode = (today: string) =>
  rawV1(today, (out) => {
    out.flag(true).uint(0);
    rawUint(out, 2 ** 30);
    out.flag(false).flag(false).flag(false).uint(0).uint(0).uint(0);
  });

/** A made-up group of friends a device belongs to, as src/lib/friends keeps it (n from 0). */
export function friendGroup(n: number, name = `Group ${n + 1}`): MovedGroup {
  const pad = (text: string, length: number) => text.padEnd(length, 'x').slice(0, length);
  const memberId = pad(`member${n}`, 16);
  return {
    id: pad(`group${n}`, 16),
    name,
    memberId,
    token: `${memberId}.${pad(`secret${n}`, 22)}`,
    invite: pad(`invite${n}`, 22),
  };
}
