import { use } from 'react';
import { Link } from 'wouter';
import { playablePuzzles } from '../../../core/daily';
import { formatDisplayDate } from '../../../core/dates';
import type { PageMode } from '../../../core/game/engine';
import { DIFFICULTY_SETTINGS } from '../../../core/game/difficulty';
import type { PuzzleSummary } from '../../../core/puzzle';
import { completionOf } from '../../../core/records';
import { TextPage } from '../../components/text-page';
import { loadSummaries } from '../../lib/catalogue';
import { todayUtc } from '../../lib/clock';
import { loadPlayer } from '../../lib/player-state';
import { STRINGS } from '../../strings';

const gameHref = (id: string, mode: PageMode) => `/game?puzzleId=${id}&mode=${mode}`;

/** /archive: every puzzle dated today or earlier, newest first (SPEC §2). */
export function ArchivePage() {
  const { data } = use(loadPlayer());
  // ISO dates sort as plain strings (localeCompare would first load the browser's collation data).
  const puzzles = [...playablePuzzles(use(loadSummaries()), todayUtc())].sort((a, b) =>
    a.date < b.date ? 1 : a.date > b.date ? -1 : 0,
  );
  return (
    <TextPage title={STRINGS.archiveTitle}>
      {puzzles.length === 0 ? (
        <p>{STRINGS.archiveEmpty}</p>
      ) : (
        <ul className="archive-list">
          {puzzles.map((puzzle) => (
            <ArchiveItem
              key={puzzle.id}
              puzzle={puzzle}
              solved={completionOf(data, puzzle) !== null}
            />
          ))}
        </ul>
      )}
    </TextPage>
  );
}

function ArchiveItem({ puzzle, solved }: { puzzle: PuzzleSummary; solved: boolean }) {
  const date = formatDisplayDate(puzzle.date);
  return (
    <li className="archive-item">
      <div>
        <h2>
          {puzzle.title}
          {solved ? <span className="solved-badge">{STRINGS.archiveSolved}</span> : null}
        </h2>
        <p className="archive-meta">
          {puzzle.author ? `${puzzle.author} · ` : ''}
          <time dateTime={puzzle.date}>{date}</time> ·{' '}
          {DIFFICULTY_SETTINGS[puzzle.difficulty].label}
        </p>
      </div>
      <div className="archive-actions">
        {solved ? (
          <>
            <Link
              className="button"
              href={gameHref(puzzle.id, 'retry')}
              aria-label={`${STRINGS.archiveRetry} ${puzzle.title}`}
            >
              {STRINGS.archiveRetry}
            </Link>
            <Link
              className="button"
              href={gameHref(puzzle.id, 'solution')}
              aria-label={`${STRINGS.archiveViewSolution}: ${puzzle.title}`}
            >
              {STRINGS.archiveViewSolution}
            </Link>
          </>
        ) : (
          <Link
            className="button primary"
            href={gameHref(puzzle.id, 'play')}
            aria-label={`${STRINGS.archivePlay} ${puzzle.title}`}
          >
            {STRINGS.archivePlay}
          </Link>
        )}
      </div>
    </li>
  );
}
