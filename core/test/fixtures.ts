import type { Puzzle, PuzzleSummary } from '../puzzle';

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
