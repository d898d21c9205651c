import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LABEL_SOLVE_RATES } from '../../core/crowd';
import { addDays } from '../../core/dates';
import type { Difficulty } from '../../core/difficulties';
import { escapeHtml } from '../../core/html';
import { type CategoryMistakes } from '../../server/db/results-store';
import { type CatalogueEntry } from './import-puzzle';
import { cataloguePuzzle, type PuzzleStats } from './puzzle-stats';

/**
 * `npm run owner -- report [--days N] <file.html>`: the owner's puzzles as charts, in one HTML
 * file that opens offline and asks for nothing (its Content-Security-Policy allows no request).
 * Its figures are puzzle-stats' (cli/owner/puzzle-stats.ts, the same arithmetic as the board's
 * crowd panel); the charts are drawn by Chart.js, whose bundle is written into the file (it is a
 * dependency of the owner's tool only: the browser app never imports it).
 *
 * "Players per day" counts the results of each day's puzzle (the one dated that day): results
 * carry no time (server/db/migrations/004-puzzle-results.sql), so a day is known by its puzzle.
 */
export interface OwnerReport {
  /** The last day covered (UTC, today) and how many days back. */
  today: string;
  days: number;
  playersPerDay: { date: string; puzzleId: string | null; players: number }[];
  /** Each puzzle of those days with results, by date. */
  puzzles: {
    id: string;
    date: string;
    title: string;
    difficulty: Difficulty;
    players: number;
    solveRate: number;
    averageTries: number | null;
    /** Why the crowd disagrees with its label (puzzle-stats' words), or null. */
    labelMismatch: string | null;
  }[];
  /** The categories missed most often in those puzzles, most first (at most MISTAKE_ROWS). */
  mistakes: { puzzleId: string; title: string; category: string; mistakes: number }[];
  waiting: { messages: number; submissions: number };
}

export const MISTAKE_ROWS = 15;

export function ownerReport(input: {
  stats: readonly PuzzleStats[];
  catalogue: readonly CatalogueEntry[];
  mistakes: readonly CategoryMistakes[];
  waiting: { messages: number; submissions: number };
  today: string;
  days: number;
}): OwnerReport {
  const { today, days } = input;
  const first = addDays(today, -(days - 1));
  const inWindow = (date: string | null): date is string =>
    date !== null && date >= first && date <= today;
  const puzzles = new Map(input.catalogue.map(cataloguePuzzle).filter((entry) => entry !== null));
  const byDate = new Map<string, string>();
  for (const [id, puzzle] of puzzles) if (inWindow(puzzle.date)) byDate.set(puzzle.date, id);
  const statsById = new Map(input.stats.map((item) => [item.id, item]));
  const playersPerDay = Array.from({ length: days }, (_, index) => {
    const date = addDays(first, index);
    const puzzleId = byDate.get(date) ?? null;
    return { date, puzzleId, players: puzzleId ? (statsById.get(puzzleId)?.players ?? 0) : 0 };
  });
  const recent = input.stats.filter((item) => inWindow(item.date));
  const recentIds = new Set(recent.map((item) => item.id));
  const mistakes = input.mistakes
    .filter((row) => recentIds.has(row.puzzleId) && row.mistakes > 0)
    .map((row) => {
      const puzzle = puzzles.get(row.puzzleId);
      return {
        puzzleId: row.puzzleId,
        title: statsById.get(row.puzzleId)?.title ?? row.puzzleId,
        category: puzzle?.categories[row.category] ?? `group ${row.category + 1}`,
        mistakes: row.mistakes,
      };
    })
    .sort((a, b) => b.mistakes - a.mistakes || a.puzzleId.localeCompare(b.puzzleId))
    .slice(0, MISTAKE_ROWS);
  return {
    today,
    days,
    playersPerDay,
    puzzles: recent.map((item) => ({
      id: item.id,
      date: item.date ?? '',
      title: item.title ?? item.id,
      difficulty: item.difficulty ?? 'normal',
      players: item.players,
      solveRate: item.solveRate.all,
      averageTries: item.averageTries,
      labelMismatch: item.labelMismatch,
    })),
    mistakes,
    waiting: input.waiting,
  };
}

