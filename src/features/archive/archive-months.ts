import type { PuzzleSummary } from '../../../core/puzzle';

/** Visible text of the archive's months, search and filter; the rest is in src/strings.ts. */
export const ARCHIVE_STRINGS = {
  search: 'Search puzzles',
  unsolvedOnly: 'Unsolved only',
  months: 'Months',
  puzzles: (n: number) => (n === 1 ? 'puzzle' : 'puzzles'),
  found: (n: number) =>
    n === 0 ? 'No puzzles match.' : `${n} ${n === 1 ? 'puzzle matches' : 'puzzles match'}.`,
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export interface ArchiveMonth {
  /** "2025-04" */
  key: string;
  year: string;
  /** "April 2025" */
  label: string;
  /** "Apr" */
  short: string;
  /** Newest first. */
  puzzles: PuzzleSummary[];
}

/** The puzzles by month (UTC dates, "YYYY-MM-DD"), newest month first and newest puzzle first. */
export function monthsOf(puzzles: readonly PuzzleSummary[]): ArchiveMonth[] {
  // ISO dates sort as plain strings (localeCompare would first load the browser's collation data).
  const sorted = [...puzzles].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const months: ArchiveMonth[] = [];
  for (const puzzle of sorted) {
    const key = puzzle.date.slice(0, 7);
    let month = months.at(-1);
    if (month?.key !== key) {
      const year = key.slice(0, 4);
      const name = MONTHS[Number(key.slice(5, 7)) - 1] ?? key;
      month = { key, year, label: `${name} ${year}`, short: name.slice(0, 3), puzzles: [] };
      months.push(month);
    }
    month.puzzles.push(puzzle);
  }
  return months;
}

/** A month's id in the page and in links to it: "month-2025-04". */
export const monthAnchor = (key: string) => `month-${key}`;

/** The month a fragment names ("month-2025-04" -> "2025-04"), or null. */
export function monthOfAnchor(anchor: string): string | null {
  const match = /^month-(\d{4}-\d{2})$/.exec(anchor);
  return match?.[1] ?? null;
}

/** The search: every word typed is in the title or the author's name, in any case. */
export function matchesSearch(puzzle: PuzzleSummary, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${puzzle.title} ${puzzle.author ?? ''}`.toLowerCase();
  return words.every((word) => text.includes(word));
}
