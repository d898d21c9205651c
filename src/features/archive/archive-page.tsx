import { Link } from 'wouter';
import { playablePuzzles } from '../../../core/daily';
import { formatDisplayDate } from '../../../core/dates';
import { DIFFICULTY_SETTINGS } from '../../../core/game/difficulty';
import { TextPage } from '../../components/text-page';
import { allSummaries } from '../../lib/catalogue';
import { todayUtc } from '../../lib/clock';

export function ArchivePage() {
  const puzzles = [...playablePuzzles(allSummaries(), todayUtc())].sort((a, b) =>
    b.date.localeCompare(a.date),
  );
  return (
    <TextPage title="Puzzle Archive">
      {puzzles.length === 0 ? (
        <p>No past puzzles found.</p>
      ) : (
        <ul className="archive-list">
          {puzzles.map((puzzle) => (
            <li key={puzzle.id} className="archive-item">
              <div>
                <h2>{puzzle.title}</h2>
                <p className="archive-meta">
                  {puzzle.author ? `${puzzle.author} · ` : ''}
                  {formatDisplayDate(puzzle.date)} · {DIFFICULTY_SETTINGS[puzzle.difficulty].label}
                </p>
              </div>
              <Link
                className="button"
                href={`/game?puzzleId=${puzzle.id}&mode=play`}
                aria-label={`Play ${puzzle.title}`}
              >
                Play
              </Link>
            </li>
          ))}
        </ul>
      )}
    </TextPage>
  );
}
