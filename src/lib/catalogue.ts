import { catalogueVersion } from 'virtual:puzzle-index';
import { playablePuzzles } from '../../core/daily';
import {
  catalogueFileOf,
  isPuzzleShaped,
  type Puzzle,
  type PuzzleSummary,
} from '../../core/puzzle';
import { settled, settling, type Settled } from './settled';

/**
 * The catalogue is data, not code: `/puzzles/index.json` (every puzzle's summary, no solutions)
 * and `/puzzles/<yyyy-mm>.json` (a month's full puzzles), written by scripts/vite-puzzle-catalogue.ts from
 * the puzzles that pass the check. `?v=` names the catalogue's version, so a browser never mixes
 * an old index with new puzzles.
 */
const url = (name: string) =>
  `/puzzles/${name}.json?v=${catalogueVersion}${newDay ? `&day=${newDay}` : ''}`;

let summaries: Settled<readonly PuzzleSummary[]> | null = null;
const puzzles = new Map<string, Promise<Puzzle | null>>();
const months = new Map<string, Promise<unknown>>();
/**
 * The UTC day the held list is the server's list of (the page's day, or the day it was fetched on);
 * null while it is not known (on the server, which renders each day from its own list).
 */
let listedDay: string | null = null;
/**
 * A UTC day that began while the page was open. The server lists its puzzle only from then on, so
 * the list and month files are asked again, with the day in the address: a shared cache may still
 * hold the day before's copy for a moment (its s-maxage is counted in whole seconds).
 */
let newDay: string | null = null;

async function fetchJson(name: string): Promise<unknown> {
  const response = await fetch(url(name));
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The puzzles could not be loaded (${response.status}).`);
  return response.json();
}

const isSummaryList = (data: unknown): data is PuzzleSummary[] =>
  Array.isArray(data) &&
  data.every(
    (item: Partial<PuzzleSummary> | null) =>
      typeof item?.id === 'string' &&
      typeof item.date === 'string' &&
      typeof item.title === 'string',
  );

/**
 * Every puzzle's summary, in puzzle-number order; fetched once, then read at once. A page that
 * shows the day's puzzle passes its `today`: once a new UTC day has begun since the list was made,
 * the list is fetched again (and the month files with it), so the new day's puzzle appears.
 */
export function loadSummaries(today?: string): Promise<readonly PuzzleSummary[]> {
  if (summaries && today !== undefined && listedDay !== null && today > listedDay) {
    summaries = null;
    months.clear();
    newDay = today;
  }
  if (!summaries) {
    if (today !== undefined) listedDay = today;
    const loading = fetchJson('index').then((data) => {
      if (!isSummaryList(data)) throw new Error('The puzzle list could not be read.');
      return data;
    });
    // A failed load is tried again next time (the network may be back).
    loading.catch(() => (summaries = null));
    summaries = settling(loading);
  }
  return summaries;
}

/**
 * The catalogue data a page was rendered with (docs/architecture.md, "Paint before the
 * JavaScript"): the list and the page's puzzle are then read at once, with no request, so the
 * browser's first render matches the server's page.
 */
export function seedCatalogue(
  list: readonly PuzzleSummary[],
  known: readonly Puzzle[],
  options: { replace?: boolean; day?: string } = {},
): void {
  if (options.replace || !summaries) {
    summaries = settled(list);
    listedDay = options.day ?? null;
  }
  for (const puzzle of known) if (!puzzles.has(puzzle.id)) puzzles.set(puzzle.id, settled(puzzle));
}

/** A puzzle that may be played today, or null (unknown id, or dated in the future). */
export function findPlayable(
  list: readonly PuzzleSummary[],
  id: string,
  today: string,
): PuzzleSummary | null {
  return playablePuzzles(list, today).find((summary) => summary.id === id) ?? null;
}

/** A month's catalogue file, fetched once (and again after a failure). */
function loadMonth(name: string): Promise<unknown> {
  let pending = months.get(name);
  if (!pending) {
    pending = fetchJson(name);
    pending.catch(() => months.delete(name));
    months.set(name, pending);
  }
  return pending;
}

/** Loads a full puzzle (with its solution); null when there is no such puzzle. */
export function loadPuzzle(id: string): Promise<Puzzle | null> {
  let pending = puzzles.get(id);
  if (!pending) {
    pending = loadSummaries().then(async (list) => {
      const summary = list.find((item) => item.id === id);
      if (!summary) return null;
      const month = await loadMonth(catalogueFileOf(summary.date));
      const found: unknown = Array.isArray(month)
        ? month.find((item: { id?: unknown } | null) => item?.id === id)
        : undefined;
      return isPuzzleShaped(found) ? found : null;
    });
    pending.catch(() => puzzles.delete(id));
    puzzles.set(id, pending);
  }
  return pending;
}
