import {
  CROWD_MINIMUM,
  crowdFigures,
  labelMismatch,
  percent,
  type CrowdFigures,
} from '../../core/crowd';
import { isDifficulty } from '../../core/game/difficulty';
import type { Difficulty } from '../../core/difficulties';
import { type PuzzleTally } from '../../server/db/results-store';
import { type CatalogueEntry } from './import-puzzle';
import { formatTable, visible } from './format';

/**
 * `npm run owner -- puzzle-stats`: the crowd's figures of each puzzle played, from the same query
 * and the same arithmetic as the panel on the finished board (core/crowd.ts), with the catalogue's
 * date, label and category names; and a line for each label its solve rate disagrees with.
 */
export interface PuzzleStats {
  id: string;
  date: string | null;
  title: string | null;
  difficulty: Difficulty | null;
  players: number;
  /** Results sent but not counted: over RESULTS_PER_ADDRESS of this puzzle from one address, or RESULTS_PER_NETWORK from one IPv6 /48. */
  notCounted: number;
  /** Whole percentages; null for a mode nobody played. */
  solveRate: { all: number; easy: number | null; normal: number | null };
  averageTries: number | null;
  /** Solvers by tries, 1 to 8. */
  distribution: number[];
  foundLastMostOften: { category: string; count: number; of: number } | null;
  /** Why its label disagrees with the crowd (from CROWD_MINIMUM results), or null. */
  labelMismatch: string | null;
}

export interface CataloguePuzzle {
  date: string;
  title: string;
  difficulty: Difficulty;
  categories: string[];
}

export function cataloguePuzzle(entry: CatalogueEntry): [string, CataloguePuzzle] | null {
  const data = entry.data as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null || typeof data.id !== 'string') return null;
  const categories = Array.isArray(data.categories)
    ? data.categories.map((category: unknown) =>
        typeof category === 'object' && category !== null && 'name' in category
          ? String(category.name)
          : '',
      )
    : [];
  return [
    data.id,
    {
      date: typeof data.date === 'string' ? data.date : '',
      title: typeof data.title === 'string' ? data.title : '',
      difficulty: isDifficulty(data.difficulty) ? data.difficulty : 'normal',
      categories,
    },
  ];
}

const modeRate = (figures: CrowdFigures, mode: 'easy' | 'normal') => {
  const { players, solved } = figures.modes[mode];
  return players === 0 ? null : percent(solved, players);
};

/** Every puzzle with at least one result, by date (puzzles not in the catalogue last). */
export function puzzleStats(
  tallies: readonly PuzzleTally[],
  catalogue: readonly CatalogueEntry[],
  notCounted: Readonly<Record<string, number>> = {},
): PuzzleStats[] {
  const puzzles = new Map(catalogue.map(cataloguePuzzle).filter((entry) => entry !== null));
  const byPuzzle = new Map<string, PuzzleTally[]>();
  for (const tally of tallies)
    byPuzzle.set(tally.puzzleId, [...(byPuzzle.get(tally.puzzleId) ?? []), tally]);
  const stats = [...byPuzzle].map(([id, list]): PuzzleStats => {
    const figures = crowdFigures(list);
    const puzzle = puzzles.get(id) ?? null;
    const last = figures.foundLast;
    return {
      id,
      date: puzzle?.date ?? null,
      title: puzzle?.title ?? null,
      difficulty: puzzle?.difficulty ?? null,
      players: figures.players,
      notCounted: notCounted[id] ?? 0,
      solveRate: {
        all: percent(figures.solved, figures.players),
        easy: modeRate(figures, 'easy'),
        normal: modeRate(figures, 'normal'),
      },
      averageTries: figures.averageTries,
      distribution: figures.distribution,
      foundLastMostOften: last
        ? {
            category: puzzle?.categories[last.category] ?? `category ${last.category + 1}`,
            count: last.count,
            of: last.of,
          }
        : null,
      labelMismatch: puzzle ? labelMismatch(puzzle.difficulty, figures) : null,
    };
  });
  return stats.sort(
    (a, b) => (a.date ?? '9999').localeCompare(b.date ?? '9999') || a.id.localeCompare(b.id),
  );
}

const rate = (value: number | null) => (value === null ? '–' : `${value}%`);

/** A table, then the labels to look at. */
export function formatPuzzleStats(stats: readonly PuzzleStats[]): string {
  if (stats.length === 0)
    return 'No results yet: no puzzle has been played with consent to count it.';
  const header = [
    'DATE',
    'PUZZLE',
    'LABEL',
    'PLAYERS',
    'NOT COUNTED',
    'SOLVED',
    'EASY',
    'NORMAL',
    'AVG TRIES',
    'FOUND LAST MOST OFTEN',
  ];
  const rows = stats.map((item) => [
    item.date ?? '?',
    item.id,
    item.difficulty ?? '?',
    String(item.players),
    String(item.notCounted),
    rate(item.solveRate.all),
    rate(item.solveRate.easy),
    rate(item.solveRate.normal),
    item.averageTries === null ? '–' : item.averageTries.toFixed(1),
    item.foundLastMostOften
      ? `${visible(item.foundLastMostOften.category)} (${item.foundLastMostOften.count} of ${item.foundLastMostOften.of})`
      : '–',
  ]);
  return [...formatTable(header, rows), '', ...labelCheck(stats)].join('\n');
}

const results = (n: number) => `${n} ${n === 1 ? 'result' : 'results'}`;
/** "20 results" or "from 20 to 134 results": how many results the puzzles' conclusions rest on. */
const resultRange = (items: readonly PuzzleStats[]) => {
  const counts = items.map((item) => item.players);
  const [low, high] = [Math.min(...counts), Math.max(...counts)];
  return low === high ? results(low) : `from ${low} to ${results(high)}`;
};
const puzzles = (n: number) => `${n} ${n === 1 ? 'puzzle' : 'puzzles'}`;

/**
 * What the labels' check concluded, each conclusion with the number of results it rests on: a
 * label is checked only from CROWD_MINIMUM results (core/crowd.ts), and the puzzles with fewer are
 * named as not checked, never counted as agreeing.
 */
function labelCheck(stats: readonly PuzzleStats[]): string[] {
  const checked = stats.filter((item) => item.players >= CROWD_MINIMUM);
  const unchecked = stats.filter((item) => item.players < CROWD_MINIMUM);
  const mismatches = checked.filter((item) => item.labelMismatch !== null);
  const lines =
    checked.length === 0
      ? [`No label checked yet: a label is checked once its puzzle has ${results(CROWD_MINIMUM)}.`]
      : mismatches.length === 0
        ? [
            `Every label checked agrees with its solve rate: ${puzzles(checked.length)}, ${resultRange(checked)} each.`,
          ]
        : [
            `Labels to look at (${puzzles(checked.length)} checked; thresholds in docs/puzzle-authoring.md):`,
            ...mismatches.map(
              (item) =>
                `  ${item.id} (${item.date ?? '?'}) is ${item.labelMismatch}, from ${results(item.players)}`,
            ),
          ];
  if (unchecked.length > 0) {
    lines.push(
      `Not checked, fewer than ${results(CROWD_MINIMUM)}: ${unchecked
        .map((item) => `${item.id} (${results(item.players)})`)
        .join(', ')}.`,
    );
  }
  return lines;
}
