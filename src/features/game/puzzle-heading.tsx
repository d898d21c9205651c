import { useId, useState } from 'react';
import { BOARD_STRINGS } from './board-strings';
import { formatDisplayDate } from '../../../core/dates';
import { DIFFICULTY_SETTINGS } from '../../../core/game/difficulty';
import type { Puzzle } from '../../../core/puzzle';
import type { Difficulty } from '../../../core/difficulties';
import { InfoIcon } from '../../components/info-icon';
import { STRINGS } from '../../strings';

export const MODE_INFO =
  'Easy shows the special word and gives full feedback with counts after each submission. Normal does not show the special word and gives only coloured bars.';

/** Title, date (archive puzzles), author and the mode with its info popup. */
export function PuzzleHeading({
  puzzle,
  difficulty,
  showDate,
}: {
  puzzle: Puzzle;
  difficulty: Difficulty;
  showDate: boolean;
}) {
  const [infoOpen, setInfoOpen] = useState(false);
  const infoId = useId();
  return (
    <div className="puzzle-heading">
      <h1 className="puzzle-title">{puzzle.title}</h1>
      <div className="puzzle-line">
        <p className="puzzle-meta">
          {showDate ? <span>{formatDisplayDate(puzzle.date)}</span> : null}
          {puzzle.author ? <span>{STRINGS.by(puzzle.author)}</span> : null}
        </p>
        <div className="mode-line">
          <span className={`difficulty-chip difficulty-${difficulty}`}>
            {BOARD_STRINGS.modeLabel(DIFFICULTY_SETTINGS[difficulty].label)}
          </span>
          <button
            type="button"
            className="info-button"
            aria-label={BOARD_STRINGS.aboutModes}
            aria-expanded={infoOpen}
            aria-controls={infoId}
            onClick={() => setInfoOpen((open) => !open)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setInfoOpen(false);
            }}
          >
            <InfoIcon />
          </button>
        </div>
      </div>
      <p id={infoId} className="mode-info" hidden={!infoOpen}>
        {MODE_INFO}
      </p>
    </div>
  );
}
