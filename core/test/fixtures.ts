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
