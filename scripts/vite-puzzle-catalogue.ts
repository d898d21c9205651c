import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { checkCatalogueFiles } from '../core/catalogue-rules';
import { problemLines, readPuzzleFolder } from '../cli/puzzle-folder';
import { catalogueFileOf, puzzleNumber, toSummary, type PuzzleSummary } from '../core/puzzle';
import { addDays, utcDate } from '../core/dates';
import { puzzleSchema } from '../core/puzzle-schema';

const INDEX_ID = 'virtual:puzzle-index';
const RESOLVED_INDEX_ID = `\0${INDEX_ID}`;

interface CatalogueEntry {
  summary: PuzzleSummary;
  path: string;
}

/**
 * The catalogue's puzzles, in puzzle-number order, after the one catalogue check that
 * `npm run puzzles:check` runs. Any problem stops the build (and the dev server) with the check's
 * own lines, naming file and field: a catalogue the check rejects never ships.
 */
export function readCatalogue(dir: string): CatalogueEntry[] {
  const folder = readPuzzleFolder(dir);
  const problems = [
    ...folder.unreadable,
    ...checkCatalogueFiles(folder.files.filter((entry) => entry.data !== null)),
  ];
  if (problems.length > 0) {
    throw new Error(
      [
        `The puzzle catalogue has ${problems.length} problem(s); run \`npm run puzzles:check\`:`,
        ...problemLines(problems, 'puzzles'),
      ].join('\n'),
    );
  }
  return folder.files
    .map(({ file, data }) => ({
      summary: toSummary(puzzleSchema.parse(data)),
      path: join(dir, file),
    }))
    .sort((a, b) => (puzzleNumber(a.summary.id) ?? 0) - (puzzleNumber(b.summary.id) ?? 0));
}

/**
 * The files the browser reads: `index.json` and one `<yyyy-mm>.json` per month (that month's full
 * puzzles, in puzzle-number order; core/puzzle.ts `catalogueFileOf`), with a version.
 */
export function catalogueFiles(
  dir: string,
  /** The last date to include (YYYY-MM-DD); every puzzle when absent. */
  until?: string,
): { version: string; files: Map<string, string> } {
  const all = readCatalogue(dir);
  const entries = until === undefined ? all : all.filter((entry) => entry.summary.date <= until);
  const files = new Map<string, string>();
  files.set('index.json', JSON.stringify(entries.map((entry) => entry.summary)));
  const months = new Map<string, unknown[]>();
  for (const { summary, path } of entries) {
    const name = `${catalogueFileOf(summary.date)}.json`;
    const month = months.get(name) ?? [];
    month.push(JSON.parse(readFileSync(path, 'utf8')));
    months.set(name, month);
  }
  for (const [name, puzzles] of months) files.set(name, JSON.stringify(puzzles));
  const hash = createHash('sha256');
  if (until !== undefined) hash.update(until);
  for (const [name, text] of files) hash.update(name).update('\0').update(text);
  return { version: hash.digest('hex').slice(0, 10), files };
}

export const DEFAULT_STATIC_DAYS_AHEAD = 7;

/**
 * STATIC_DAYS_AHEAD: how many days after the build the static site's puzzle files reach (default
 * 7), so a static host rebuilt weekly always has today's puzzle and never more than a week of
 * future ones. The server sends only what has been released (server/puzzle-files.ts).
 */
export function staticDaysAhead(env: Record<string, string | undefined> = process.env): number {
  const text = env.STATIC_DAYS_AHEAD?.trim() ?? '';
  if (text === '') return DEFAULT_STATIC_DAYS_AHEAD;
  if (!/^\d+$/.test(text) || Number(text) > 366) {
    throw new Error(
      `STATIC_DAYS_AHEAD must be a whole number of days from 0 to 366, not "${text}".`,
    );
  }
  return Number(text);
}

/**
 * The catalogue as data: the build writes `puzzles/index.json` (every puzzle's summary: id, date,
 * title, author, difficulty; no solutions) and `puzzles/<yyyy-mm>.json` per month, and the dev server
 * serves the same. `virtual:puzzle-index` exports only the catalogue's version, so the first
 * load's JavaScript does not grow with the catalogue.
 */
export function puzzleCatalogue(
  dir = resolve('puzzles'),
  options: { now?: () => number; daysAhead?: number } = {},
): Plugin {
  // Read once per build (the version module, index.html and the emitted files all need it), and
  // again after a puzzle file changes under the dev server.
  let catalogue: ReturnType<typeof catalogueFiles> | null = null;
  const current = () => (catalogue ??= catalogueFiles(dir));
  // The browser's build (dist/) holds puzzles up to STATIC_DAYS_AHEAD days after the build; the
  // server's (dist-server/) the whole catalogue, which the server releases day by day.
  let ssr = false;
  return {
    name: 'linchpin-puzzle-catalogue',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      catalogue = null;
    },
    resolveId(id) {
      return id === INDEX_ID ? RESOLVED_INDEX_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_INDEX_ID) return null;
      return `export const catalogueVersion = ${JSON.stringify(current().version)};`;
    },
    generateBundle() {
      const daysAhead = options.daysAhead ?? staticDaysAhead();
      const until = addDays(utcDate((options.now ?? Date.now)()), daysAhead);
      const files = ssr ? current().files : catalogueFiles(dir, until).files;
      for (const [name, source] of files) {
        this.emitFile({ type: 'asset', fileName: `puzzles/${name}`, source });
      }
    },
    configureServer(server) {
      server.middlewares.use('/puzzles/', (request, response, next) => {
        const name = (request.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        const text = catalogueFiles(dir).files.get(name);
        if (text === undefined) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(text);
      });
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(dir)) return;
      catalogue = null;
      const module = server.moduleGraph.getModuleById(RESOLVED_INDEX_ID);
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}
