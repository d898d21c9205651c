import { addDays } from '../dates';
import type { Difficulty, Puzzle } from '../puzzle';
import type { Random } from './random';
import {
  CATEGORY_COUNT,
  createGame,
  gameOnLayout,
  gameReducer,
  isGameOver,
  sameWord,
  type GameState,
  type PageMode,
} from './engine';

/**
 * A game the player has started, as it is kept between visits: enough to lay the same board out
 * again. What follows from it (feedback, tries left, won or lost) is not kept but worked out again
 * by replaying the submissions through the engine, so a stored record can never claim a result
 * the moves do not give.
 */
export interface SavedGame {
  puzzleId: string;
  /** The UTC day of the player's last move: pruning goes by it. */
  playedOn: string;
  /** It was the daily puzzle on `playedOn`: the record ends with that UTC day. */
  daily: boolean;
  difficulty: Difficulty;
  /** The words in tile order. */
  words: string[];
  /** Palette colour of each circle. */
  colorOrder: number[];
  /** The groups of each tile, by tile position (sorted circle numbers; [] for none). */
  groups: number[][];
  /** The chosen circle, or null. */
  activeCategory: number | null;
  /** Each submission: the tile positions of each circle's group. */
  submissions: number[][][];
}

/** How many games are kept: the last 30 days of play or the last 20 games, whichever is fewer. */
export const SAVED_GAME_LIMITS = { days: 30, games: 20 } as const;

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

/**
 * The records still kept on `today`: a daily's record ends with its UTC day; the rest are kept for
 * the last 30 days of play, at most the 20 most recently played. Oldest go first.
 */
export function pruneGames(games: readonly SavedGame[], today: string): SavedGame[] {
  const oldest = addDays(today, 1 - SAVED_GAME_LIMITS.days);
  const kept = games.filter((game) =>
    game.daily ? game.playedOn === today : game.playedOn >= oldest && game.playedOn <= today,
  );
  // Most recently played last; the sort is stable, so a day's games keep their order.
  kept.sort((a, b) => (a.playedOn < b.playedOn ? -1 : a.playedOn > b.playedOn ? 1 : 0));
  return kept.slice(-SAVED_GAME_LIMITS.games);
}

/** The list with this game's record put last (it was played most recently), then pruned. */
export function keepGame(games: readonly SavedGame[], game: SavedGame, today: string): SavedGame[] {
  return pruneGames([...games.filter((g) => g.puzzleId !== game.puzzleId), game], today);
}

/** The list without any record of this puzzle. */
export function dropGame(games: readonly SavedGame[], puzzleId: string): readonly SavedGame[] {
  // The same list when there is nothing to drop, so nothing is written again.
  return games.some((g) => g.puzzleId === puzzleId)
    ? games.filter((g) => g.puzzleId !== puzzleId)
    : games;
}

/** The kept record of a puzzle on `today`, if any. */
export function savedGameOf(
  games: readonly SavedGame[],
  puzzleId: string,
  today: string,
): SavedGame | null {
  return pruneGames(games, today).find((game) => game.puzzleId === puzzleId) ?? null;
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
