import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { EMPTY_PLAYER, recordGame, type PlayerData } from './records';
import type { SavedGame } from './game/saved-games';
import { statistics } from './stats';
import { transferOf, type Transfer } from './transfer';
import {
  groupsAfterMerge,
  inProgressAfterMerge,
  mergeTransfer,
  streakOf,
  summarize,
} from './transfer-merge';
import {
  boundsOn,
  friendGroup,
  inProgress,
  playedYear,
  SETTINGS,
  wordsOfRing,
} from './test/transfer-fixtures';

const DAY1 = '2026-03-01';
const day = (n: number) => addDays(DAY1, n - 1);
const TODAY = day(10);

/** A device that played the daily puzzle of each given day (puzzle_<100 + day>), won or lost. */
function device(days: readonly [number, boolean][], start: PlayerData = EMPTY_PLAYER): PlayerData {
  return days.reduce(
    (data, [n, won]) =>
      recordGame(
        data,
        {
          puzzleId: `puzzle_${100 + n}`,
          puzzleDate: day(n),
          won,
          attempts: won ? 3 : 6,
          score: won ? 4 : 0,
          isDaily: true,
        },
        day(n),
      ),
    start,
  );
}

/** An archive game played on day `n`. */
function archive(data: PlayerData, id: string, n: number, won: boolean, attempts: number) {
  return recordGame(
    data,
    {
      puzzleId: id,
      puzzleDate: '2025-05-01',
      won,
      attempts,
      score: won ? 7 - attempts : 0,
      isDaily: false,
    },
    day(n),
  );
}

const linkOf = (data: PlayerData): Transfer => transferOf(data, SETTINGS, boundsOn(TODAY));
const merge = (local: PlayerData, other: PlayerData) =>
  mergeTransfer(local, linkOf(other), TODAY, wordsOfRing);
const view = (data: PlayerData) => statistics(data.history, data.stats, day(5));

describe('adding a link to a device', () => {
  const a = archive(
    device([
      [1, true],
      [2, true],
      [3, false],
    ]),
    'puzzle_50',
    3,
    true,
    2,
  );
  const b = device([[4, true]]);

  it('keeps every game of either device once', () => {
    const merged = merge(b, a);
    expect(merged.history.map((g) => `${g.date} ${g.id}`)).toEqual([
      `${day(1)} puzzle_101`,
      `${day(2)} puzzle_102`,
      `${day(3)} puzzle_103`,
      `${day(3)} puzzle_50`,
      `${day(4)} puzzle_104`,
    ]);
    expect(Object.keys(merged.completions).sort()).toEqual(
      ['2025-05-01', day(1), day(2), day(3), day(4)].sort(),
    );
    expect(view(merged)).toMatchObject({ gamesPlayed: 5, gamesWon: 4 });
  });

  it('gives the same result whichever device adds the other', () => {
    const one = merge(b, a);
    const other = merge(a, b);
    expect(other.history).toEqual(one.history);
    expect(other.completions).toEqual(one.completions);
    expect(other.stats).toEqual(one.stats);
  });

  it('changes nothing when the same link is added twice', () => {
    const once = merge(b, a);
    expect(merge(once, a)).toEqual(once);
    const year = playedYear(365, 40);
    const mergedYear = mergeTransfer(b, linkOf(year), TODAY, wordsOfRing);
    expect(mergeTransfer(mergedYear, linkOf(year), TODAY, wordsOfRing)).toEqual(mergedYear);
  });

  it('adds nothing from an empty device, and everything to one', () => {
    expect(merge(a, EMPTY_PLAYER)).toEqual(a);
    const fresh = merge(EMPTY_PLAYER, a);
    expect(fresh.history).toEqual(a.history);
    expect(fresh.completions).toEqual(a.completions);
    expect(fresh.stats).toEqual(a.stats);
  });
});

describe('a puzzle finished on both devices', () => {
  it('a daily finished on both keeps the earlier finish', () => {
    // Device A won it as the daily on its day in 4 tries; B won it two days later, in 2.
    const a = device([[1, true]]);
    const b = archive(EMPTY_PLAYER, 'puzzle_101', 3, true, 2);
    const completion = (data: PlayerData) =>
      data.completions[day(1)] ?? data.completions['2025-05-01'];
    expect(completion(a)).toMatchObject({ attempts: 3 });
    for (const merged of [merge(a, b), merge(b, a)]) {
      expect(merged.completions[day(1)]).toMatchObject({ puzzleId: 'puzzle_101', attempts: 3 });
      // Both games stay in the history: each was played.
      expect(merged.history).toHaveLength(2);
    }
  });

  it('the same daily finished on both devices the same day: the win, once', () => {
    const won = device([[1, true]]);
    const lost = device([[1, false]]);
    for (const merged of [merge(won, lost), merge(lost, won)]) {
      expect(merged.history).toEqual([
        { date: day(1), id: 'puzzle_101', attempts: 3, won: true, daily: true },
      ]);
      expect(merged.completions[day(1)]).toMatchObject({ won: true });
      expect(merged.daily).toMatchObject({ date: day(1), won: true });
      expect(merged.stats).toEqual({ currentStreak: 1, maxStreak: 1, lastPlayedDate: day(1) });
    }
  });

  it('a win is kept over a loss of the same puzzle', () => {
    const lostFirst = archive(EMPTY_PLAYER, 'puzzle_50', 1, false, 6);
    const wonLater = archive(EMPTY_PLAYER, 'puzzle_50', 4, true, 5);
    expect(merge(lostFirst, wonLater).completions['2025-05-01']).toMatchObject({ won: true });
    expect(merge(wonLater, lostFirst).completions['2025-05-01']).toMatchObject({ won: true });
  });
});

