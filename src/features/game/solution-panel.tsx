import type { Puzzle } from '../../../core/puzzle';
import { BOARD_STRINGS } from './board-strings';
import { sameWord } from '../../../core/words';

/** Every category with its words, and the special word that joins them. */
export function SolutionPanel({ puzzle }: { puzzle: Puzzle }) {
  return (
    <section className="solution" aria-labelledby="solution-title">
      <h2 id="solution-title">{BOARD_STRINGS.solutionTitle}</h2>
      <ul>
        {puzzle.categories.map((category) => (
          <li key={category.name}>
            <strong>{category.name}:</strong>{' '}
            {category.words.filter((w) => !sameWord(w, puzzle.specialWord)).join(', ')}
            {' + '}
            <em>{puzzle.specialWord}</em>
          </li>
        ))}
      </ul>
      <p className="solution-special">{BOARD_STRINGS.specialSentence(puzzle.specialWord)}</p>
    </section>
  );
}