/** Chart.js's own browser bundle (UMD, minified), read from its package. */
export function chartLibrary(): string {
  const entry = createRequire(import.meta.url).resolve('chart.js');
  return readFileSync(join(dirname(entry), 'chart.umd.min.js'), 'utf8');
}

/** Text for inside a <script> element: it cannot end the element or open a comment. */
const scriptText = (text: string) =>
  text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

const table = (caption: string, header: readonly string[], rows: readonly (string | number)[][]) =>
  `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${header
    .map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`)
    .join('')}</tr></thead><tbody>${rows
    .map(
      (row) =>
        `<tr>${row.map((cell, index) => (index === 0 ? `<th scope="row">${escapeHtml(String(cell))}</th>` : `<td>${escapeHtml(String(cell))}</td>`)).join('')}</tr>`,
    )
    .join('')}</tbody></table>`;

function section(id: string, title: string, label: string, body: string): string {
  return `<section aria-labelledby="${id}-title"><h2 id="${id}-title">${escapeHtml(title)}</h2>
<div class="chart"><canvas id="${id}" role="img" aria-label="${escapeHtml(label)}"></canvas></div>
${body}</section>`;
}

const rate = (range: { min: number; max: number }) => `${range.min}-${range.max}%`;

/** The whole page: the figures as tables (each chart's text alternative), then the charts' code. */
export function reportHtml(report: OwnerReport, chartJs: string): string {
  const { playersPerDay, puzzles, mistakes, waiting } = report;
  const from = playersPerDay[0]?.date ?? report.today;
  const total = playersPerDay.reduce((sum, day) => sum + day.players, 0);
  const mismatched = puzzles.filter((puzzle) => puzzle.labelMismatch !== null);
  const sections = [
    section(
      'players',
      'Players per day',
      `Bar chart of the players of each day's puzzle from ${from} to ${report.today}: ${total} in all. The table below gives each day.`,
      table(
        "Results counted for each day's puzzle",
        ['Day', 'Puzzle', 'Players'],
        playersPerDay.map((day) => [day.date, day.puzzleId ?? '–', day.players]),
      ),
    ),
    section(
      'puzzles',
      'Solve rate and mean tries against the label',
      `Bar chart of each recent puzzle's solve rate, coloured by its difficulty label, with its mean tries as a line; ${mismatched.length} ${mismatched.length === 1 ? 'label' : 'labels'} the crowd disagrees with, marked with a red outline and a warning sign. The table below gives each puzzle.`,
      table(
        'Each puzzle of these days with results',
        [
          'Puzzle',
          'Date',
          'Title',
          'Label',
          'Expected solve rate',
          'Players',
          'Solved',
          'Mean tries',
          'The crowd',
        ],
        puzzles.map((puzzle) => [
          puzzle.id,
          puzzle.date,
          puzzle.title,
          puzzle.difficulty,
          rate(LABEL_SOLVE_RATES[puzzle.difficulty]),
          puzzle.players,
          `${puzzle.solveRate}%`,
          puzzle.averageTries === null ? '–' : puzzle.averageTries.toFixed(1),
          puzzle.labelMismatch === null
            ? 'agrees (or too few results)'
            : `⚠ ${puzzle.labelMismatch}`,
        ]),
      ),
    ),
    section(
      'mistakes',
      'Mistakes per category',
      `Horizontal bar chart of the groups players got wrong most in these days' puzzles: ${
        mistakes
          .slice(0, 3)
          .map((row) => `${row.category} (${row.title}, ${row.mistakes})`)
          .join('; ') || 'none yet'
      }. The table below gives each.`,
      table(
        'Wrong tries that missed each group, most first',
        ['Group', 'Puzzle', 'Wrong tries that missed it'],
        mistakes.map((row) => [row.category, `${row.puzzleId} (${row.title})`, row.mistakes]),
      ),
    ),
    section(
      'waiting',
      'Messages and submissions waiting',
      `Bar chart: ${waiting.messages} contact messages and ${waiting.submissions} puzzle submissions not handled yet.`,
      table(
        'Not handled yet',
        ['Kind', 'Waiting'],
        [
          ['Contact messages', waiting.messages],
          ['Puzzle submissions', waiting.submissions],
        ],
      ),
    ),
  ];
  const data = JSON.stringify(report).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Linchpin: the owner's report to ${escapeHtml(report.today)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; background: #fff; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2.5rem; }