describe('games in progress', () => {
  const going = (data: PlayerData, id: string, n: number): PlayerData => ({
    ...data,
    games: [...data.games, inProgress(id, day(n))],
  });

  it('a game in progress finished on the other device is dropped', () => {
    const here = going(EMPTY_PLAYER, 'puzzle_50', 2);
    const there = archive(EMPTY_PLAYER, 'puzzle_50', 3, true, 2);
    expect(merge(here, there).games).toEqual([]);
    // And the other way: the link's game of a puzzle finished here.
    expect(merge(there, here).games).toEqual([]);
  });

  it('a game in progress is kept, with its words, unless so', () => {
    const here = going(EMPTY_PLAYER, 'puzzle_50', 2);
    const there = going(archive(EMPTY_PLAYER, 'puzzle_50', 1, true, 2), 'puzzle_60', 9);
    const merged = merge(here, there);
    expect(merged.games).toEqual([
      inProgress('puzzle_50', day(2)),
      inProgress('puzzle_60', day(9)),
    ]);
    expect(summarize(merged, TODAY).inProgress).toBe(2);
  });

  it('of two games of one puzzle, the one played last', () => {
    const older = going(EMPTY_PLAYER, 'puzzle_50', 2);
    const newer = going(EMPTY_PLAYER, 'puzzle_50', 5);
    expect(merge(older, newer).games.map((g) => g.playedOn)).toEqual([day(5)]);
    expect(merge(newer, older).games.map((g) => g.playedOn)).toEqual([day(5)]);
  });

  it('a game whose puzzle cannot be found here is left out', () => {
    const there = going(EMPTY_PLAYER, 'puzzle_60', 9);
    expect(mergeTransfer(EMPTY_PLAYER, linkOf(there), TODAY, () => null).games).toEqual([]);
  });
});

describe('streaks across the merge', () => {
  it('days won on one device and then the other make one streak', () => {
    const a = device([
      [1, true],
      [2, true],
      [3, true],
    ]);
    const b = device([
      [4, true],
      [5, true],
    ]);
    for (const merged of [merge(a, b), merge(b, a)]) {
      expect(merged.stats).toEqual({ currentStreak: 5, maxStreak: 5, lastPlayedDate: day(5) });
      expect(view(merged)).toMatchObject({ currentStreak: 5, maxStreak: 5 });
    }
  });

  it('a loss on either device ends it, and the longest is found again', () => {
    // A won days 1-2; B won day 3 and lost day 4; A won day 5.
    const a = device([
      [1, true],
      [2, true],
      [5, true],
    ]);
    const b = device([
      [3, true],
      [4, false],
    ]);
    expect(a.stats).toEqual({ currentStreak: 1, maxStreak: 2, lastPlayedDate: day(5) });
    for (const merged of [merge(a, b), merge(b, a)]) {
      expect(merged.stats).toEqual({ currentStreak: 1, maxStreak: 3, lastPlayedDate: day(5) });
    }
  });

  it('records from before games said whether they were dailies still count, by their streak', () => {
    const strip = (data: PlayerData): PlayerData => ({
      ...data,
      completions: {},
      history: data.history.map(({ daily: _, ...game }) => game),
    });
    const a = strip(
      device([
        [1, true],
        [2, true],
        [3, true],
      ]),
    );
    const b = strip(
      device([
        [4, true],
        [5, true],
      ]),
    );
    expect(merge(a, b).stats).toEqual({ currentStreak: 5, maxStreak: 5, lastPlayedDate: day(5) });
  });

  it('no streak anywhere stays none', () => {
    expect(streakOf([], [null, null])).toBeNull();
  });
});

describe('the preview', () => {
  it('says how many games, the streaks, games in progress and the last day played', () => {
    const data = {
      ...device([
        [1, true],
        [2, true],
        [3, false],
        [4, true],
      ]),
      games: [inProgress('puzzle_60', day(6))],
    };
    expect(summarize(data, day(5))).toEqual({
      games: 4,
      currentStreak: 1,
      longestStreak: 2,
      inProgress: 1,
      lastPlayed: day(6),
    });
  });
});

