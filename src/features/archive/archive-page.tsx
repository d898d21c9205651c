import { memo, Suspense, use, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { playablePuzzles } from '../../../core/daily';
import { formatDisplayDate } from '../../../core/dates';
import type { PageMode } from '../../../core/game/engine';
import { DIFFICULTY_SETTINGS } from '../../../core/game/difficulty';
import type { PuzzleSummary } from '../../../core/puzzle';
import { completionOf, type PuzzleCompletion } from '../../../core/records';
import { gameHref } from '../../../core/routes';
import { TextPage } from '../../components/text-page';
import { loadSummaries } from '../../lib/catalogue';
import { useToday } from '../../lib/page-context';
import { usePlayer } from '../../lib/player-context';
import { STRINGS } from '../../strings';

/** /archive: every puzzle dated today or earlier, newest first (docs/spec.md §2). */
export function ArchivePage() {
  const { data } = usePlayer().store;
  const today = useToday();
  const list = useFollowLinks<HTMLUListElement>();
  // ISO dates sort as plain strings (localeCompare would first load the browser's collation data).
  const puzzles = [...playablePuzzles(use(loadSummaries()), today)].sort((a, b) =>
    a.date < b.date ? 1 : a.date > b.date ? -1 : 0,
  );
  return (
    <TextPage title={STRINGS.archiveTitle}>
      {puzzles.length === 0 ? (
        <p>{STRINGS.archiveEmpty}</p>
      ) : (
        <ul ref={list} className="archive-list">
          {/* In boundaries of a few dozen entries: the browser hydrates them one by one, in
              short tasks, instead of the whole list in one long one. */}
          {chunks(puzzles, HYDRATION_CHUNK).map((chunk) => (
            <Suspense key={chunk[0]?.id} fallback={null}>
              {chunk.map((puzzle) => (
                <ArchiveItem
                  key={puzzle.id}
                  puzzle={puzzle}
                  result={resultOf(completionOf(data, puzzle))}
                  // Today's puzzle is played once a day: no Retry (it stays finished until midnight).
                  retry={puzzle.date < today}
                />
              ))}
            </Suspense>
          ))}
        </ul>
      )}
    </TextPage>
  );
}

const HYDRATION_CHUNK = 25;

/**
 * The list's links are plain <a> elements, followed in the app by one listener on the list: a
 * router link per entry costs a few hooks and a location subscription each, and with a few
 * hundred entries that was most of the page's hydration (docs/decisions.md).
 */
function useFollowLinks<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [, navigate] = useLocation();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      const href = link?.getAttribute('href');
      if (!href?.startsWith('/') || link?.target) return;
      event.preventDefault();
      navigate(href);
    };
    element.addEventListener('click', follow);
    return () => element.removeEventListener('click', follow);
  }, [navigate]);
  return ref;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type Result = 'solved' | 'lost' | null;

const resultOf = (record: PuzzleCompletion | null): Result =>
  record === null ? null : record.won ? 'solved' : 'lost';

/**
 * One entry. Memoised: when the player's data arrives right after hydration, only the entries
 * whose result it changes render again, not the whole list.
 */
const ArchiveItem = memo(function ArchiveItem({
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
        <h2>
          {puzzle.title}
          {result === 'solved' ? (
            <span className="result-badge solved-badge">{STRINGS.archiveSolved}</span>
          ) : result === 'lost' ? (
            <span className="result-badge lost-badge">{STRINGS.archiveLost}</span>
          ) : null}
        </h2>
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
