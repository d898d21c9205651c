import { describe, expect, it } from 'vitest';
import { BitReader, BitWriter, fromBase64Url, MAX_UINT, toBase64Url } from './bits';
import { addDays, daysBetween } from './dates';
import type { SavedGame } from './game/saved-games';
import { EMPTY_PLAYER } from './records';
import {
  backupFileText,
  decodeTransfer,
  encodeTransfer,
  placeWords,
  readBackupFile,
  transferOf,
  transferPath,
  TRANSFER_VERSION,
  writeCode,
  type MovedGame,
  type Transfer,
} from './transfer';
import { TRANSFER_LIMITS, type TransferBounds } from './transfer-bounds';
import {
  boundsOn,
  craftedStreakCode,
  friendGroup,
  playedYear,
  rawUint,
  rawV1,
  SETTINGS,
  signed,
  START,
} from './test/transfer-fixtures';

const TODAY = '2027-01-05';
const BOUNDS = boundsOn(TODAY);

/** A link of `dailies` days of play made the day after the last (TODAY at the earliest). */
const roundTrip = (dailies: number, archive = 0) => {
  const made = addDays(START, dailies + 1);
  const bounds = boundsOn(made > TODAY ? made : TODAY);
  const transfer = transferOf(playedYear(dailies, archive), SETTINGS, bounds);
  const code = encodeTransfer(transfer, bounds);
  return { transfer, code, decoded: decodeTransfer(code, bounds) };
};

