/**
 * Checks the puzzle catalogue: every `*.json` file in puzzles/ (or `--dir <folder>`).
 *
 *   npm run puzzles:check
 *   npm run puzzles:check -- --dir some/folder
 *
 * Prints one line per problem, `<folder>/<file>: <field>: <message>`, then a summary line.
 * Exits 1 when there is any problem (or no puzzle at all), 2 on a usage error.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { checkCatalogueContent, checkSchedule } from '../core/catalogue-rules';
import { checkCatalogue, ROOT_FIELD, type Violation } from '../core/puzzle-check';

const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DIR = 'puzzles';

export interface CheckReport {
  /** Lines to print, the summary last. */
  lines: string[];
  ok: boolean;
}

export interface CheckOptions {
  /** Also the rules for the whole catalogue: ids without gaps, unique special words, word overlap. */
  content?: boolean;
  /** Also the dates the catalogue must cover (CATALOGUE_SCHEDULE). */
  schedule?: boolean;
}

/** Reads and checks every `*.json` file in `dir`; `label` is how the folder is named in the output. */
export async function checkPuzzleDir(
  dir: string,
  label: string = dir,
  options: CheckOptions = {},
): Promise<CheckReport> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
      .map((entry) => entry.name)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  } catch (error) {
    return { lines: [`Cannot read the puzzle folder ${label}: ${errorMessage(error)}`], ok: false };
  }
  if (names.length === 0) {
    return {
      lines: [`No puzzles found in ${label}/ (expected files named puzzle_N.json).`],
      ok: false,
    };
  }

  const entries: { file: string; data: unknown }[] = [];
  const unreadable: Violation[] = [];
  for (const file of names) {
    const result = await readJson(join(dir, file));
    if (result.ok) entries.push({ file, data: result.data });
    else unreadable.push({ file, field: ROOT_FIELD, message: result.message });
  }

  const violations = [
    ...unreadable,
    ...checkCatalogue(entries),
    ...(options.content ? checkCatalogueContent(entries) : []),
    ...(options.schedule ? checkSchedule(entries) : []),
  ].sort((a, b) => names.indexOf(a.file) - names.indexOf(b.file));
  const lines = violations.map((v) => `${label}/${v.file}: ${v.field}: ${v.message}`);
  if (violations.length === 0) {
    lines.push(`Checked ${plural(names.length, 'puzzle')}: no problems.`);
  } else {
    const files = new Set(violations.map((v) => v.file)).size;
    lines.push(`${plural(violations.length, 'problem')} in ${plural(files, 'puzzle')}.`);
  }
  return { lines, ok: violations.length === 0 };
}

type JsonResult = { ok: true; data: unknown } | { ok: false; message: string };

async function readJson(path: string): Promise<JsonResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return { ok: false, message: `cannot be read: ${errorMessage(error)}` };
  }
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `is not valid JSON: ${describeSyntaxError(error, text)}` };
  }
}

/** JSON.parse names a character position; a person looks for a line and column. */
function describeSyntaxError(error: unknown, text: string): string {
  const message = errorMessage(error);
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined || / line \d+/.test(message)) return message;
  const before = text.slice(0, Number(position)).split('\n');
  const column = (before[before.length - 1]?.length ?? 0) + 1;
  return `${message} (line ${before.length}, column ${column})`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

async function main(argv: string[]): Promise<number> {
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
      ? await checkPuzzleDir(join(PROJECT_ROOT, DEFAULT_DIR), DEFAULT_DIR, whole)
      : await checkPuzzleDir(resolve(dir), dir.replace(/\/+$/, ''), whole);
  for (const line of report.lines) console.log(line);
  return report.ok ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
