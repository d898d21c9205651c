import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BitWriter, crc32, toBase64Url } from './bits';
import { addDays, daysBetween } from './dates';
import { DIFFICULTIES } from './difficulties';
import { checkName, GROUP_NAME_MAX, MAX_GROUPS_PER_DEVICE } from './friends';
import { EMPTY_PLAYER, type PlayerData, type PuzzleCompletion } from './records';
import {
  decodeTransfer,
  encodeTransfer,
  placeWords,
  transferFault,
  TRANSFER_VERSION,
  type MovedFinishedGame,
  type MovedGame,
  type MovedGroup,
  type Transfer,
} from './transfer';
import { TRANSFER_LIMITS, type TransferBounds } from './transfer-bounds';
import { groupsAfterMerge, mergeTransfer } from './transfer-merge';
import { wordsOfRing } from './test/transfer-fixtures';

/**
 * Property tests of the link (docs/decisions.md "Moving games between devices"): whatever the
 * writer accepts reads back the same; whatever bytes a link holds are read as something the
 * writer accepts again, or refused; and two devices merge the same whichever adds the other.
 */
/** Hundreds of runs each: beyond Vitest's 5 s when the machine is busy. */
const PROPERTY_TIMEOUT = 60_000;

const BOUNDS: TransferBounds = { today: '2027-01-05', firstPuzzle: '2025-04-07', lastPuzzle: 300 };
const SPAN = daysBetween(BOUNDS.firstPuzzle, BOUNDS.today);
const dayOf = (offset: number) => addDays(BOUNDS.firstPuzzle, offset);
/** As in the catalogue, one puzzle a date: puzzle n is dated n - 1 days after the first. */
const puzzleDate = (n: number) => dayOf(n - 1);
const id = (n: number) => `puzzle_${n}`;

const permutation = (size: number) =>
  fc.shuffledSubarray(
    Array.from({ length: size }, (_, i) => i),
    { minLength: size, maxLength: size },
  );

const gameInProgress = (made: number): fc.Arbitrary<MovedGame> =>
  fc.record({
    puzzleId: fc.integer({ min: 1, max: 30 }).map(id),
    playedOn: fc
      .oneof(fc.integer({ min: Math.max(0, made - 2), max: made }), fc.nat(made))
      .map(dayOf),
    daily: fc.boolean(),
    difficulty: fc.constantFrom(...DIFFICULTIES),
    wordOrder: permutation(9),
    colorOrder: permutation(4),
    groups: fc.array(fc.subarray([0, 1, 2, 3]), { minLength: 9, maxLength: 9 }),
    activeCategory: fc.option(fc.integer({ min: 0, max: 3 })),
    submissions: fc.array(
      fc.array(fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 3, maxLength: 3 }), {
        minLength: 4,
        maxLength: 4,
      }),
      { maxLength: 8 },
    ),
  });

const BASE64URL = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'] as const;
const chars = (length: number) =>
  fc
    .array(fc.constantFrom(...BASE64URL), { minLength: length, maxLength: length })
    .map((list) => list.join(''));

/** A group a device belongs to; ids from a small set, so that two devices share some. */
const groupArb: fc.Arbitrary<MovedGroup> = fc
  .record({
    id: fc.integer({ min: 0, max: 15 }).map((n) => `group${n}`.padEnd(16, '_')),
    // Any visible text: letters of any script, emoji, inner spaces.
    name: fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: GROUP_NAME_MAX })
      .map((name) => name.trim())
      .filter((name) => {
        const checked = checkName(name, GROUP_NAME_MAX, 'Group name');
        return checked.ok && checked.name === name;
      }),
    memberId: chars(16),
    secret: chars(22),
    invite: chars(22),
  })
  .map(({ secret, ...group }) => ({ ...group, token: `${group.memberId}.${secret}` }));

const result = { won: fc.boolean(), attempts: fc.integer({ min: 1, max: 8 }) };
const score = fc.integer({ min: 0, max: 8 });

