import { useEffect, useState } from 'react';
import { CROWD_MINIMUM, percent, type CrowdFigures } from '../../../core/crowd';
import { formatDisplayDate } from '../../../core/dates';
import { formatCount } from '../../../core/numbers';
import type { Puzzle } from '../../../core/puzzle';
import { StatTiles } from '../../components/stat-tiles';
import { TriesBars } from '../../components/tries-bars';
import { loadCrowd } from '../../lib/crowd/crowd-gate';
import type { CrowdAnswer } from '../../lib/crowd/crowd-results';
import { CROWD_STRINGS } from './crowd-strings';
import './crowd-panel.css';

/**
 * "Today's crowd" on a finished board: how everyone did with this puzzle (core/crowd.ts). Shown
 * once the player's own game has ended; nothing at all on a site with no server to ask.
 */
export function CrowdPanel({ puzzle, daily }: { puzzle: Puzzle; daily: boolean }) {
  const [answer, setAnswer] = useState<CrowdAnswer | null>(null);
  useEffect(() => {
    let live = true;
    void loadCrowd(puzzle.id).then((next) => {
      if (live) setAnswer(next);
    });
    return () => {
      live = false;
    };
  }, [puzzle.id]);
  if (answer === null || answer.kind === 'none') return null;
  const title = daily
    ? CROWD_STRINGS.todayTitle
    : CROWD_STRINGS.dayTitle(formatDisplayDate(puzzle.date));
  return (
    <section className="crowd" aria-labelledby="crowd-title">
      <h2 id="crowd-title">{title}</h2>
      {answer.kind === 'unavailable' ? (
        <p className="crowd-note">{CROWD_STRINGS.unavailable}</p>
      ) : answer.summary.figures === null ? (
        <p className="crowd-note">{CROWD_STRINGS.tooFew(answer.summary.players, CROWD_MINIMUM)}</p>
      ) : (
        <Figures figures={answer.summary.figures} puzzle={puzzle} />
      )}
    </section>
  );
}

function Figures({ figures, puzzle }: { figures: CrowdFigures; puzzle: Puzzle }) {
  const rate = percent(figures.solved, figures.players);
  const last = figures.foundLast;
  const lastName = last ? (puzzle.categories[last.category]?.name ?? '') : '';
  return (
    <>
      <p className="crowd-summary">
        {CROWD_STRINGS.summary(figures.players, figures.solved, rate, figures.averageTries)}
      </p>
      <StatTiles
        className="crowd-numbers"
        small
        hidden
        tiles={[
          [CROWD_STRINGS.played, formatCount(figures.players)],
          [CROWD_STRINGS.solved, `${rate}%`],
          [
            CROWD_STRINGS.averageTries,
            figures.averageTries?.toFixed(1) ?? CROWD_STRINGS.averageNone,
          ],
        ]}
      />
      <h3 id="crowd-distribution-title">{CROWD_STRINGS.distribution}</h3>
      <TriesBars
        labelledBy="crowd-distribution-title"
        bars={figures.distribution.map((count, index) => ({
          tries: index + 1,
          count,
          label: CROWD_STRINGS.barLabel(index + 1, count),
        }))}
      />
      <p className="crowd-last">
        {last && lastName
          ? CROWD_STRINGS.foundLast(lastName, last.count, last.of)
          : CROWD_STRINGS.noFoundLast}
      </p>
    </>
  );
}
