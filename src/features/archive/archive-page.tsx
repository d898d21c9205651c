import { Suspense, use, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { playablePuzzles } from '../../../core/daily';
import type { PuzzleSummary } from '../../../core/puzzle';
import { completionOf, type PlayerData } from '../../../core/records';
import { TextPage } from '../../components/text-page';
import { loadSummaries } from '../../lib/catalogue';
import { useHydrated } from '../../lib/start-up/hydration';
import { useToday } from '../../lib/page-context';
import { usePlayer } from '../../lib/player-data/player-context';
import { ArchiveItem, resultOf } from './archive-item';
import {
  ARCHIVE_STRINGS,
  monthAnchor,
  monthOfAnchor,
  monthsOf,
  matchesSearch,
  type ArchiveMonth,
} from './archive-months';
import './archive.css';

/**
 * /archive: every puzzle dated today or earlier, newest first (docs/spec.md §2), a month at a time
 * (the month in the address's fragment, /archive#month-2025-04, so a link to a month is the same
 * page, kept for offline use), with a search by title or author and "Unsolved only".
 */
export function ArchivePage() {
  const { data } = usePlayer().store;
  const today = useToday();
  const list = useFollowLinks<HTMLDivElement>();
  const months = monthsOf(playablePuzzles(use(loadSummaries()), today));
  const [query, setQuery] = useState('');
  const [unsolvedOnly, setUnsolvedOnly] = useState(false);
  const linked = useLinkedMonth();
  const filtering = query.trim() !== '' || unsolvedOnly;
  const shown = months
    .map((month) => ({
      ...month,
      puzzles: month.puzzles.filter(
        (puzzle) => matchesSearch(puzzle, query) && (!unsolvedOnly || !isSolved(data, puzzle)),
      ),
    }))
    .filter((month) => month.puzzles.length > 0);
  const current = shown.find((month) => month.key === linked)?.key ?? shown[0]?.key ?? null;
  const found = shown.reduce((sum, month) => sum + month.puzzles.length, 0);
  const statusId = useId();
  return (
    <TextPage title={ARCHIVE_STRINGS.archiveTitle}>
      {months.length === 0 ? (
        <p>{ARCHIVE_STRINGS.archiveEmpty}</p>
      ) : (
        <>
          <div className="archive-tools" role="search">
            <label className="archive-search">
              {ARCHIVE_STRINGS.search}
              <input
                type="search"
                value={query}
                autoComplete="off"
                aria-describedby={statusId}
                onChange={(event) => setQuery(event.target.value)}
              />
            </label>
            <label className="archive-filter">
              <input
                type="checkbox"
                checked={unsolvedOnly}
                onChange={(event) => setUnsolvedOnly(event.target.checked)}
              />
              {ARCHIVE_STRINGS.unsolvedOnly}
            </label>
          </div>
          <p id={statusId} className="archive-status" role="status">
            {filtering ? ARCHIVE_STRINGS.found(found) : ''}
          </p>
          <MonthNav months={shown} current={current} />
          <div ref={list} className={`archive-months${filtering ? ' archive-filtered' : ''}`}>
            {shown.map((month) => (
              <MonthSection
                key={month.key}
                month={month}
                current={month.key === current}
                data={data}
                today={today}
              />
            ))}
          </div>
        </>
      )}
    </TextPage>
  );
}

const isSolved = (data: PlayerData, puzzle: PuzzleSummary) =>
  completionOf(data, puzzle)?.won === true;

/** The months as links to their sections, by year: each a tap away, the one shown marked. */
function MonthNav({ months, current }: { months: ArchiveMonth[]; current: string | null }) {
  const years = [...new Set(months.map((month) => month.year))];
  return (
    <nav className="archive-nav" aria-label={ARCHIVE_STRINGS.months}>
      {years.map((year) => (
        <div key={year} className="archive-year">
          <span className="archive-year-label" aria-hidden="true">
            {year}
          </span>
          <ul>
            {months
              .filter((month) => month.year === year)
              .map((month) => (
                <li key={month.key}>
                  <a
                    href={`#${monthAnchor(month.key)}`}
                    aria-current={month.key === current ? 'true' : undefined}
                  >
                    {month.short}
                    <span className="visually-hidden"> {year},</span>{' '}
                    <span className="archive-count">
                      {month.puzzles.length}
                      <span className="visually-hidden">
                        {' '}
                        {ARCHIVE_STRINGS.puzzles(month.puzzles.length)}
                      </span>
                    </span>
                  </a>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * One month: its heading and its puzzles. Only the current one shows (archive.css); before the
 * app is here, the month the address names (:target) shows instead. In a boundary of its own: the
 * browser hydrates a month at a time, in short tasks.
 */
function MonthSection({
  month,
  current,
  data,
  today,
}: {
  month: ArchiveMonth;
  current: boolean;
  data: PlayerData;
  today: string;
}) {
  const headingId = `${monthAnchor(month.key)}-title`;
  return (
    <section
      id={monthAnchor(month.key)}
      className="archive-month"
      data-current={current ? '' : undefined}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{month.label}</h2>
      <Suspense fallback={null}>
        <ul className="archive-list">
          {month.puzzles.map((puzzle) => (
            <ArchiveItem
              key={puzzle.id}
              puzzle={puzzle}
              result={resultOf(completionOf(data, puzzle))}
              // Today's puzzle is played once a day: no Retry (it stays finished until midnight).
              retry={puzzle.date < today}
            />
          ))}
        </ul>
      </Suspense>
    </section>
  );
}

/** The month the address's fragment names, read once the app is here and on every change. */
function useLinkedMonth(): string | null {
  const hydrated = useHydrated();
  const [hash, setHash] = useState<string | null>(null);
  useEffect(() => {
    if (!hydrated) return undefined;
    const read = () => setHash(window.location.hash);
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [hydrated]);
  return hash === null ? null : monthOfAnchor(hash.slice(1));
}

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
