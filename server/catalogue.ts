import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { isReleased } from '../core/daily';
import { catalogueFileOf, type Puzzle, type PuzzleSummary } from '../core/puzzle';

/**
 * The server's one reader of the catalogue: the whole catalogue the build wrote for the server
 * (dist-server/puzzles/: `index.json`, every puzzle's summary, and one `<yyyy-mm>.json` a month),
 * read once at start-up. Pages (server/page-renderer.ts), the puzzle files the browser reads
 * (server/puzzle-files.ts) and the crowd's results (server/results-routes.ts) all ask it, and each
 * keeps to what is out on its day (`isReleased`, core/daily.ts). dist/puzzles/ is the static
 * host's copy, which reaches only a few days past the build (STATIC_DAYS_AHEAD): the server never
 * reads it, so a server that runs for months after its build still knows every day's puzzle.
 */
export interface ServerCatalogue {
  /** Every puzzle's summary, in the catalogue's order (released or not: callers filter by day). */
  readonly summaries: readonly PuzzleSummary[];
  /** The whole puzzle, or null for an id the catalogue does not have. */
  puzzle(id: string): Puzzle | null;
  /** The summary of a puzzle out on `today`, or null (unknown, or its day has not come). */
  released(id: string, today: string): PuzzleSummary | null;
  /** A catalogue file by name (`index.json`, `2027-01.json`) as the build wrote it, or null. */
  file(name: string): readonly { readonly date: string }[] | null;
}

const datedList = z.array(z.looseObject({ date: z.string() }));
const summaryList = z.array(
  z.looseObject({
    id: z.string(),
    date: z.string(),
    title: z.string(),
    author: z.string().nullable(),
    difficulty: z.string(),
  }),
);
const CATALOGUE_FILE = /^(index|\d{4}-\d{2})\.json$/;

/** The catalogue folder of a built server: dist-server/puzzles beside dist/. */
export const serverCatalogueDir = (distDir: string): string => join(`${distDir}-server`, 'puzzles');

/**
 * Reads `dir` once. A missing or unreadable folder is an empty catalogue (no site built: no page
 * shows a puzzle and no result is counted); a damaged file is left out and named in `problems`.
 */
export function readServerCatalogue(dir: string): ServerCatalogue & { problems: string[] } {
  const files = new Map<string, readonly { date: string }[]>();
  const problems: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => CATALOGUE_FILE.test(name));
  } catch {
    // Not built.
  }
  for (const name of names) {
    try {
      const parsed = datedList.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      if (parsed.success) files.set(name, parsed.data);
      else problems.push(`${name}: not a list of dated puzzles`);
    } catch (error) {
      problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const index = summaryList.safeParse(files.get('index.json') ?? []);
  // The index was checked by the build (core/puzzle-schema.ts); its entries are summaries.
  const summaries = (index.success ? index.data : []) as unknown as PuzzleSummary[];
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  return {
    summaries,
    problems,
    puzzle(id) {
      const summary = byId.get(id);
      if (!summary) return null;
      const month = files.get(`${catalogueFileOf(summary.date)}.json`) ?? [];
      // Month files hold whole puzzles, checked by the build like the index.
      const found = (month as readonly Partial<Puzzle>[]).find((puzzle) => puzzle.id === id);
      return (found as Puzzle | undefined) ?? null;
    },
    released(id, today) {
      const summary = byId.get(id);
      return summary && isReleased(summary, today) ? summary : null;
    },
    file: (name) => files.get(name) ?? null,
  };
}