/** Any transfer within BOUNDS, made on any day from the first puzzle to today. */
const transferArb: fc.Arbitrary<Transfer> = fc
  // Mostly the last few days, so that two devices' records meet on the same days.
  .oneof({ arbitrary: fc.integer({ min: SPAN - 2, max: SPAN }), weight: 3 }, fc.nat(SPAN))
  .chain((made) => {
    const dated = fc.oneof(fc.integer({ min: Math.max(0, made - 3), max: made }), fc.nat(made));
    return fc.record({
      madeOn: fc.constant(dayOf(made)),
      settings: fc.record({
        difficulty: fc.constantFrom(...DIFFICULTIES),
        gameMode: fc.constantFrom('legacy' as const, 'dragAndDrop' as const),
        palette: fc.constantFrom('default' as const, 'colorBlind' as const),
        darkMode: fc.constantFrom(null, true, false),
        seenHowToPlay: fc.boolean(),
        seenNote: fc.boolean(),
      }),
      stats: fc.option(
        fc.option(dated).chain((last) => {
          const longest = made + 1;
          return fc.integer({ min: 0, max: longest }).chain((maxStreak) =>
            fc.record({
              currentStreak:
                last === null
                  ? fc.constant(0)
                  : fc.oneof(
                      fc.constant(0),
                      fc.integer({ min: 0, max: Math.min(maxStreak, last + 1, 3) }),
                      fc.integer({ min: 0, max: Math.min(maxStreak, last + 1) }),
                    ),
              maxStreak: fc.constant(maxStreak),
              lastPlayedDate: fc.constant(last === null ? null : dayOf(last)),
            }),
          );
        }),
      ),
      daily: fc.option(
        fc.record({
          completed: fc.constant(true as const),
          date: dated.map(dayOf),
          score,
          ...result,
        }),
      ),
      randomDaily: fc.option(
        fc.record({
          puzzleId: fc.integer({ min: 1, max: BOUNDS.lastPuzzle }).map(id),
          date: dated.map(dayOf),
          isRandom: fc.constant(true as const),
        }),
      ),
      history: fc.uniqueArray(
        fc.record({
          n: fc.integer({ min: 1, max: Math.min(BOUNDS.lastPuzzle, made + 1) }),
          day: fc.option(dated),
          daily: fc.boolean(),
          ...result,
        }),
        { maxLength: 60, selector: (g) => `${g.n} ${g.day ?? 'own'}` },
      ),
      completions: fc.uniqueArray(
        fc.record({
          n: fc.integer({ min: 1, max: Math.min(BOUNDS.lastPuzzle, made + 1) }),
          fromGame: fc.boolean(),
          score: fc.option(score),
          ...result,
        }),
        { maxLength: 40, selector: (c) => c.n },
      ),
      games: fc.uniqueArray(gameInProgress(made), {
        maxLength: TRANSFER_LIMITS.inProgress,
        selector: (g) => g.puzzleId,
      }),
      groups: fc.uniqueArray(groupArb, {
        maxLength: MAX_GROUPS_PER_DEVICE,
        selector: (g) => g.id,
      }),
    });
  })
  .map(({ history: drawn, completions: results, ...rest }) => {
    // Games on their puzzle's own day (a daily) or any day; oldest first, as a device keeps them.
    const history: MovedFinishedGame[] = drawn
      .map((g) => ({
        date: g.day === null ? puzzleDate(g.n) : dayOf(g.day),
        id: id(g.n),
        attempts: g.attempts,
        won: g.won,
        daily: g.daily,
      }))
      .filter((g, i, all) => all.findIndex((o) => o.date === g.date && o.id === g.id) === i)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const completions: PuzzleCompletion[] = results
      .sort((a, b) => a.n - b.n)
      .map((c) => {
        // Often what the puzzle's last game gave, as the code writes most shortly.
        const last = history.findLast((g) => g.id === id(c.n));
        const { won, attempts } = c.fromGame && last ? last : c;
        return {
          completed: true as const,
          won,
          date: puzzleDate(c.n),
          puzzleId: id(c.n),
          attempts,
          score: c.score ?? (won ? Math.max(0, 6 - (attempts - 1)) : 0),
        };
      });
    // As `transferOf` marks them: a game of the puzzle a result dates to that day was the daily.
    const dailies = new Set(completions.map((c) => `${c.date} ${c.puzzleId}`));
    const marked = history.map((g) =>
      dailies.has(`${g.date} ${g.id}`) ? { ...g, daily: true } : g,
    );
    return { ...rest, history: marked, completions };
  });

/** Bytes with a right checksum after them, as a code. */
function signed(body: Uint8Array): string {
  const bytes = new Uint8Array(body.length + 4);
  bytes.set(body);
  new DataView(bytes.buffer).setUint32(body.length, crc32(body));
  return toBase64Url(bytes);
}

