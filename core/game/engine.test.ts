import { describe, expect, it } from 'vitest';
import type { Puzzle } from '../puzzle';
import { ringPuzzle, SOLUTION } from '../test/fixtures';
import {
  CENTRE_TILE,
  createGame,
  currentTry,
  gameReducer,
  groupsOf,
  hasWon,
  isGameActive,
  isGameOver,
  livesLeft,
  maxTries,
  type GameAction,
  type GameState,
} from './engine';
import { MESSAGES } from './messages';
import { seededRandom } from './random';

const newGame = (difficulty: 'easy' | 'normal' | 'hard' = 'normal', seed = 1) =>
  createGame(ringPuzzle, { difficulty, random: seededRandom(seed) });

const run = (state: GameState, ...actions: GameAction[]) => actions.reduce(gameReducer, state);
const positionOf = (state: GameState, word: string) =>
  state.tiles.findIndex((t) => t.word === word);

/** Puts each list of words into the group of the same index. */
function assign(state: GameState, groups: readonly (readonly string[])[]): GameState {
  let next = run(state, { type: 'clearAll' });
  groups.forEach((words, category) => {
    next = run(next, { type: 'chooseCategory', category });
    for (const word of words) {
      const position = positionOf(next, word);
      if (!(next.assignments[position] ?? []).includes(category)) {
        next = run(next, { type: 'toggleTile', position });
      }
    }
    next = run(next, { type: 'chooseCategory', category });
  });
  return next;
}

const WRONG = [
  ['Ring', 'Chime', 'Necklace'],
  ['Ring', 'Toll', 'Bracelet'],
  ['Ring', 'Ropes', 'Oval'],
  ['Ring', 'Corner', 'Loop'],
];
const submit: GameAction = { type: 'submit' };

describe('createGame', () => {
  it('deals all nine words onto tiles keyed by position', () => {
    const game = newGame();
    expect(game.tiles.map((t) => t.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...game.tiles.map((t) => t.word)].sort()).toEqual([...ringPuzzle.words].sort());
    expect(game.attempts).toEqual([]);
    expect(game.assignments).toEqual({});
    expect(game.status).toBe('playing');
  });

  it('shuffles the words and the colours with the random source', () => {
    const orders = new Set(
      [1, 2, 3, 4, 5].map((seed) =>
        newGame('normal', seed)
          .tiles.map((t) => t.word)
          .join(),
      ),
    );
    const colours = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) => newGame('normal', seed).colorOrder.join()),
    );
    expect(orders.size).toBeGreaterThan(1);
    expect(colours.size).toBeGreaterThan(1);
    for (const seed of [1, 2, 3])
      expect([...newGame('normal', seed).colorOrder].sort()).toEqual([0, 1, 2, 3]);
  });

  it('in easy mode puts the special word on the centre tile, locked in all four groups', () => {
    for (const seed of [1, 2, 3, 4]) {
      const game = newGame('easy', seed);
      expect(game.tiles[CENTRE_TILE]?.word).toBe('Ring');
      expect(game.tiles[CENTRE_TILE]?.locked).toBe(true);
      expect(game.assignments[CENTRE_TILE]).toEqual([0, 1, 2, 3]);
    }
  });

  it('in normal mode gives the special word no place and no group', () => {
    const game = newGame('normal');
    expect(game.tiles.some((t) => t.locked)).toBe(false);
    expect(game.assignments).toEqual({});
  });

  it('opens in solution mode finished, with every category laid out', () => {
    const game = createGame(ringPuzzle, {
      difficulty: 'normal',
      random: seededRandom(3),
      pageMode: 'solution',
    });
    expect(game.status).toBe('solution');
    expect(isGameOver(game)).toBe(true);
    expect(game.solutionOrder).toEqual([0, 1, 2, 3]);
    const groups = groupsOf(game).map((g) => g.map((p) => game.tiles[p]?.word).sort());
    expect(groups).toEqual(SOLUTION.map((words) => [...words].sort()));
  });

  it('does not crash on a puzzle whose special word is not among its words', () => {
    const broken: Puzzle = { ...ringPuzzle, specialWord: 'Halo' };
    const game = createGame(broken, { difficulty: 'easy', random: seededRandom(1) });
    expect(game.tiles).toHaveLength(9);
    expect(game.tiles.some((t) => t.locked)).toBe(false);
  });
});