describe('a link carries every game and comes back the same', () => {
  it.each([0, 1, 365, 1000])('%i games', (games) => {
    const { transfer, decoded } = roundTrip(games);
    expect(decoded).toEqual({ ok: true, transfer });
    if (decoded.ok) {
      expect(decoded.transfer.history).toHaveLength(games);
      expect(Object.keys(decoded.transfer.completions)).toHaveLength(games);
    }
  });

  it('with archive games, lost games, the streak, settings and games in progress', () => {
    const { transfer, decoded } = roundTrip(40, 25);
    expect(decoded).toEqual({ ok: true, transfer });
    expect(transfer.games).toHaveLength(2);
    expect(transfer.stats).toEqual({
      currentStreak: 5,
      maxStreak: 6,
      lastPlayedDate: addDays(START, 40),
    });
    expect(transfer.settings).toEqual(SETTINGS);
  });

  it("puts a game in progress back with its words in the player's order", () => {
    const data = playedYear(3);
    const { decoded } = roundTrip(3);
    const moved = decoded.ok ? decoded.transfer.games[0] : undefined;
    expect(moved && placeWords(moved, [...(data.games[0]?.words ?? [])].sort())).toEqual(
      data.games[0],
    );
  });

  it("carries today's daily result and stand-in, scores of every difficulty, and any day step", () => {
    const data = {
      ...EMPTY_PLAYER,
      daily: { completed: true as const, won: false, date: TODAY, score: 0, attempts: 5 },
      randomDaily: { puzzleId: 'puzzle_3', date: TODAY, isRandom: true as const },
      history: [
        { date: '2026-03-01', id: 'puzzle_40', attempts: 2, won: true },
        { date: '2026-06-30', id: 'puzzle_2', attempts: 8, won: true },
        { date: TODAY, id: 'puzzle_3', attempts: 5, won: false, daily: true as const },
      ],
      completions: {
        '2025-01-01': {
          completed: true as const,
          won: true,
          date: '2025-01-01',
          puzzleId: 'puzzle_2',
          score: 1,
          attempts: 8,
        },
        '2025-03-01': {
          completed: true as const,
          won: true,
          date: '2025-03-01',
          puzzleId: 'puzzle_40',
          score: 4,
          attempts: 2,
        },
        '2025-03-02': {
          completed: true as const,
          won: true,
          date: '2025-03-02',
          puzzleId: 'puzzle_41',
          score: 2,
          attempts: 2,
        },
      },
    };
    const transfer = transferOf(
      data,
      { ...SETTINGS, darkMode: null, gameMode: 'dragAndDrop' },
      BOUNDS,
    );
    expect(decodeTransfer(encodeTransfer(transfer, BOUNDS), BOUNDS)).toEqual({
      ok: true,
      transfer,
    });
  });

  it('knows an older record of a daily by its puzzle dated the day it was played', () => {
    const data = playedYear(2);
    const old = { ...data, history: data.history.map(({ daily: _, ...game }) => game) };
    expect(transferOf(old, SETTINGS, BOUNDS).history.map((g) => g.daily)).toEqual([true, true]);
  });

  it('leaves behind what is not a catalogue puzzle, so the rest still travels', () => {
    const data = playedYear(3);
    const odd = {
      ...data,
      history: [...data.history, { date: TODAY, id: 'custom-abc', attempts: 1, won: true }],
      games: [...data.games, { ...(data.games[0] as SavedGame), puzzleId: 'custom-abc' }],
    };
    const decoded = decodeTransfer(
      encodeTransfer(transferOf(odd, SETTINGS, BOUNDS), BOUNDS),
      BOUNDS,
    );
    expect(decoded).toEqual({ ok: true, transfer: transferOf(data, SETTINGS, BOUNDS) });
  });

  it('never carries the crowd id or anything but the games and settings', () => {
    const { code } = roundTrip(5);
    expect(transferPath(code)).toBe(`/transfer#${code}`);
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('sizes (docs/decisions.md)', () => {
  const linkLength = (dailies: number, archive: number) =>
    `https://linchpin.example${transferPath(roundTrip(dailies, archive).code)}`.length;

  it('a year of daily play and the archive fits a link of 1,500 characters', () => {
    expect(linkLength(365, 60)).toBeLessThanOrEqual(1500);
  });

  it('30, 365 and 1,000 games', () => {
    const sizes = [30, 365, 1000].map((games) => roundTrip(games).code.length);
    // The figures docs/decisions.md gives (with two games in progress).
    expect(sizes).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    console.info(
      'code lengths for 30, 365, 1000 games:',
      sizes,
      'year + 60 archive:',
      linkLength(365, 60),
    );
    expect(sizes[1]).toBeLessThan(1000);
  });
});

describe('a damaged link is refused, whatever the damage', () => {
  const { code } = roundTrip(30, 5);

  it('empty', () => {
    expect(decodeTransfer('', BOUNDS)).toEqual({ ok: false, problem: 'missing' });
    expect(decodeTransfer('#', BOUNDS)).toEqual({ ok: false, problem: 'missing' });
  });

  it('cut short anywhere', () => {
    for (let length = 1; length < code.length; length += 1) {
      expect(decodeTransfer(code.slice(0, length), BOUNDS)).toMatchObject({ ok: false });
    }
  });

  it('any character changed', () => {
    for (let i = 0; i < code.length; i += 1) {
      const changed = code.slice(0, i) + (code[i] === 'A' ? 'B' : 'A') + code.slice(i + 1);
      expect(decodeTransfer(changed, BOUNDS)).toEqual({ ok: false, problem: 'damaged' });
    }
  });

  it('characters a link does not hold', () => {
    expect(decodeTransfer(`${code.slice(0, 10)}*${code.slice(11)}`, BOUNDS)).toEqual({
      ok: false,
      problem: 'damaged',
    });
  });

  it('edited with its checksum made right again: the content is still checked', () => {
    // Bytes that pass the checksum but end early: history claims more games than there are.
    const out = new BitWriter().bits(0x4c, 8).bits(0x50, 8).bits(1, 8);
    out.uint(1000).bits(0, 8).bits(0, 3).uint(500);
    expect(decodeTransfer(signed(out.toBytes()), BOUNDS)).toEqual({
      ok: false,
      problem: 'damaged',
    });
  });

  it('a newer version', () => {
    const bytes = fromBase64Url(code) as Uint8Array;
    const body = bytes.slice(0, -4);
    body[2] = TRANSFER_VERSION + 1;
    expect(decodeTransfer(signed(body), BOUNDS)).toEqual({ ok: false, problem: 'newer' });
  });

  it("another site's data", () => {
    const transfer = transferOf(playedYear(3), SETTINGS, BOUNDS);
    expect(decodeTransfer(encodeTransfer(transfer, BOUNDS, [0x57, 0x44]), BOUNDS)).toEqual({
      ok: false,
      problem: 'otherSite',
    });
    // A puzzle link of this site's is not games either.
    expect(decodeTransfer('1.N4IgLgpg', BOUNDS)).toEqual({ ok: false, problem: 'damaged' });
  });
});

describe('backup file', () => {
  const { code, transfer } = roundTrip(10, 2);

  it('holds the same data as the link, with its version', () => {
    const text = backupFileText(code, TODAY);
    expect(JSON.parse(text)).toMatchObject({ app: 'linchpin', version: TRANSFER_VERSION, code });
    expect(readBackupFile(text, BOUNDS)).toEqual({ ok: true, transfer });
  });

  it('refuses a damaged, newer or foreign file', () => {
    const file = JSON.parse(backupFileText(code, TODAY)) as Record<string, unknown>;
    const text = (change: Record<string, unknown>) => JSON.stringify({ ...file, ...change });
    expect(readBackupFile('{"app":"linch', BOUNDS)).toEqual({ ok: false, problem: 'damaged' });
    expect(readBackupFile(text({ code: code.slice(0, -3) }), BOUNDS)).toEqual({
      ok: false,
      problem: 'damaged',
    });
    expect(readBackupFile(text({ version: TRANSFER_VERSION + 1 }), BOUNDS)).toEqual({
      ok: false,
      problem: 'newer',
    });
    expect(readBackupFile(text({ app: 'wordle' }), BOUNDS)).toEqual({
      ok: false,
      problem: 'otherSite',
    });
    expect(readBackupFile('[1,2]', BOUNDS)).toEqual({ ok: false, problem: 'otherSite' });
  });
});

describe('bits', () => {
  it('numbers and base64url come back the same', () => {
    const values = [0, 1, 2, 3, 6, 7, 100, 65535, 2 ** 29];
    const out = new BitWriter();
    for (const v of values) out.uint(v).int(-v);
    const bytes = out.toBytes();
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    for (let n = 0; n < 5; n += 1) {
      const some = bytes.slice(0, n);
      expect(fromBase64Url(toBase64Url(some))).toEqual(some);
    }
  });
});

describe('a link within the bounds (core/transfer-bounds.ts), or damaged and changing nothing', () => {
  it('a crafted link with a longest streak of 2^30 (the writer refuses it, so the reader does)', () => {
    const code = craftedStreakCode(TODAY);
    expect(code.length).toBeLessThanOrEqual(27);
    expect(decodeTransfer(code, BOUNDS)).toEqual({ ok: false, problem: 'damaged' });
  });

  it('a history game of puzzle 2^30', () => {
    const code = rawV1(TODAY, (out) => {
      out.flag(false).flag(false).flag(false).uint(1).uint(daysBetween('2024-01-01', TODAY));
      rawUint(out, 2 * (2 ** 30 - 1));
      out.bits(0, 3).flag(true).flag(false).uint(0).uint(0);
    });
    expect(decodeTransfer(code, BOUNDS)).toEqual({ ok: false, problem: 'damaged' });
  });

  it('numbers: the reader refuses what the writer refuses', () => {
    const out = new BitWriter().uint(MAX_UINT);
    expect(new BitReader(out.toBytes()).uint()).toBe(MAX_UINT);
    expect(() => new BitWriter().uint(MAX_UINT + 1)).toThrow(RangeError);
    const over = new BitWriter();
    rawUint(over, MAX_UINT + 1);
    expect(() => new BitReader(over.toBytes()).uint()).toThrow(RangeError);
  });

  const tomorrow = addDays(TODAY, 1);
  /** A link made with wider bounds than the reader's, read with the reader's. */
  const readOn = (transfer: Transfer, bounds: TransferBounds = BOUNDS) =>
    decodeTransfer(writeCode(transfer), bounds);
  const empty = transferOf(EMPTY_PLAYER, SETTINGS, BOUNDS);

  it('made after today, or with a record after the day it was made', () => {
    const lostTomorrow = {
      completed: true as const,
      won: false,
      date: tomorrow,
      score: 0,
      attempts: 6,
    };
    expect(readOn({ ...empty, madeOn: tomorrow, daily: lostTomorrow })).toEqual({
      ok: false,
      problem: 'damaged',
    });
    expect(readOn({ ...empty, daily: lostTomorrow })).toEqual({ ok: false, problem: 'damaged' });
    const future = { date: tomorrow, id: 'puzzle_3', attempts: 2, won: true, daily: false };
    expect(readOn({ ...empty, history: [future] })).toMatchObject({ ok: false });
    const game = transferOf(playedYear(3), SETTINGS, BOUNDS).games[0] as MovedGame;
    expect(readOn({ ...empty, games: [{ ...game, playedOn: tomorrow }] })).toMatchObject({
      ok: false,
    });
    // The same link is read on the day it was made.
    expect(
      readOn({ ...empty, madeOn: tomorrow, daily: lostTomorrow }, boundsOn(tomorrow)),
    ).toMatchObject({
      ok: true,
    });
  });

  it('dates before the first puzzle, puzzles past the catalogue', () => {
    const before = { date: '2025-04-06', id: 'puzzle_3', attempts: 2, won: true, daily: false };
    expect(readOn({ ...empty, history: [before] })).toEqual({ ok: false, problem: 'damaged' });
    const past = { date: '2026-04-06', id: 'puzzle_2001', attempts: 2, won: true, daily: false };
    expect(readOn({ ...empty, history: [past] })).toEqual({ ok: false, problem: 'damaged' });
    expect(readOn({ ...empty, history: [{ ...past, id: 'puzzle_2000' }] })).toMatchObject({
      ok: true,
    });
  });

  it('a streak longer than the days since the first puzzle', () => {
    const days = daysBetween(BOUNDS.firstPuzzle, TODAY) + 1;
    const stats = { currentStreak: days, maxStreak: days, lastPlayedDate: TODAY };
    expect(readOn({ ...empty, stats })).toMatchObject({ ok: true });
    expect(readOn({ ...empty, stats: { ...stats, maxStreak: days + 1 } })).toEqual({
      ok: false,
      problem: 'damaged',
    });
    const yesterday = addDays(TODAY, -1);
    expect(readOn({ ...empty, stats: { ...stats, lastPlayedDate: yesterday } })).toEqual({
      ok: false,
      problem: 'damaged',
    });
  });

  it(`more than ${TRANSFER_LIMITS.inProgress} games in progress, or more games than the limit`, () => {
    const games = Array.from({ length: TRANSFER_LIMITS.inProgress + 1 }, (_, i) => ({
      ...(transferOf(playedYear(3), SETTINGS, BOUNDS).games[0] as MovedGame),
      puzzleId: `puzzle_${i + 1}`,
    }));
    expect(readOn({ ...empty, games: games.slice(1) })).toMatchObject({ ok: true });
    expect(readOn({ ...empty, games })).toEqual({ ok: false, problem: 'damaged' });
    expect(decodeTransfer(writeCode({ ...empty, games }, 1), BOUNDS)).toEqual({
      ok: false,
      problem: 'damaged',
    });
    const history = Array.from({ length: TRANSFER_LIMITS.finishedGames + 1 }, (_, i) => ({
      date: addDays('2025-04-07', Math.floor(i / 20)),
      id: `puzzle_${1 + (i % 20)}`,
      attempts: 1,
      won: true,
      daily: false,
    }));
    expect(readOn({ ...empty, history: history.slice(1) })).toMatchObject({ ok: true });
    expect(readOn({ ...empty, history })).toEqual({ ok: false, problem: 'damaged' });
  });

  it('a device sends only what is within the bounds, its latest games first to stay', () => {
    const data = playedYear(3);
    const odd = {
      ...data,
      stats: { currentStreak: 2 ** 30, maxStreak: 2 ** 30, lastPlayedDate: TODAY },
      history: [
        { date: '2025-01-01', id: 'puzzle_3', attempts: 2, won: true },
        ...data.history,
        { date: '2026-12-01', id: 'puzzle_1073741824', attempts: 2, won: true },
        { date: tomorrow, id: 'puzzle_4', attempts: 2, won: true },
      ],
    };
    const transfer = transferOf(odd, SETTINGS, BOUNDS);
    expect(transfer.history).toEqual(transferOf(data, SETTINGS, BOUNDS).history);
    const longest = daysBetween(BOUNDS.firstPuzzle, TODAY) + 1;
    expect(transfer.stats).toEqual({
      currentStreak: longest,
      maxStreak: longest,
      lastPlayedDate: TODAY,
    });
    expect(decodeTransfer(encodeTransfer(transfer, BOUNDS), BOUNDS)).toEqual({
      ok: true,
      transfer,
    });
  });

  it('a link made by the writer before sections (version 1) is still read, within the bounds', () => {
    const transfer = transferOf(playedYear(40, 25), SETTINGS, BOUNDS);
    const old = writeCode(transfer, 1);
    expect(decodeTransfer(old, BOUNDS)).toEqual({ ok: true, transfer });
    const file = JSON.stringify({
      app: 'linchpin',
      kind: 'games',
      version: 1,
      saved: TODAY,
      code: old,
    });
    expect(readBackupFile(file, BOUNDS)).toEqual({ ok: true, transfer });
    expect(decodeTransfer(writeCode({ ...transfer, madeOn: tomorrow }, 1), BOUNDS)).toEqual({
      ok: false,
      problem: 'damaged',
    });
  });

  /** The empty link's sections written again: all but `drop`, then `more` before the end. */
  const resectioned = (drop: number | null, more: (out: BitWriter) => void) => {
    const bytes = fromBase64Url(encodeTransfer(empty, BOUNDS)) as Uint8Array;
    const body = new BitReader(bytes.slice(3, -4));
    const out = new BitWriter().bits(0x4c, 8).bits(0x50, 8).bits(TRANSFER_VERSION, 8);
    out.uint(body.uint());
    for (let id = body.uint(); id !== 0; id = body.uint()) {
      const length = body.uint();
      const content = new BitWriter();
      for (let i = 0; i < length; i += 1) content.bits(body.bits(1), 1);
      if (id !== drop) out.uint(id).uint(length).append(content);
    }
    more(out);
    out.uint(0);
    return signed(out.toBytes());
  };

  it('sections: the five required, each once, in order, of their own length; one this version does not know is newer', () => {
    expect(
      decodeTransfer(
        resectioned(null, () => {}),
        BOUNDS,
      ),
    ).toEqual({
      ok: true,
      transfer: empty,
    });
    expect(
      decodeTransfer(
        resectioned(3, () => {}),
        BOUNDS,
      ),
    ).toEqual({
      ok: false,
      problem: 'damaged',
    });
    // Section 5 again: out of order.
    expect(
      decodeTransfer(
        resectioned(null, (out) => out.uint(5).uint(1).uint(0)),
        BOUNDS,
      ),
    ).toEqual({ ok: false, problem: 'damaged' });
    expect(
      decodeTransfer(
        resectioned(null, (out) => out.uint(7).uint(1).flag(true)),
        BOUNDS,
      ),
    ).toEqual({ ok: false, problem: 'newer' });
  });

  /** Section 6 holding `count` groups, each written by `group`. */
  const withGroups = (count: number, group: (out: BitWriter, i: number) => void) =>
    resectioned(null, (out) => {
      const content = new BitWriter().uint(count);
      for (let i = 0; i < count; i += 1) group(content, i);
      out.uint(6).uint(content.length).append(content);
    });
  /** A group's fixed part (ids, secret, invite: 6 bits a character), then its name's bytes. */
  const groupBits = (out: BitWriter, i: number, name: readonly number[]) => {
    for (let c = 0; c < 16 + 16 + 22 + 22; c += 1) out.bits((c + i) % 64, 6);
    out.uint(name.length);
    for (const byte of name) out.bits(byte, 8);
  };
  const utf8 = (text: string) => [...new TextEncoder().encode(text)];

  it('section 6, the groups of friends: read when it is there, none when it is not', () => {
    const groups = [friendGroup(0, 'Family 👩‍👩‍👧'), friendGroup(1, 'Ünïcode café')];
    const code = encodeTransfer({ ...empty, groups }, BOUNDS);
    expect(decodeTransfer(code, BOUNDS)).toEqual({ ok: true, transfer: { ...empty, groups } });
    // Each group costs its 76 characters of 6 bits and its name: 10 groups still fit a QR code.
    const ten = Array.from({ length: 10 }, (_, i) => friendGroup(i, 'A'.repeat(40)));
    expect(encodeTransfer({ ...empty, groups: ten }, BOUNDS).length).toBeLessThan(1700);
    // A link made before groups travelled, or by a device in no group: no section 6, no groups.
    expect(encodeTransfer(empty, BOUNDS)).toBe(resectioned(6, () => {}));
    expect(
      decodeTransfer(
        resectioned(null, () => {}),
        BOUNDS,
      ),
    ).toEqual({
      ok: true,
      transfer: { ...empty, groups: [] },
    });
    expect(
      decodeTransfer(
        withGroups(1, (out, i) => groupBits(out, i, utf8('Us'))),
        BOUNDS,
      ),
    ).toEqual({
      ok: true,
      transfer: { ...empty, groups: [expect.objectContaining({ name: 'Us' })] },
    });
  });

  it('section 6 crafted: empty, too many groups, a name too long, not UTF-8, invisible or repeated: damaged', () => {
    const damaged = { ok: false, problem: 'damaged' };
    expect(
      decodeTransfer(
        withGroups(0, () => {}),
        BOUNDS,
      ),
    ).toEqual(damaged);
    expect(
      decodeTransfer(
        withGroups(11, (out, i) => groupBits(out, i, utf8(`G${i}`))),
        BOUNDS,
      ),
    ).toEqual(damaged);
    expect(
      decodeTransfer(
        withGroups(1, (out, i) => groupBits(out, i, utf8('x'.repeat(41)))),
        BOUNDS,
      ),
    ).toEqual(damaged);
    expect(
      decodeTransfer(
        withGroups(1, (out, i) => groupBits(out, i, [0xff, 0xfe])),
        BOUNDS,
      ),
    ).toEqual(damaged);
    expect(
      decodeTransfer(
        withGroups(1, (out, i) => groupBits(out, i, utf8('a\u200Bb'))),
        BOUNDS,
      ),
    ).toEqual(damaged);
    expect(
      decodeTransfer(
        withGroups(1, (out, i) => groupBits(out, i, utf8(' padded '))),
        BOUNDS,
      ),
    ).toEqual(damaged);
    expect(
      decodeTransfer(
        withGroups(1, (out, i) => groupBits(out, i, [])),
        BOUNDS,
      ),
    ).toEqual(damaged);
    expect(
      decodeTransfer(
        withGroups(2, (out) => groupBits(out, 0, utf8('Twice'))),
        BOUNDS,
      ),
    ).toEqual(damaged);
    // A name claiming the largest length a number holds, with no bytes after: refused at once.
    const huge = withGroups(1, (out) => {
      for (let c = 0; c < 76; c += 1) out.bits(c % 64, 6);
      out.uint(MAX_UINT);
    });
    expect(decodeTransfer(huge, BOUNDS)).toEqual(damaged);
    // The writer refuses what the reader would.
    expect(() => encodeTransfer({ ...empty, groups: [friendGroup(0, '')] }, BOUNDS)).toThrow(
      RangeError,
    );
    expect(() =>
      encodeTransfer(
        { ...empty, groups: [{ ...friendGroup(0), token: friendGroup(1).token }] },
        BOUNDS,
      ),
    ).toThrow(RangeError);
  });

  it("transferOf carries the device's groups: each once, of the right shape, at most 10", () => {
    const groups = [
      ...Array.from({ length: 12 }, (_, i) => friendGroup(i)),
      friendGroup(0, 'Again'),
      { ...friendGroup(20), invite: 'short' },
    ];
    const carried = transferOf(EMPTY_PLAYER, SETTINGS, BOUNDS, groups).groups;
    expect(carried).toEqual(Array.from({ length: 10 }, (_, i) => friendGroup(i)));
  });
});
