import type { Puzzle } from '../puzzle';
import type { Difficulty } from '../difficulties';
import type { SavedGame } from './saved-games';
import { sameWord } from '../words';
import type { Random } from './random';
import {
  CATEGORY_COUNT,
  createGame,
  gameOnLayout,
  gameReducer,
  isGameOver,
  type GameState,
  type PageMode,
} from './engine';

/** The record of a game as it stands. */
export function snapshotGame(
  state: GameState,
  where: { playedOn: string; daily: boolean },
): SavedGame {
  return {
    puzzleId: state.puzzle.id,
    playedOn: where.playedOn,
    daily: where.daily,
    difficulty: state.difficulty,
    words: state.tiles.map((tile) => tile.word),
    colorOrder: [...state.colorOrder],
    groups: state.tiles.map((tile) => [...(state.assignments[tile.position] ?? [])]),
    activeCategory: state.activeCategory,
    submissions: state.attempts.map((attempt) => attempt.groups.map((group) => [...group])),
  };
}

const isPermutation = (values: readonly number[], size: number) =>
  values.length === size &&
  new Set(values).size === size &&
  values.every((v) => Number.isInteger(v) && v >= 0 && v < size);

const sortedUnique = (values: readonly number[]) =>
  values.every((v, i) => i === 0 || (values[i - 1] as number) < v);

function assignmentsOf(groups: readonly number[][]): GameState['assignments'] {
  const assignments: GameState['assignments'] = {};
  groups.forEach((circles, position) => {
    if (circles.length > 0) assignments[position] = [...circles];
  });
  return assignments;
}

function assignmentsOfGrouping(grouping: readonly number[][]): GameState['assignments'] {
  const assignments: GameState['assignments'] = {};
  grouping.forEach((positions, circle) => {
    for (const position of positions) {
      assignments[position] = [...(assignments[position] ?? []), circle].sort((a, b) => a - b);
    }
  });
  return assignments;
}

/**
 * The game a record describes, played again move by move; null when the record does not fit the
 * puzzle (other words, a broken layout, a move the rules refuse). A null means: start afresh.
 */
export function restoreGame(puzzle: Puzzle, saved: SavedGame): GameState | null {
  if (saved.puzzleId !== puzzle.id) return null;
  const tileCount = puzzle.words.length;
  // The same words, each once: exact strings, so a changed puzzle file is a different game.
  if (saved.words.length !== tileCount) return null;
  const wanted = [...puzzle.words].sort();
  if ([...saved.words].sort().some((word, i) => word !== wanted[i])) return null;
  if (!isPermutation(saved.colorOrder, CATEGORY_COUNT)) return null;
  if (saved.groups.length !== tileCount) return null;
  const inRange = (circle: number) => Number.isInteger(circle) && circle >= 0 && circle < 4;
  if (!saved.groups.every((circles) => circles.every(inRange) && sortedUnique(circles))) {
    return null;
  }
  if (saved.activeCategory !== null && !inRange(saved.activeCategory)) return null;

  let state = gameOnLayout(puzzle, saved.difficulty, {
    words: saved.words,
    colorOrder: saved.colorOrder,
  });
  // Easy mode: the special word must be where the game puts it.
  if (state.tiles.some((tile) => tile.locked && !sameWord(tile.word, puzzle.specialWord)))
    return null;
  const lockedStart = state.assignments;

  for (const grouping of saved.submissions) {
    if (isGameOver(state)) return null;
    if (grouping.length !== CATEGORY_COUNT) return null;
    if (!grouping.every((g) => g.every((p) => Number.isInteger(p) && p >= 0 && p < tileCount))) {
      return null;
    }
    const tries = state.attempts.length;
    state = gameReducer(
      { ...state, assignments: assignmentsOfGrouping(grouping) },
      {
        type: 'submit',
      },
    );
    if (state.attempts.length !== tries + 1) return null;
  }
  if (isGameOver(state)) return { ...state, notice: null };

  const assignments = assignmentsOf(saved.groups);
  // A given word stays given in every group.
  for (const [position, circles] of Object.entries(lockedStart)) {
    if (assignments[Number(position)]?.length !== circles?.length) return null;
  }
  return { ...state, assignments, activeCategory: saved.activeCategory, notice: null };
}

export interface OpenGameOptions {
  difficulty: Difficulty;
  random: Random;
  pageMode: PageMode;
  /** The player's record of this puzzle's game, if one is kept. */
  saved: SavedGame | null;
  /** This is today's daily puzzle and it is finished: how it ended. */
  finishedDaily: 'won' | 'lost' | null;
}

/**
 * The board a player finds when they open a puzzle: the solution (solution mode), a fresh game
 * (retry), or the game they left (play). A kept game is restored when it still fits its puzzle;
 * one with no submission yet only in the difficulty the player now plays. A finished daily opens
 * finished: as it was left, or else with the solution laid out.
 */
export function openGame(puzzle: Puzzle, options: OpenGameOptions): GameState {
  const { difficulty, random, pageMode, saved, finishedDaily } = options;
  if (pageMode !== 'play') return createGame(puzzle, { difficulty, random, pageMode });
  const restored =
    saved && (saved.submissions.length > 0 || saved.difficulty === difficulty)
      ? restoreGame(puzzle, saved)
      : null;
  if (finishedDaily) {
    return restored?.status === finishedDaily
      ? restored
      : createGame(puzzle, { difficulty, random, finished: finishedDaily });
  }
  return restored ?? createGame(puzzle, { difficulty, random });
}
