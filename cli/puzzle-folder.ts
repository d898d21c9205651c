/**
 * Reads a folder of puzzle files: the one reader behind `npm run puzzles:check`, the owner's
 * import and the build's catalogue step (scripts/vite-puzzle-catalogue.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_FIELD, type Violation } from '../core/puzzle-check';

export interface PuzzleFile {
  /** The file name, e.g. puzzle_12.json (what the check compares ids with). */
  file: string;
  /** The parsed JSON, or null when the file is not JSON (then `unreadable` says why). */
  data: unknown;
}

export interface PuzzleFolder {
  /** Every `*.json` file, in puzzle-number order of their names. */
  files: PuzzleFile[];
  /** A problem for each file that could not be read or is not JSON. */
  unreadable: Violation[];
}

const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** Reads every `*.json` file of `dir`; throws only when the folder itself cannot be read. */
export function readPuzzleFolder(dir: string): PuzzleFolder {
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name)
    .sort(byNumber);
  const files: PuzzleFile[] = [];
  const unreadable: Violation[] = [];
  for (const file of names) {
    const result = readJson(join(dir, file));
    files.push({ file, data: result.ok ? result.data : null });
    if (!result.ok) unreadable.push({ file, field: ROOT_FIELD, message: result.message });
  }
  return { files, unreadable };
}

/** Each problem as the check prints it: `<folder>/<file>: <field>: <message>`. */
export function problemLines(violations: readonly Violation[], label: string): string[] {
  return violations.map((v) => `${label}/${v.file}: ${v.field}: ${v.message}`);
}

type JsonResult = { ok: true; data: unknown } | { ok: false; message: string };

function readJson(path: string): JsonResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
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

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
