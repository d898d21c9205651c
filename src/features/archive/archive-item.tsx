import { memo } from 'react';
import { formatDisplayDate } from '../../../core/dates';
import type { PageMode } from '../../../core/game/engine';
import { DIFFICULTY_SETTINGS } from '../../../core/game/difficulty';
import type { PuzzleSummary } from '../../../core/puzzle';
import type { PuzzleCompletion } from '../../../core/records';
import { gameHref } from '../../../core/routes';
import { STRINGS } from '../../strings';

export type Result = 'solved' | 'lost' | null;

export const resultOf = (record: PuzzleCompletion | null): Result =>
  record === null ? null : record.won ? 'solved' : 'lost';

/**
 * One entry. Memoised: when the player's data arrives right after hydration, only the entries
 * whose result it changes render again, not the whole list.
 */
export const ArchiveItem = memo(function ArchiveItem({
  puzzle,
  result,
  retry,
}: {
  puzzle: PuzzleSummary;
  result: Result;
  retry: boolean;
}) {
  const date = formatDisplayDate(puzzle.date);
  const href = (mode: PageMode) => gameHref({ puzzleId: puzzle.id, mode });
  return (
    <li className="archive-item">
      <div>
        <h3>
          {puzzle.title}
          {result === 'solved' ? (
            <span className="result-badge solved-badge">{STRINGS.archiveSolved}</span>
          ) : result === 'lost' ? (
            <span className="result-badge lost-badge">{STRINGS.archiveLost}</span>
          ) : null}
        </h3>
        <p className="archive-meta">
          {puzzle.author ? `${puzzle.author} · ` : ''}
          <time dateTime={puzzle.date}>{date}</time> ·{' '}
          {DIFFICULTY_SETTINGS[puzzle.difficulty].label}
        </p>
      </div>
      <div className="archive-actions">
        {result ? (
          <>
            {retry ? (
              <a
                className="button"
                href={href('retry')}
                aria-label={`${STRINGS.archiveRetry} ${puzzle.title}`}
              >
                {STRINGS.archiveRetry}
              </a>
            ) : null}
            <a
              className="button"
              href={href('solution')}
              aria-label={`${STRINGS.archiveViewSolution}: ${puzzle.title}`}
            >
              {STRINGS.archiveViewSolution}
            </a>
          </>
        ) : (
          <a
            className="button primary"
            href={href('play')}
            aria-label={`${STRINGS.archivePlay} ${puzzle.title}`}
          >
            {STRINGS.archivePlay}
          </a>
        )}
      </div>
    </li>
  );
});