describe('selecting words', () => {
  it('asks for a colour when a word is clicked with none chosen', () => {
    const game = run(newGame(), { type: 'toggleTile', position: 0 });
    expect(game.assignments).toEqual({});
    expect(game.notice?.code).toBe('chooseColourFirst');
  });

  it('toggles a word in the chosen group, keeping group lists sorted', () => {
    let game = run(
      newGame(),
      { type: 'chooseCategory', category: 2 },
      { type: 'toggleTile', position: 5 },
    );
    expect(game.assignments[5]).toEqual([2]);
    game = run(game, { type: 'chooseCategory', category: 0 }, { type: 'toggleTile', position: 5 });
    expect(game.assignments[5]).toEqual([0, 2]);
    game = run(game, { type: 'toggleTile', position: 5 });
    expect(game.assignments[5]).toEqual([2]);
  });

  it("removes a word's entry when its last group is removed", () => {
    const game = run(
      newGame(),
      { type: 'chooseCategory', category: 1 },
      { type: 'toggleTile', position: 3 },
      { type: 'toggleTile', position: 3 },
    );
    expect(game.assignments).toEqual({});
    expect(3 in game.assignments).toBe(false);
  });

  it('deselects the chosen colour when it is chosen again', () => {
    const game = run(newGame(), { type: 'chooseCategory', category: 1 });
    expect(game.activeCategory).toBe(1);
    expect(run(game, { type: 'chooseCategory', category: 1 }).activeCategory).toBeNull();
    expect(run(game, { type: 'chooseCategory', category: 3 }).activeCategory).toBe(3);
  });

  it('keys tiles by position, so two tiles never share a selection', () => {
    const game = run(
      newGame(),
      { type: 'chooseCategory', category: 0 },
      { type: 'toggleTile', position: 0 },
    );
    expect(Object.keys(game.assignments)).toEqual(['0']);
  });

  it('Clear All empties every selection', () => {
    const game = run(assign(newGame(), WRONG), { type: 'clearAll' });
    expect(game.assignments).toEqual({});
  });

  it('Clear All in easy mode keeps the special word in all four groups', () => {
    const game = run(assign(newGame('easy'), WRONG), { type: 'clearAll' });
    expect(game.assignments).toEqual({ [CENTRE_TILE]: [0, 1, 2, 3] });
  });

  it('in easy mode refuses to take the given special word out of a group', () => {
    const game = run(
      newGame('easy'),
      { type: 'chooseCategory', category: 0 },
      { type: 'toggleTile', position: CENTRE_TILE },
    );
    expect(game.assignments[CENTRE_TILE]).toEqual([0, 1, 2, 3]);
    expect(game.notice?.code).toBe('specialWordLocked');
  });
});

describe('submitting', () => {
  it('refuses a grouping that is not four groups of three, without using a try', () => {
    const partial = assign(newGame(), WRONG.slice(0, 3));
    const game = run(partial, submit);
    expect(game.notice).toMatchObject({ kind: 'error', code: 'incompleteGrouping' });
    expect(MESSAGES.incompleteGrouping).toBe('Sort the words into 4 groups of 3 words each');
    expect(game.attempts).toHaveLength(0);
    const overfull = assign(newGame(), [...WRONG.slice(0, 3), ['Ring', 'Corner', 'Loop', 'Chime']]);
    expect(run(overfull, submit).notice?.code).toBe('incompleteGrouping');
  });

  it('gives each new error a new id so it is shown again', () => {
    const game = run(newGame(), submit, submit);
    expect(game.notice?.id).toBe(2);
  });

  it('counts a wrong try: the counter goes up, a life is lost, selections stay', () => {
    const before = assign(newGame(), WRONG);
    const game = run(before, submit);
    expect(game.attempts).toHaveLength(1);
    expect(game.attempts[0]?.results.map((r) => r.correctCount)).toEqual([2, 2, 2, 2]);
    expect(currentTry(game)).toBe(2);
    expect(livesLeft(game)).toBe(maxTries(game) - 1);
    expect(game.assignments).toEqual(before.assignments);
    expect(isGameActive(game)).toBe(true);
  });

  it('refuses the same grouping twice without using a try, whatever the colours', () => {
    const once = run(assign(newGame(), WRONG), submit);
    const again = run(once, submit);
    expect(again.attempts).toHaveLength(1);
    expect(again.notice?.code).toBe('repeatedGrouping');
    const recoloured = run(assign(once, [...WRONG].reverse()), submit);
    expect(recoloured.attempts).toHaveLength(1);
  });

  it('wins when all four groups are correct', () => {
    const game = run(assign(newGame(), SOLUTION), submit);
    expect(hasWon(game)).toBe(true);
    expect(isGameOver(game)).toBe(true);
    expect(currentTry(game)).toBe(1);
    expect(livesLeft(game)).toBe(maxTries(game));
    expect(game.solutionOrder).toEqual([0, 1, 2, 3]);
  });

  it('loses when the tries reach the limit, then reveals the solution', () => {
    let game = newGame('normal');
    const others = ringPuzzle.words.filter((w) => w !== 'Ring');
    const variants = [0, 1, 2, 3, 4, 5].map((i) => {
      const rotated = [...others];
      [rotated[0], rotated[i + 2]] = [rotated[i + 2] as string, rotated[0] as string];
      return [0, 1, 2, 3].map((g) => [
        'Ring',
        rotated[g * 2] as string,
        rotated[g * 2 + 1] as string,
      ]);
    });
    for (const groups of variants) game = run(assign(game, groups), submit);
    expect(game.attempts).toHaveLength(6);
    expect(game.status).toBe('lost');
    expect(currentTry(game)).toBe(6);
    expect(livesLeft(game)).toBe(0);
    const shown = groupsOf(game).map((g) => g.map((p) => game.tiles[p]?.word).sort());
    const order = game.solutionOrder ?? [];
    expect(shown).toEqual(order.map((c) => [...(SOLUTION[c] ?? [])].sort()));
    expect([...order].sort()).toEqual([0, 1, 2, 3]);
  });

  it('ignores every action but dismissing a notice once the game is over', () => {
    const won = run(assign(newGame(), SOLUTION), submit);
    expect(run(won, { type: 'clearAll' }, { type: 'chooseCategory', category: 1 })).toBe(won);
  });

  it('uses the try limit of each difficulty: easy 8, normal 6, hard 5', () => {
    expect(maxTries(newGame('easy'))).toBe(8);
    expect(maxTries(newGame('normal'))).toBe(6);
    expect(maxTries(newGame('hard'))).toBe(5);
  });
});
