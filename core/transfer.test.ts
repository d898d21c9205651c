import { describe, expect, it } from 'vitest';
import { BitWriter, crc32, fromBase64Url, toBase64Url } from './bits';
import { addDays } from './dates';
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
} from './transfer';
import { playedYear, SETTINGS, START } from './test/transfer-fixtures';

const TODAY = '2027-01-05';

const roundTrip = (dailies: number, archive = 0) => {
  const transfer = transferOf(playedYear(dailies, archive), SETTINGS, TODAY);
  const code = encodeTransfer(transfer);
  return { transfer, code, decoded: decodeTransfer(code) };
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
      TODAY,
    );
    expect(decodeTransfer(encodeTransfer(transfer))).toEqual({ ok: true, transfer });
  });

  it('knows an older record of a daily by its puzzle dated the day it was played', () => {
    const data = playedYear(2);
    const old = { ...data, history: data.history.map(({ daily: _, ...game }) => game) };
    expect(transferOf(old, SETTINGS, TODAY).history.map((g) => g.daily)).toEqual([true, true]);
  });

  it('leaves behind what is not a catalogue puzzle, so the rest still travels', () => {
    const data = playedYear(3);
    const odd = {
      ...data,
      history: [...data.history, { date: TODAY, id: 'custom-abc', attempts: 1, won: true }],
      games: [...data.games, { ...(data.games[0] as SavedGame), puzzleId: 'custom-abc' }],
    };
    const decoded = decodeTransfer(encodeTransfer(transferOf(odd, SETTINGS, TODAY)));
    expect(decoded).toEqual({ ok: true, transfer: transferOf(data, SETTINGS, TODAY) });
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
    expect(decodeTransfer('')).toEqual({ ok: false, problem: 'missing' });
    expect(decodeTransfer('#')).toEqual({ ok: false, problem: 'missing' });
  });

  it('cut short anywhere', () => {
    for (let length = 1; length < code.length; length += 1) {
      expect(decodeTransfer(code.slice(0, length))).toMatchObject({ ok: false });
    }
  });

  it('any character changed', () => {
    for (let i = 0; i < code.length; i += 1) {
      const changed = code.slice(0, i) + (code[i] === 'A' ? 'B' : 'A') + code.slice(i + 1);
      expect(decodeTransfer(changed)).toEqual({ ok: false, problem: 'damaged' });
    }
  });

  it('characters a link does not hold', () => {
    expect(decodeTransfer(`${code.slice(0, 10)}*${code.slice(11)}`)).toEqual({
      ok: false,
      problem: 'damaged',
    });
  });

  it('edited with its checksum made right again: the content is still checked', () => {
    // Bytes that pass the checksum but end early: history claims more games than there are.
    const out = new BitWriter().bits(0x4c, 8).bits(0x50, 8).bits(TRANSFER_VERSION, 8);
    out.uint(1000).bits(0, 8).bits(0, 3).uint(500);
    expect(decodeTransfer(signed(out.toBytes()))).toEqual({ ok: false, problem: 'damaged' });
  });

  it('a newer version', () => {
    const bytes = fromBase64Url(code) as Uint8Array;
    const body = bytes.slice(0, -4);
    body[2] = TRANSFER_VERSION + 1;
    expect(decodeTransfer(signed(body))).toEqual({ ok: false, problem: 'newer' });
  });

  it("another site's data", () => {
    const transfer = transferOf(playedYear(3), SETTINGS, TODAY);
    expect(decodeTransfer(encodeTransfer(transfer, [0x57, 0x44]))).toEqual({
      ok: false,
      problem: 'otherSite',
    });
    // A puzzle link of this site's is not games either.
    expect(decodeTransfer('1.N4IgLgpg')).toEqual({ ok: false, problem: 'damaged' });
  });
});

/** Bytes with a right checksum after them, as a code. */
function signed(body: Uint8Array): string {
  const bytes = new Uint8Array(body.length + 4);
  bytes.set(body);
  new DataView(bytes.buffer).setUint32(body.length, crc32(body));
  return toBase64Url(bytes);
}

describe('backup file', () => {
  const { code, transfer } = roundTrip(10, 2);

  it('holds the same data as the link, with its version', () => {
    const text = backupFileText(code, TODAY);
    expect(JSON.parse(text)).toMatchObject({ app: 'linchpin', version: TRANSFER_VERSION, code });
    expect(readBackupFile(text)).toEqual({ ok: true, transfer });
  });

  it('refuses a damaged, newer or foreign file', () => {
    const file = JSON.parse(backupFileText(code, TODAY)) as Record<string, unknown>;
    const text = (change: Record<string, unknown>) => JSON.stringify({ ...file, ...change });
    expect(readBackupFile('{"app":"linch')).toEqual({ ok: false, problem: 'damaged' });
    expect(readBackupFile(text({ code: code.slice(0, -3) }))).toEqual({
      ok: false,
      problem: 'damaged',
    });
    expect(readBackupFile(text({ version: TRANSFER_VERSION + 1 }))).toEqual({
      ok: false,
      problem: 'newer',
    });
    expect(readBackupFile(text({ app: 'wordle' }))).toEqual({ ok: false, problem: 'otherSite' });
    expect(readBackupFile('[1,2]')).toEqual({ ok: false, problem: 'otherSite' });
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
