import { describe, expect, it } from 'vitest';
import { parseJson, SCHEMAS } from '../record-schemas';
import { groupWords, ringPuzzle, SOLUTION } from '../test/fixtures';
import { createGame, gameReducer, livesLeft, type GameState } from './engine';
import { seededRandom } from './random';
import { openGame, restoreGame, snapshotGame } from './restore-game';
import { dropGame, keepGame, pruneGames, savedGameOf, type SavedGame } from './saved-games';

const TODAY = '2026-11-22';
const here = { playedOn: TODAY, daily: false };

/** The words placed, with no circle left chosen (choosing the chosen circle again lets it go). */
function play(state: GameState, grouping: readonly string[][]): GameState {
  return gameReducer(groupWords(state, grouping), {
    type: 'chooseCategory',
    category: grouping.length - 1,
  });
}

const WRONG = [
  ['Ring', 'Chime', 'Necklace'],
  ['Ring', 'Toll', 'Bracelet'],
  ['Ring', 'Ropes', 'Oval'],
  ['Ring', 'Corner', 'Loop'],
];

const fresh = (difficulty: 'easy' | 'normal' = 'normal', seed = 3) =>
  createGame(ringPuzzle, { difficulty, random: seededRandom(seed) });

/** A normal game after one wrong submission, with a half-made grouping and a chosen circle. */
function midGame(): GameState {
  let state = gameReducer(play(fresh(), WRONG), { type: 'submit' });
  state = gameReducer(state, { type: 'toggleTile', position: 0 });
  return gameReducer(state, { type: 'chooseCategory', category: 2 });
}

/** The record as it comes back from storage. */
const throughStorage = (saved: SavedGame) => SCHEMAS.games(parseJson(JSON.stringify([saved])))?.[0];

describe('snapshotGame and restoreGame', () => {
  it('restores the board the player left: tiles, colours, groups, chosen circle, tries, feedback', () => {
    const state = midGame();
    const saved = throughStorage(snapshotGame(state, here));
    expect(saved).toBeDefined();
    const restored = restoreGame(ringPuzzle, saved as SavedGame);
    expect(restored).not.toBeNull();
    expect(restored?.tiles).toEqual(state.tiles);
    expect(restored?.colorOrder).toEqual(state.colorOrder);
    expect(restored?.assignments).toEqual(state.assignments);
    expect(restored?.activeCategory).toBe(2);
    expect(restored?.attempts).toEqual(state.attempts);
    expect(restored && livesLeft(restored)).toBe(5);
    expect(restored?.status).toBe('playing');
  });

  it('restores an easy game with its given centre word', () => {
    const state = play(fresh('easy'), WRONG);
    const restored = restoreGame(ringPuzzle, snapshotGame(state, here));
    expect(restored?.tiles[4]).toEqual({ position: 4, word: 'Ring', locked: true });
    expect(restored?.assignments).toEqual(state.assignments);
    expect(restored?.difficulty).toBe('easy');
  });

  it('works out a finished game again from its submissions: won or lost', () => {
    const won = gameReducer(play(fresh(), SOLUTION), { type: 'submit' });
    expect(restoreGame(ringPuzzle, snapshotGame(won, here))?.status).toBe('won');

    // Six different wrong groupings (a repeated one is refused and costs no try).
    const others = ['Chime', 'Necklace', 'Toll', 'Bracelet', 'Ropes', 'Oval', 'Corner', 'Loop'];
    let lost = fresh();
    for (let i = 0; i < 6; i += 1) {
      const words = [...others];
      [words[0], words[i + 2]] = [words[i + 2] as string, words[0] as string];
      const grouping = [0, 1, 2, 3].map(
        (g) => ['Ring', words[g * 2], words[g * 2 + 1]] as string[],
      );
      lost = gameReducer(play(lost, grouping), { type: 'submit' });
    }
    expect(lost.status).toBe('lost');
    const restored = restoreGame(ringPuzzle, snapshotGame(lost, here));
    expect(restored?.status).toBe('lost');
    expect(restored?.assignments).toEqual(lost.assignments);
    expect(restored?.solutionOrder).toEqual(lost.solutionOrder);
  });

  it.each<[string, (saved: SavedGame) => SavedGame]>([
    ['another puzzle', (s) => ({ ...s, puzzleId: 'puzzle_8' })],
    ['a word the puzzle no longer has', (s) => ({ ...s, words: ['Bell', ...s.words.slice(1)] })],
    ['a word twice', (s) => ({ ...s, words: [s.words[1] as string, ...s.words.slice(1)] })],
    ['a colour twice', (s) => ({ ...s, colorOrder: [0, 0, 1, 2] })],
    ['a group out of range', (s) => ({ ...s, groups: [[7], ...s.groups.slice(1)] })],
    [
      'a submission of two groups',
      (s) => ({
        ...s,
        submissions: [
          [
            [0, 1, 2],
            [3, 4, 5],
          ],
        ],
      }),
    ],
    [
      'a submission twice (the rules refuse it)',
      (s) => ({ ...s, submissions: [s.submissions[0] ?? [], s.submissions[0] ?? []] }),
    ],
    [
      'a tile that is not there',
      (s) => ({
        ...s,
        submissions: [
          [
            [0, 1, 2],
            [3, 4, 5],
            [6, 7, 8],
            [9, 10, 11],
          ],
        ],
      }),
    ],
  ])('drops a record with %s', (_, tamper) => {
    expect(restoreGame(ringPuzzle, tamper(snapshotGame(midGame(), here)))).toBeNull();
  });

  it('drops an easy record whose given word was moved or taken out of a group', () => {
    const saved = snapshotGame(play(fresh('easy'), WRONG), here);
    const swapped = [...saved.words];
    [swapped[0], swapped[4]] = [swapped[4] as string, swapped[0] as string];
    expect(restoreGame(ringPuzzle, { ...saved, words: swapped })).toBeNull();
    const groups = saved.groups.map((g, i) => (i === 4 ? [0, 1] : g));
    expect(restoreGame(ringPuzzle, { ...saved, groups })).toBeNull();
  });

  it('the storage schema refuses malformed records and keeps the good ones', () => {
    const good = snapshotGame(midGame(), here);
    const stored = SCHEMAS.games(
      parseJson(
        JSON.stringify([
          good,
          { ...good, difficulty: 'extreme' },
          { ...good, groups: 'everything' },
          { ...good, playedOn: '2026-02-30' },
          null,
        ]),
      ),
    );
    expect(stored).toEqual([good]);
    expect(SCHEMAS.games(parseJson('not json'))).toBeUndefined();
  });
});

