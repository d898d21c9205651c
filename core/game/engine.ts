import type { Puzzle } from '../puzzle';
import type { Difficulty } from '../difficulties';
import { DIFFICULTY_SETTINGS } from './difficulty';
import { shuffle, type Random } from './random';
import { scoreGroups, type CategoryResult } from './score';
import type { MessageCode } from './messages';
import { sameWord } from '../words';

export const CATEGORY_COUNT = 4;
export const WORDS_PER_CATEGORY = 3;
/** Easy mode puts the special word on the centre tile, "position 5" counting from 1. */
export const CENTRE_TILE = 4;

/** How /game was opened from the archive (docs/spec.md §4). */
export type PageMode = 'play' | 'retry' | 'solution';
export type GameStatus = 'playing' | 'won' | 'lost' | 'solution';

export interface Tile {
  position: number;
  word: string;
  /** Given to the player (easy mode): always in all four groups, cannot be toggled. */
  locked: boolean;
}

export interface Attempt {
  /** Tile positions of each group, in circle order. */
  groups: number[][];
  results: CategoryResult[];
}

export interface Notice {
  /** Grows with every notice, so the same text shown twice still restarts its timer. */
  id: number;
  kind: 'error' | 'info';
  /** Which message (core/game/messages.ts); the text is MESSAGES[code]. */
  code: MessageCode;
}

export interface GameState {
  puzzle: Puzzle;
  difficulty: Difficulty;
  tiles: Tile[];
  /** Palette colour of each group (circle), shuffled at setup. */
  colorOrder: number[];
  /** Tile position -> sorted group ids. A tile in no group has no entry. */
  assignments: Partial<Record<number, number[]>>;
  activeCategory: number | null;
  attempts: Attempt[];
  status: GameStatus;
  /** For each circle, the true category shown with it once the solution is revealed. */
  solutionOrder: number[] | null;
  notice: Notice | null;
}

export type GameAction =
  | { type: 'chooseCategory'; category: number }
  | { type: 'toggleTile'; position: number }
  | { type: 'clearAll' }
  | { type: 'submit' }
  | { type: 'dismissNotice' };

function allCategories(): number[] {
  return Array.from({ length: CATEGORY_COUNT }, (_, i) => i);
}

export interface GameOptions {
  difficulty: Difficulty;
  random: Random;
  pageMode?: PageMode;
  /** A finished daily game known only from its record: opens finished, with the solution shown. */
  finished?: 'won' | 'lost';
}

/** Where the words sit and which colour each circle has: all a new game draws at random. */
export interface BoardLayout {
  /** The words in tile order. */
  words: string[];
  /** Palette colour of each circle. */
  colorOrder: number[];
}

/** Index of the special word among the puzzle's words, or -1. */
function specialIndexOf(puzzle: Puzzle): number {
  return puzzle.words.findIndex((word) => sameWord(word, puzzle.specialWord));
}

/** Easy mode gives the special word: it sits on the centre tile, locked in all four groups. */
function givesSpecialWord(puzzle: Puzzle, difficulty: Difficulty): boolean {
  return (
    DIFFICULTY_SETTINGS[difficulty].showSpecialWord &&
    specialIndexOf(puzzle) >= 0 &&
    puzzle.words.length > CENTRE_TILE
  );
}

/** A random layout: tiles shuffled, colours shuffled, the special word centred in easy mode. */
export function randomLayout(puzzle: Puzzle, difficulty: Difficulty, random: Random): BoardLayout {
  const specialIndex = specialIndexOf(puzzle);
  let words: string[];
  if (givesSpecialWord(puzzle, difficulty)) {
    const others = shuffle(
      puzzle.words.filter((_, i) => i !== specialIndex),
      random,
    );
    words = [
      ...others.slice(0, CENTRE_TILE),
      puzzle.words[specialIndex] as string,
      ...others.slice(CENTRE_TILE),
    ];
  } else {
    words = shuffle(puzzle.words, random);
  }
  return { words, colorOrder: shuffle(allCategories(), random) };
}

/** A game on a given layout, before any move. */
export function gameOnLayout(
  puzzle: Puzzle,
  difficulty: Difficulty,
  layout: BoardLayout,
): GameState {
  const lockSpecial = givesSpecialWord(puzzle, difficulty);
  const tiles = layout.words.map((word, position) => ({
    position,
    word,
    locked: lockSpecial && position === CENTRE_TILE,
  }));
  return {
    puzzle,
    difficulty,
    tiles,
    colorOrder: [...layout.colorOrder],
    assignments: lockSpecial ? { [CENTRE_TILE]: allCategories() } : {},
    activeCategory: null,
    attempts: [],
    status: 'playing',
    solutionOrder: null,
    notice: null,
  };
}

/** Sets up a new game: tiles shuffled, colours shuffled, the special word placed in easy mode. */
export function createGame(puzzle: Puzzle, options: GameOptions): GameState {
  const { difficulty, random } = options;
  const state = gameOnLayout(puzzle, difficulty, randomLayout(puzzle, difficulty, random));
  if (options.pageMode === 'solution') return revealSolution(state, 'solution', allCategories());
  if (options.finished) return revealSolution(state, options.finished, allCategories());
  return state;
}

