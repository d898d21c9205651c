import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Puzzle } from '../core/puzzle';
import { checkPuzzleDir } from './check-puzzles';

const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** "Bark" is a dog's voice, a tree's skin, a ship, and a sharp order. */
function barkPuzzle(id: string, date: string): Puzzle {
  return {
    id,
    date,
    author: null,
    title: 'Worse Than Its Bite',
    difficulty: 'easy',
    specialWord: 'Bark',
    words: ['Bark', 'Howl', 'Yap', 'Resin', 'Sap', 'Ketch', 'Sloop', 'Snap', 'Growl'],
    categories: [
      { name: 'Dog noises', words: ['Bark', 'Howl', 'Yap'] },
      { name: 'From a tree', words: ['Bark', 'Resin', 'Sap'] },
      { name: 'Sailing boats', words: ['Bark', 'Ketch', 'Sloop'] },
      { name: 'Speak sharply', words: ['Bark', 'Snap', 'Growl'] },
    ],
  };
}

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'linchpin-check-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writePuzzle(file: string, content: unknown): Promise<void> {
  const text = typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`;
  await writeFile(join(dir, file), text);
}

describe('checkPuzzleDir', () => {
  it('passes a folder of valid puzzles and counts them', async () => {
    await writePuzzle('puzzle_1.json', barkPuzzle('puzzle_1', '2025-04-07'));
    await writePuzzle('puzzle_2.json', barkPuzzle('puzzle_2', '2025-04-08'));
    await writeFile(join(dir, 'notes.txt'), 'not a puzzle');

    expect(checkPuzzleDir(dir, 'puzzles')).toEqual({
      lines: ['Checked 2 puzzles: no problems.'],
      ok: true,
    });
  });

  it('prints each problem as folder/file: field: message, in file order, then a summary', async () => {
    await writePuzzle('puzzle_10.json', { ...barkPuzzle('puzzle_10', '2025-04-10'), title: '' });
    await writePuzzle('puzzle_2.json', {
      ...barkPuzzle('puzzle_2', '2025-04-09'),
      specialWord: 'Trunk',
    });
    await writePuzzle('puzzle_3.json', barkPuzzle('puzzle_3', '2025-04-11'));

    const report = checkPuzzleDir(dir, 'puzzles');

    expect(report.ok).toBe(false);
    expect(report.lines).toEqual([
      'puzzles/puzzle_2.json: specialWord: "Trunk" is not among the puzzle\'s words',
      'puzzles/puzzle_2.json: categories[0].words: must include the special word "Trunk" (it belongs to all 4 categories)',
      'puzzles/puzzle_2.json: categories[1].words: must include the special word "Trunk" (it belongs to all 4 categories)',
      'puzzles/puzzle_2.json: categories[2].words: must include the special word "Trunk" (it belongs to all 4 categories)',
      'puzzles/puzzle_2.json: categories[3].words: must include the special word "Trunk" (it belongs to all 4 categories)',
      'puzzles/puzzle_2.json: words[0]: "Bark" is in 4 categories (categories[0], categories[1], categories[2], categories[3]); every word but the special word belongs to exactly one',
      'puzzles/puzzle_10.json: title: must not be empty',
      '7 problems in 2 puzzles.',
    ]);
  });

  it('reports a JSON syntax error as a problem of that file and checks the rest', async () => {
    await writePuzzle(
      'puzzle_1.json',
      '{\n  "id": "puzzle_1",\n  "date": "2025-04-07"\n  "title": "x"\n}\n',
    );
    await writePuzzle('puzzle_2.json', barkPuzzle('puzzle_2', '2025-04-08'));
    await writePuzzle('puzzle_3.json', barkPuzzle('puzzle_3', '2025-04-08'));

    const report = checkPuzzleDir(dir, 'puzzles');

    expect(report.ok).toBe(false);
    expect(report.lines[0]).toMatch(
      /^puzzles\/puzzle_1\.json: \(root\): is not valid JSON: .*\(line 4, column 3\)$/,
    );
    expect(report.lines.slice(1)).toEqual([
      'puzzles/puzzle_3.json: date: 2025-04-08 is already the date of puzzle_2.json',
      '2 problems in 2 puzzles.',
    ]);
  });

  it('uses the singular for one problem in one puzzle', async () => {
    await writePuzzle('puzzle_1.json', { ...barkPuzzle('puzzle_1', '2025-04-07'), title: '' });
    expect(checkPuzzleDir(dir, 'puzzles').lines.at(-1)).toBe('1 problem in 1 puzzle.');
  });

  it('fails on a folder without puzzles', () => {
    expect(checkPuzzleDir(dir, 'empty')).toEqual({
      lines: ['No puzzles found in empty/ (expected files named puzzle_N.json).'],
      ok: false,
    });
  });

  it('fails on a folder that does not exist', () => {
    const report = checkPuzzleDir(join(dir, 'missing'), 'missing');
    expect(report.ok).toBe(false);
    expect(report.lines).toEqual([
      expect.stringMatching(/^Cannot read the puzzle folder missing: /),
    ]);
  });

  it('ignores sub-folders, even ones named like JSON files', async () => {
    await writePuzzle('puzzle_1.json', barkPuzzle('puzzle_1', '2025-04-07'));
    await mkdir(join(dir, 'old.json'));
    expect(checkPuzzleDir(dir, 'puzzles').lines).toEqual(['Checked 1 puzzle: no problems.']);
  });
});

describe('check-puzzles command', { timeout: 20_000 }, () => {
  function run(...args: string[]) {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(PROJECT_ROOT, 'cli/check-puzzles.ts'), ...args],
      { cwd: PROJECT_ROOT, encoding: 'utf8' },
    );
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('exits 0 and says so when the folder is clean', async () => {
    await writePuzzle('puzzle_1.json', barkPuzzle('puzzle_1', '2025-04-07'));
    const result = run('--dir', dir);
    expect(result.stdout).toBe('Checked 1 puzzle: no problems.\n');
    expect(result.status).toBe(0);
  });

  it('exits 1 and names the folder as given when a puzzle is broken', async () => {
    await writePuzzle('puzzle_7.json', barkPuzzle('puzzle_8', '2025-04-07'));
    const result = run(`--dir=${dir}/`);
    expect(result.stdout).toBe(
      `${dir}/puzzle_7.json: id: file name must be puzzle_8.json to match the id "puzzle_8"\n` +
        '1 problem in 1 puzzle.\n',
    );
    expect(result.status).toBe(1);
  });

  it('exits 2 with usage on an unknown option', () => {
    const result = run('--folder', dir);
    expect(result.stderr).toContain('Usage: check-puzzles [--dir <folder> [--catalogue]]');
    expect(result.status).toBe(2);
  });

  it('with --catalogue also applies the catalogue-wide rules', async () => {
    await writePuzzle('puzzle_1.json', barkPuzzle('puzzle_1', '2025-04-07'));
    await writePuzzle('puzzle_3.json', barkPuzzle('puzzle_3', '2025-04-08'));
    // Each file is fine on its own: only the catalogue-wide rules see the gap and the repeat.
    expect(run('--dir', dir).status).toBe(0);
    const result = run('--dir', dir, '--catalogue');
    expect(result.stdout).toContain(
      `${dir}/(catalogue): id: ids must run from puzzle_1 to puzzle_3 without a gap; missing: puzzle_2`,
    );
    expect(result.stdout).toContain(
      `${dir}/puzzle_3.json: specialWord: "Bark" is already the special word of puzzle_1.json`,
    );
    expect(result.stdout).toContain(
      `${dir}/(catalogue): date: every date from 2026-11-01 through 2028-02-29 needs a puzzle`,
    );
    expect(result.status).toBe(1);
  });
});