const record = (puzzleId: string, playedOn: string, daily = false): SavedGame => ({
  ...snapshotGame(fresh(), { playedOn, daily }),
  puzzleId,
});

describe('pruneGames and keepGame', () => {
  it('keeps the last 30 days of play, oldest dropped first', () => {
    const games = [record('puzzle_1', '2026-10-23'), record('puzzle_2', '2026-10-24')];
    expect(pruneGames(games, TODAY).map((g) => g.puzzleId)).toEqual(['puzzle_2']);
  });

  it('keeps at most the 20 most recently played games', () => {
    const games = Array.from({ length: 25 }, (_, i) =>
      record(`puzzle_${i + 1}`, `2026-11-${String(i + 1).padStart(2, '0')}`),
    ).map((g) => ({ ...g, playedOn: g.playedOn > TODAY ? TODAY : g.playedOn }));
    const kept = pruneGames(games, TODAY);
    expect(kept).toHaveLength(20);
    expect(kept[0]?.puzzleId).toBe('puzzle_6');
    expect(kept.at(-1)?.puzzleId).toBe('puzzle_25');
  });

  it('a daily record ends with its UTC day', () => {
    const daily = record('puzzle_9', '2026-11-21', true);
    expect(pruneGames([daily], '2026-11-21')).toHaveLength(1);
    expect(pruneGames([daily], TODAY)).toEqual([]);
    expect(savedGameOf([daily], 'puzzle_9', TODAY)).toBeNull();
  });

  it('a game played again moves to the end, replacing its old record', () => {
    const games = [record('puzzle_1', '2026-11-20'), record('puzzle_2', '2026-11-21')];
    const kept = keepGame(games, record('puzzle_1', TODAY), TODAY);
    expect(kept.map((g) => [g.puzzleId, g.playedOn])).toEqual([
      ['puzzle_2', '2026-11-21'],
      ['puzzle_1', TODAY],
    ]);
  });

  it('the 21st game pushes out the least recently played', () => {
    const games = Array.from({ length: 20 }, (_, i) => record(`puzzle_${i + 1}`, TODAY));
    const kept = keepGame(games, record('puzzle_99', TODAY), TODAY);
    expect(kept).toHaveLength(20);
    expect(kept.map((g) => g.puzzleId)).not.toContain('puzzle_1');
    expect(kept.at(-1)?.puzzleId).toBe('puzzle_99');
  });

  it('dropGame gives back the same list when there is nothing to drop', () => {
    const games = [record('puzzle_1', TODAY)];
    expect(dropGame(games, 'puzzle_2')).toBe(games);
    expect(dropGame(games, 'puzzle_1')).toEqual([]);
  });
});

describe('openGame', () => {
  const options = {
    difficulty: 'normal' as const,
    random: seededRandom(1),
    pageMode: 'play' as const,
    saved: null,
    finishedDaily: null,
  };

  it('restores a kept game in play mode, never in retry or solution mode', () => {
    const saved = snapshotGame(midGame(), here);
    expect(openGame(ringPuzzle, { ...options, saved }).attempts).toHaveLength(1);
    expect(openGame(ringPuzzle, { ...options, saved, pageMode: 'retry' }).attempts).toEqual([]);
    expect(openGame(ringPuzzle, { ...options, saved, pageMode: 'solution' }).status).toBe(
      'solution',
    );
  });

  it('a kept game with no submission follows a changed difficulty; one under way keeps its own', () => {
    const untouched = snapshotGame(play(fresh('normal'), WRONG), here);
    expect(
      openGame(ringPuzzle, { ...options, difficulty: 'easy', saved: untouched }).difficulty,
    ).toBe('easy');
    const underway = snapshotGame(midGame(), here);
    expect(
      openGame(ringPuzzle, { ...options, difficulty: 'easy', saved: underway }).difficulty,
    ).toBe('normal');
  });

  it('a finished daily opens finished: as it was left, or with the solution laid out', () => {
    const won = gameReducer(play(fresh(), SOLUTION), { type: 'submit' });
    const saved = snapshotGame(won, { playedOn: TODAY, daily: true });
    expect(openGame(ringPuzzle, { ...options, saved, finishedDaily: 'won' })).toMatchObject({
      status: 'won',
      attempts: won.attempts,
    });
    const lost = openGame(ringPuzzle, { ...options, finishedDaily: 'lost' });
    expect(lost.status).toBe('lost');
    expect(lost.solutionOrder).toEqual([0, 1, 2, 3]);
    // A kept game that disagrees with the record (still playing) gives way to the record.
    const playing = snapshotGame(midGame(), { playedOn: TODAY, daily: true });
    expect(openGame(ringPuzzle, { ...options, saved: playing, finishedDaily: 'lost' }).status).toBe(
      'lost',
    );
  });
});
