/** Types for count-tests.mjs (plain JavaScript so CI can run it before anything is installed). */

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** Failures outside any test, one line each. */
  notes: string[];
}

export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

export interface ReportSource {
  name: 'vitest' | 'playwright';
  report?: unknown;
  /** Why the report could not be read. */
  error?: string;
}

export interface Summary extends Totals {
  /** What to print, the `tests:` line last. */
  lines: string[];
  ok: boolean;
}

/** Throws when `report` is not a Vitest JSON report. */
export function countVitest(report: unknown): Tally;
/** Throws when `report` is not a Playwright JSON report. */
export function countPlaywright(report: unknown): Tally;
export function formatTotals(totals: Totals): string;
export function summarise(sources: ReportSource[]): Summary;
