import { isPuzzleShaped, type Puzzle, type PuzzleSummary } from '../../core/puzzle';

/**
 * The data a page was rendered with, written into the page by the server (or the build) so the
 * browser's first render needs no request and matches the HTML it hydrates.
 */
export interface PageData {
  /** The address the page was rendered for (core/routes.ts `addressKey`). */
  address: string;
  /** The UTC day it was rendered on. */
  today: string;
  /** The puzzles' summaries up to the next day (the list the pages choose from). */
  summaries: PuzzleSummary[];
  /** Full puzzles the page shows (the board's). */
  puzzles: Puzzle[];
}

export const PAGE_DATA_ID = 'page-data';

/** The page data as a script element's text: JSON that cannot close the script early. */
export function pageDataJson(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The page data of this document, or null (no server render, or something unreadable). */
export function readPageData(doc: Document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<PageData>;
    if (
      typeof data.address !== 'string' ||
      typeof data.today !== 'string' ||
      !Array.isArray(data.summaries) ||
      !Array.isArray(data.puzzles) ||
      !data.puzzles.every(isPuzzleShaped)
    ) {
      return null;
    }
    return data as PageData;
  } catch {
    return null;
  }
}
