import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PluginContext } from 'rolldown';
import { catalogueFiles, puzzleCatalogue, staticDaysAhead } from './vite-puzzle-catalogue';

const CATALOGUE = join(import.meta.dirname, '..', 'puzzles');

describe('the build’s catalogue step', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'linchpin-catalogue-'));
    cpSync(CATALOGUE, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const edit = (file: string, change: (puzzle: Record<string, unknown>) => void) => {
    const path = join(dir, file);
    const puzzle = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    change(puzzle);
    writeFileSync(path, JSON.stringify(puzzle));
  };

  it('ships the project’s catalogue: an index and one file a month, each puzzle in its month', () => {
    const { files } = catalogueFiles(dir);
    const index = JSON.parse(files.get('index.json') ?? '[]') as { id: string; date: string }[];
    expect(index.length).toBeGreaterThan(200);
    const months = new Set(index.map((summary) => summary.date.slice(0, 7)));
    expect([...files.keys()].sort()).toEqual(
      ['index.json', ...[...months].map((month) => `${month}.json`)].sort(),
    );
    for (const summary of index) {
      const month = JSON.parse(files.get(`${summary.date.slice(0, 7)}.json`) ?? '[]') as {
        id: string;
      }[];
      expect(month.filter((puzzle) => puzzle.id === summary.id)).toHaveLength(1);
    }
  });

  it('the static site’s files reach STATIC_DAYS_AHEAD days after the build; the server’s hold all', () => {
    const emitted = (ssr: boolean) => {
      const plugin = puzzleCatalogue(dir, {
        now: () => Date.parse('2026-11-25T10:00:00Z'),
        daysAhead: 7,
      });
      const files = new Map<string, string>();
      const hook = (name: string) =>
        (plugin as unknown as Record<string, unknown>)[name] as (...args: unknown[]) => void;
      hook('configResolved')({ build: { ssr } });
      const context = {
        emitFile: ({ fileName, source }: { fileName: string; source: string }) =>
          files.set(fileName, source),
      } as unknown as PluginContext;
      hook('generateBundle').call(context, {}, {});
      return JSON.parse(files.get('puzzles/index.json') ?? '[]') as { date: string }[];
    };
    const dates = emitted(false).map((summary) => summary.date);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => date <= '2026-12-02')).toBe(true);
    expect(dates).toContain('2026-12-02');
    expect(emitted(true).some((summary) => summary.date > '2026-12-02')).toBe(true);

    expect(staticDaysAhead({})).toBe(7);
    expect(staticDaysAhead({ STATIC_DAYS_AHEAD: '14' })).toBe(14);
    expect(() => staticDaysAhead({ STATIC_DAYS_AHEAD: 'a week' })).toThrow(
      'STATIC_DAYS_AHEAD must be a whole number of days from 0 to 366, not "a week".',
    );
  }, 60_000);

  it('fails on two puzzles dated the same day, naming the file and the field', () => {
    const { date } = JSON.parse(readFileSync(join(dir, 'puzzle_1.json'), 'utf8')) as {
      date: string;
    };
    edit('puzzle_2.json', (puzzle) => {
      puzzle.date = date;
    });
    expect(() => catalogueFiles(dir)).toThrow(/puzzles\/puzzle_2\.json: date: /);
  });

  it('fails on every rule the check knows across files: a special word used twice', () => {
    const { specialWord } = JSON.parse(readFileSync(join(dir, 'puzzle_1.json'), 'utf8')) as {
      specialWord: string;
    };
    edit('puzzle_3.json', (puzzle) => {
      const words = puzzle.words as string[];
      const old = puzzle.specialWord as string;
      puzzle.words = words.map((w) => (w === old ? specialWord : w));
      puzzle.specialWord = specialWord;
      puzzle.categories = (puzzle.categories as { name: string; words: string[] }[]).map((c) => ({
        ...c,
        words: c.words.map((w) => (w === old ? specialWord : w)),
      }));
    });
    expect(() => catalogueFiles(dir)).toThrow(/puzzles\/puzzle_3\.json: specialWord: /);
  });

  it('fails on a file that is not JSON', () => {
    writeFileSync(join(dir, 'puzzle_4.json'), '{ "id": ');
    expect(() => catalogueFiles(dir)).toThrow(
      /puzzles\/puzzle_4\.json: \(root\): is not valid JSON/,
    );
  });
});
