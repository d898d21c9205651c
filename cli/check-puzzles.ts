/**
 * Checks the puzzle catalogue: every `*.json` file in puzzles/ (or `--dir <folder>`).
 *
 *   npm run puzzles:check
 *   npm run puzzles:check -- --dir some/folder
 *
 * Prints one line per problem, `<folder>/<file>: <field>: <message>`, then a summary line.
 * Exits 1 when there is any problem (or no puzzle at all), 2 on a usage error.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { checkCatalogueFiles, type CatalogueCheckOptions } from '../core/catalogue-rules';
import { errorMessage, problemLines, readPuzzleFolder, type PuzzleFolder } from './puzzle-folder';

const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DIR = 'puzzles';

export interface CheckReport {
  /** Lines to print, the summary last. */
  lines: string[];
  ok: boolean;
}

/** Reads and checks every `*.json` file in `dir`; `label` is how the folder is named in the output. */
export function checkPuzzleDir(
  dir: string,
  label: string = dir,
  options: CatalogueCheckOptions = {},
): CheckReport {
  let folder: PuzzleFolder;
  try {
    folder = readPuzzleFolder(dir);
  } catch (error) {
    return { lines: [`Cannot read the puzzle folder ${label}: ${errorMessage(error)}`], ok: false };
  }
  if (folder.files.length === 0) {
    return {
      lines: [`No puzzles found in ${label}/ (expected files named puzzle_N.json).`],
      ok: false,
    };
  }
  const names = folder.files.map((entry) => entry.file);
  const violations = [
    ...folder.unreadable,
    ...checkCatalogueFiles(
      folder.files.filter((entry) => entry.data !== null),
      options,
    ),
  ].sort((a, b) => names.indexOf(a.file) - names.indexOf(b.file));
  const lines = problemLines(violations, label);
  if (violations.length === 0) {
    lines.push(`Checked ${plural(names.length, 'puzzle')}: no problems.`);
  } else {
    const files = new Set(violations.map((v) => v.file)).size;
    lines.push(`${plural(violations.length, 'problem')} in ${plural(files, 'puzzle')}.`);
  }
  return { lines, ok: violations.length === 0 };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function main(argv: string[]): number {
  let dir: string | undefined;
  let catalogue = false;
  try {
    ({
      values: { dir, catalogue = false },
    } = parseArgs({
      args: argv,
      options: { dir: { type: 'string' }, catalogue: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${errorMessage(error)}\nUsage: check-puzzles [--dir <folder> [--catalogue]]`);
    return 2;
  }
  // The project's own catalogue always meets the catalogue-wide rules; another folder only
  // when asked with --catalogue.
  const whole = {
    content: dir === undefined || catalogue,
    schedule: dir === undefined || catalogue,
  };
  const report =
    dir === undefined
      ? checkPuzzleDir(join(PROJECT_ROOT, DEFAULT_DIR), DEFAULT_DIR, whole)
      : checkPuzzleDir(resolve(dir), dir.replace(/\/+$/, ''), whole);
  for (const line of report.lines) console.log(line);
  return report.ok ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