/** The solution laid out on the board: circle i holds true category order[i]. */
function revealSolution(state: GameState, status: GameStatus, order: number[]): GameState {
  const assignments: Partial<Record<number, number[]>> = {};
  order.forEach((trueCategory, circle) => {
    const category = state.puzzle.categories[trueCategory];
    for (const word of category?.words ?? []) {
      const position = state.tiles.findIndex((tile) => sameWord(tile.word, word));
      if (position < 0) continue;
      assignments[position] = [...(assignments[position] ?? []), circle].sort((a, b) => a - b);
    }
  });
  return { ...state, status, assignments, activeCategory: null, solutionOrder: order };
}

/** Tile positions of each group, in circle order. */
export function groupsOf(state: GameState): number[][] {
  const groups: number[][] = allCategories().map(() => []);
  for (const tile of state.tiles) {
    for (const category of state.assignments[tile.position] ?? [])
      groups[category]?.push(tile.position);
  }
  return groups;
}

export function maxTries(state: GameState): number {
  return DIFFICULTY_SETTINGS[state.difficulty].maxTries;
}

export function isGameOver(state: GameState): boolean {
  return state.status !== 'playing';
}

export function hasWon(state: GameState): boolean {
  return state.status === 'won';
}

/** Lives left: the try limit less one per wrong submission. */
export function livesLeft(state: GameState): number {
  const wrong = state.attempts.filter((a) => !a.results.every((r) => r.isFullyCorrect)).length;
  return Math.max(0, maxTries(state) - wrong);
}

/** The X of "Try X of Y": the try being played, or the tries used once the game is over. */
export function currentTry(state: GameState): number {
  if (isGameOver(state)) return state.attempts.length;
  return Math.min(state.attempts.length + 1, maxTries(state));
}

/** Difficulty is locked while a game is under way (a try made, not yet over). */
export function isGameActive(state: GameState): boolean {
  return state.attempts.length > 0 && !isGameOver(state);
}

function withNotice(state: GameState, kind: Notice['kind'], code: MessageCode): GameState {
  return { ...state, notice: { id: (state.notice?.id ?? 0) + 1, kind, code } };
}

function toggleTile(state: GameState, position: number): GameState {
  const tile = state.tiles[position];
  if (!tile) return state;
  if (state.activeCategory === null) return withNotice(state, 'info', 'chooseColourFirst');
  if (tile.locked) return withNotice(state, 'info', 'specialWordLocked');
  const current = state.assignments[position] ?? [];
  const category = state.activeCategory;
  const next = current.includes(category)
    ? current.filter((c) => c !== category)
    : [...current, category].sort((a, b) => a - b);
  const assignments = { ...state.assignments };
  if (next.length === 0) delete assignments[position];
  else assignments[position] = next;
  return { ...state, assignments };
}

function groupingKey(groups: readonly number[][]): string {
  return groups
    .map((group) => [...group].sort((a, b) => a - b).join(','))
    .sort()
    .join('|');
}

function submit(state: GameState): GameState {
  const groups = groupsOf(state);
  if (groups.some((group) => group.length !== WORDS_PER_CATEGORY)) {
    return withNotice(state, 'error', 'incompleteGrouping');
  }
  const key = groupingKey(groups);
  if (state.attempts.some((attempt) => groupingKey(attempt.groups) === key)) {
    return withNotice(state, 'info', 'repeatedGrouping');
  }
  const words = groups.map((group) => group.map((position) => state.tiles[position]?.word ?? ''));
  const results = scoreGroups(words, state.puzzle.categories);
  const attempts = [...state.attempts, { groups, results }];
  const next: GameState = { ...state, attempts, notice: null };
  if (results.every((result) => result.isFullyCorrect)) {
    return {
      ...next,
      status: 'won',
      activeCategory: null,
      solutionOrder: results.map((r) => r.trueCategory),
    };
  }
  if (attempts.length >= maxTries(state)) {
    return revealSolution(next, 'lost', solutionOrderFrom(results, state.puzzle.categories.length));
  }
  return next;
}

/** Keeps the player's last matching where it names distinct categories, and fills in the rest. */
function solutionOrderFrom(results: readonly CategoryResult[], categoryCount: number): number[] {
  const order: number[] = [];
  for (const result of results) {
    order.push(
      result.trueCategory >= 0 && !order.includes(result.trueCategory) ? result.trueCategory : -1,
    );
  }
  const unused = Array.from({ length: categoryCount }, (_, i) => i).filter(
    (i) => !order.includes(i),
  );
  return order.map((value) => (value >= 0 ? value : (unused.shift() ?? -1)));
}

export function gameReducer(state: GameState, action: GameAction): GameState {
  if (action.type === 'dismissNotice') return state.notice ? { ...state, notice: null } : state;
  if (isGameOver(state)) return state;
  switch (action.type) {
    case 'chooseCategory':
      return {
        ...state,
        activeCategory: state.activeCategory === action.category ? null : action.category,
      };
    case 'toggleTile':
      return toggleTile(state, action.position);
    case 'clearAll': {
      const locked = state.tiles.filter((tile) => tile.locked);
      const assignments: Partial<Record<number, number[]>> = {};
      for (const tile of locked) assignments[tile.position] = allCategories();
      return { ...state, assignments };
    }
    case 'submit':
      return submit(state);
  }
}