describe('merge never loses what this device has (issue: a link from the future, too many games)', () => {
  it("a lost daily dated tomorrow does not replace today's won daily, nor its streak", () => {
    const won = device([[10, true]]);
    const tomorrow = day(11);
    const crafted: Transfer = {
      ...linkOf(EMPTY_PLAYER),
      madeOn: tomorrow,
      stats: { currentStreak: 0, maxStreak: 0, lastPlayedDate: tomorrow },
      daily: { completed: true, won: false, date: tomorrow, score: 0, attempts: 6 },
      history: [{ date: tomorrow, id: 'puzzle_111', attempts: 6, won: false, daily: true }],
      completions: [
        {
          completed: true,
          won: false,
          date: tomorrow,
          puzzleId: 'puzzle_111',
          score: 0,
          attempts: 6,
        },
      ],
    };
    const merged = mergeTransfer(won, crafted, TODAY, wordsOfRing);
    expect(merged.daily).toEqual(won.daily);
    expect(merged.history).toEqual(won.history);
    expect(merged.completions).toEqual(won.completions);
    expect(statistics(merged.history, merged.stats, TODAY)).toMatchObject({
      gamesPlayed: 1,
      currentStreak: 1,
    });
  });

  it('a game in progress dated after the link was made does not replace the one here', () => {
    const mine = { ...EMPTY_PLAYER, games: [inProgress('puzzle_7', day(9))] };
    const theirs = { ...linkOf(playedYear(0)), madeOn: day(8) };
    const future = { ...(theirs.games[0] as Transfer['games'][number]), playedOn: day(10) };
    const merged = mergeTransfer(mine, { ...theirs, games: [future] }, TODAY, wordsOfRing);
    expect(merged.games).toEqual(mine.games);
  });

  /** `count` games in progress of puzzles from `first`, played on days 1 to 10 in turn. */
  const many = (first: number, count: number, shift: number): SavedGame[] =>
    Array.from({ length: count }, (_, i) => ({
      ...inProgress(`puzzle_${first + i}`, day(1 + ((i + shift) % 10))),
      submissions: [],
    }));

  it('30 games in progress on each side: the 20 most recently played stay, whichever side they are from', () => {
    const local: PlayerData = { ...EMPTY_PLAYER, games: many(1, 30, 0) };
    const other: PlayerData = { ...EMPTY_PLAYER, games: many(101, 30, 5) };
    const link = { ...linkOf(EMPTY_PLAYER), games: transferOfGames(other) };
    const merged = mergeTransfer(local, link, TODAY, wordsOfRing);
    expect(merged.games).toHaveLength(20);
    // Days 10, 9 and 8 (six games each: three of each side), then two of day 7.
    const days = merged.games.map((game) => game.playedOn);
    for (const n of [10, 9, 8]) expect(days.filter((d) => d === day(n))).toHaveLength(6);
    expect(days.filter((d) => d === day(7))).toHaveLength(2);
    expect(merged.games.filter((game) => local.games.includes(game)).length).toBeGreaterThanOrEqual(
      9,
    );
    // The other way round, the same games.
    const back = mergeTransfer(
      other,
      { ...linkOf(EMPTY_PLAYER), games: transferOfGames(local) },
      TODAY,
      wordsOfRing,
    );
    expect(new Set(back.games.map((g) => g.puzzleId))).toEqual(
      new Set(merged.games.map((g) => g.puzzleId)),
    );
    // The preview counts what would not fit.
    const both = [...local.games, ...link.games];
    expect(inProgressAfterMerge(both.slice(0, 30), [], both.slice(30), [], TODAY).leftOut).toBe(40);
  });
});

/** A device's games in progress as a link carries them (no bounds on their number). */
function transferOfGames(data: PlayerData): Transfer['games'] {
  return data.games.map(({ words, ...game }) => ({
    ...game,
    wordOrder: words.map((word) => [...words].sort().indexOf(word)),
  }));
}

describe('groups of friends of two devices', () => {
  const groups = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => friendGroup(from + i));

  it("keeps both devices' groups, a group on both once as this device has it", () => {
    const mine = [friendGroup(0), friendGroup(1)];
    // Group 1 joined again on the other device: another member of the same group.
    const otherMember = { ...friendGroup(1), memberId: 'othermemberxxxxx' };
    const theirs = [{ ...otherMember, token: `${otherMember.memberId}.${'s'.repeat(22)}` }];
    const { kept, leftOut } = groupsAfterMerge(mine, [...theirs, friendGroup(2)]);
    expect(kept).toEqual([friendGroup(0), friendGroup(1), friendGroup(2)]);
    expect(leftOut).toEqual([]);
  });

  it("at 10 groups, the link's newest to this device are left out, never this device's", () => {
    const { kept, leftOut } = groupsAfterMerge(groups(0, 8), groups(5, 12));
    expect(kept).toEqual(groups(0, 10));
    expect(leftOut).toEqual(groups(10, 12));
    expect(groupsAfterMerge(groups(0, 10), groups(10, 11)).leftOut).toEqual(groups(10, 11));
  });
});