.chart { position: relative; height: 22rem; }
table { border-collapse: collapse; margin-top: 1rem; font-size: 0.9rem; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: left; }
td:nth-child(n+2) { font-variant-numeric: tabular-nums; }
</style>
</head>
<body>
<main>
<h1>Linchpin: the owner's report</h1>
<p>The last ${report.days} ${report.days === 1 ? 'day' : 'days'}, ${escapeHtml(from)} to ${escapeHtml(report.today)} (UTC). The crowd's figures are those of <code>npm run owner -- puzzle-stats</code>: results sent with the players' consent, one per browser and puzzle. A day's players are the results of that day's puzzle.</p>
${sections.join('\n')}
</main>
<script type="application/json" id="report-data">${data}</script>
<script>${scriptText(chartJs)}</script>
<script>${scriptText(DRAW)}</script>
</body>
</html>
`;
}

/** Draws the four charts from the page's data (plain browser JavaScript, run offline). */
const DRAW = `
(function () {
  var report = JSON.parse(document.getElementById('report-data').textContent);
  var LABEL_COLOURS = { easy: '#1b9e77', normal: '#3b6fb6', hard: '#d95f02' };
  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;
  Chart.defaults.font.family = 'system-ui, sans-serif';
  function draw(id, config) { new Chart(document.getElementById(id), config); }

  draw('players', {
    type: 'bar',
    data: {
      labels: report.playersPerDay.map(function (day) { return day.date; }),
      datasets: [{ label: "Players of the day's puzzle", data: report.playersPerDay.map(function (day) { return day.players; }), backgroundColor: '#3b6fb6' }],
    },
    options: { scales: { y: { beginAtZero: true, title: { display: true, text: 'players' } } } },
  });

  var puzzles = report.puzzles;
  draw('puzzles', {
    data: {
      labels: puzzles.map(function (p) { return (p.labelMismatch ? '\\u26a0 ' : '') + p.id + ' (' + p.difficulty + ')'; }),
      datasets: [
        {
          type: 'bar', label: 'solve rate (%)', yAxisID: 'rate',
          data: puzzles.map(function (p) { return p.solveRate; }),
          backgroundColor: puzzles.map(function (p) { return LABEL_COLOURS[p.difficulty]; }),
          borderColor: puzzles.map(function (p) { return p.labelMismatch ? '#c00000' : 'transparent'; }),
          borderWidth: 3,
        },
        {
          type: 'line', label: 'mean tries', yAxisID: 'tries', borderColor: '#222', backgroundColor: '#222',
          data: puzzles.map(function (p) { return p.averageTries; }),
        },
      ],
    },
    options: {
      scales: {
        rate: { position: 'left', min: 0, max: 100, title: { display: true, text: 'solve rate (%) — colour: label (green easy, blue normal, orange hard)' } },
        tries: { position: 'right', min: 0, max: 8, grid: { drawOnChartArea: false }, title: { display: true, text: 'mean tries' } },
      },
    },
  });

  draw('mistakes', {
    type: 'bar',
    data: {
      labels: report.mistakes.map(function (row) { return row.category + ' — ' + row.title; }),
      datasets: [{ label: 'wrong tries that missed the group', data: report.mistakes.map(function (row) { return row.mistakes; }), backgroundColor: '#d95f02' }],
    },
    options: { indexAxis: 'y', scales: { x: { beginAtZero: true } } },
  });

  draw('waiting', {
    type: 'bar',
    data: {
      labels: ['Contact messages', 'Puzzle submissions'],
      datasets: [{ label: 'not handled yet', data: [report.waiting.messages, report.waiting.submissions], backgroundColor: ['#3b6fb6', '#1b9e77'] }],
    },
    options: { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
  });
})();
`;