describe('the link, for any content', () => {
  it('any transfer the writer accepts reads back equal', { timeout: PROPERTY_TIMEOUT }, () => {
    fc.assert(
      fc.property(transferArb, (transfer) => {
        expect(transferFault(transfer, BOUNDS)).toBeNull();
        expect(decodeTransfer(encodeTransfer(transfer, BOUNDS), BOUNDS)).toEqual({
          ok: true,
          transfer,
        });
      }),
      { numRuns: 300 },
    );
  });

  /** Whatever is read, the writer accepts and reads back the same; else it is refused. */
  const readOrRefused = (code: string) => {
    const read = decodeTransfer(code, BOUNDS);
    if (!read.ok) return;
    expect(transferFault(read.transfer, BOUNDS)).toBeNull();
    const again = encodeTransfer(read.transfer, BOUNDS);
    expect(decodeTransfer(again, BOUNDS)).toEqual(read);
  };

  it(
    'any bytes, with a right checksum, are read as a transfer the writer accepts, or refused',
    { timeout: PROPERTY_TIMEOUT },
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom(1, TRANSFER_VERSION),
          fc.uint8Array({ maxLength: 200 }),
          (version, body) => {
            const head = new BitWriter().bits(0x4c, 8).bits(0x50, 8).bits(version, 8).toBytes();
            readOrRefused(signed(Uint8Array.from([...head, ...body])));
          },
        ),
        { numRuns: 1000 },
      );
    },
  );

  it(
    'any bits of a good link changed, its checksum made right again: read well, or refused',
    { timeout: PROPERTY_TIMEOUT },
    () => {
      fc.assert(
        fc.property(
          transferArb,
          fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
          (transfer, flips) => {
            const code = encodeTransfer(transfer, BOUNDS);
            const bytes = Uint8Array.from(atob(code.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
              c.charCodeAt(0),
            ).slice(0, -4);
            const bits = (bytes.length - 3) * 8;
            for (const flip of flips) {
              const bit = 24 + (flip % bits);
              bytes[bit >> 3] = (bytes[bit >> 3] as number) ^ (0x80 >> (bit & 7));
            }
            readOrRefused(signed(bytes));
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});

/** A device holding what a transfer carries. */
function deviceOf(t: Transfer): PlayerData {
  return {
    ...EMPTY_PLAYER,
    stats: t.stats,
    daily: t.daily,
    history: t.history.map(({ daily, ...game }) => (daily ? { ...game, daily: true } : game)),
    completions: Object.fromEntries(t.completions.map((c) => [c.date, c])),
    games: t.games.flatMap((game) => placeWords(game, wordsOfRing()) ?? []),
  };
}

/** What a merge gives, apart from the settings and this device's stand-in puzzle. */
const records = (data: PlayerData) => ({
  history: [...data.history].sort((a, b) => (`${a.date} ${a.id}` < `${b.date} ${b.id}` ? -1 : 1)),
  completions: data.completions,
  daily: data.daily,
  stats: data.stats,
  games: data.games,
});

describe('merging two devices, for any content', () => {
  const merge = (local: Transfer, link: Transfer) =>
    mergeTransfer(deviceOf(local), link, BOUNDS.today, wordsOfRing);

  it(
    'gives the same in either order, keeps every finished game, never changes a later record here',
    { timeout: PROPERTY_TIMEOUT },
    () => {
      fc.assert(
        fc.property(transferArb, transferArb, (a, b) => {
          const ab = merge(a, b);
          expect(records(ab)).toEqual(records(merge(b, a)));
          const keys = new Set(ab.history.map((g) => `${g.date} ${g.id}`));
          for (const game of [...a.history, ...b.history]) {
            expect(keys.has(`${game.date} ${game.id}`)).toBe(true);
          }
          // A record of this device dated after the link was made stays as it was.
          const local = deviceOf(a);
          const later = (date: string) => date > b.madeOn;
          for (const game of local.history.filter((g) => later(g.date))) {
            expect(ab.history).toContainEqual(game);
          }
          for (const c of a.completions.filter((r) => later(r.date))) {
            expect(ab.completions[c.date]).toEqual(c);
          }
          if (a.daily && later(a.daily.date)) expect(ab.daily).toEqual(a.daily);
        }),
        { numRuns: 200 },
      );
    },
  );
});

describe('the groups of two devices together, for any groups', () => {
  const ids = (groups: readonly MovedGroup[]) => groups.map((group) => group.id);

  it(
    "keep every group of this device as it is, add the link's up to the cap, and say which are left out",
    { timeout: PROPERTY_TIMEOUT },
    () => {
      fc.assert(
        fc.property(transferArb, transferArb, (a, b) => {
          const { kept, leftOut } = groupsAfterMerge(a.groups, b.groups);
          // This device's memberships stay, in use: the same member and secret.
          expect(kept.slice(0, a.groups.length)).toEqual(a.groups);
          expect(kept.length).toBeLessThanOrEqual(MAX_GROUPS_PER_DEVICE);
          expect(new Set(ids(kept)).size).toBe(kept.length);
          // Every group of either device is kept or named as left out, once.
          const union = new Set([...ids(a.groups), ...ids(b.groups)]);
          expect(new Set([...ids(kept), ...ids(leftOut)])).toEqual(union);
          expect(kept.length + leftOut.length).toBe(union.size);
          // Nothing is left out while there is room.
          if (union.size <= MAX_GROUPS_PER_DEVICE) expect(leftOut).toEqual([]);
          else expect(kept.length).toBe(MAX_GROUPS_PER_DEVICE);
          // Adding the same link again changes nothing.
          expect(groupsAfterMerge(kept, b.groups).kept).toEqual(kept);
          // What a merge keeps, a link of the receiving device carries again.
          const t = { ...a, groups: kept };
          expect(transferFault(t, BOUNDS)).toBeNull();
        }),
        { numRuns: 200 },
      );
    },
  );
});
