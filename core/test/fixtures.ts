import { gameReducer, type GameState } from '../game/engine';
import type { Puzzle, PuzzleSummary } from '../puzzle';
import type { PuzzleDraft } from '../puzzle-draft';

/** A small original puzzle for tests: "Ring" is a bell sound, jewellery, a boxing venue, a circle. */
export const ringPuzzle: Puzzle = {
  id: 'puzzle_7',
  date: '2026-01-10',
  author: 'Test Author',
  title: 'Full Circle',
  difficulty: 'normal',
  specialWord: 'Ring',
  words: ['Chime', 'Ring', 'Necklace', 'Ropes', 'Oval', 'Toll', 'Bracelet', 'Corner', 'Loop'],
  categories: [
    { name: 'Bell sounds', words: ['Ring', 'Chime', 'Toll'] },
    { name: 'Jewelry', words: ['Ring', 'Necklace', 'Bracelet'] },
    { name: 'Boxing', words: ['Ring', 'Ropes', 'Corner'] },
    { name: 'Round shapes', words: ['Ring', 'Oval', 'Loop'] },
  ],
};

export const SOLUTION = ringPuzzle.categories.map((c) => c.words);

/**
 * The board with each list of words placed in the circle of the same index, as a player taps them:
 * the board cleared, then each circle chosen and its words tapped (a locked word is left as it is).
 * The last circle stays chosen; nothing is submitted.
 */
export function groupWords(state: GameState, grouping: readonly (readonly string[])[]): GameState {
  let next = gameReducer(state, { type: 'clearAll' });
  grouping.forEach((words, circle) => {
    next = gameReducer(next, { type: 'chooseCategory', category: circle });
    for (const word of words) {
      const position = next.tiles.findIndex((t) => t.word === word);
      if (!next.tiles[position]?.locked) next = gameReducer(next, { type: 'toggleTile', position });
    }
  });
  return next;
}

export function summary(id: string, date: string): PuzzleSummary {
  return { id, date, title: `Title ${id}`, author: null, difficulty: 'normal' };
}

/** A good puzzle of a player's: "Key" joins four groups. */
export const GOOD_DRAFT: PuzzleDraft = {
  title: 'Under Lock',
  author: 'Robin',
  specialWord: 'Key',
  category1_name: 'Piano parts',
  category1_word1: 'Pedal',
  category1_word2: 'Hammer',
  category2_name: 'Map features',
  category2_word1: 'Legend',
  category2_word2: 'Scale',
  category3_name: 'Things on a ring',
  category3_word1: 'Fob',
  category3_word2: 'Charm',
  category4_name: 'Islands off Florida',
  category4_word1: 'Largo',
  category4_word2: 'West',
};
