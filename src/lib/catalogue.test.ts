import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toSummary, type Puzzle } from '../../core/puzzle';
import { ringPuzzle } from '../../core/test/fixtures';

const puzzle = (id: string, date: string): Puzzle => ({
  ...ringPuzzle,
  id,
  date,
  title: `Title ${id}`,
});

const MARCH = [puzzle('puzzle_1', '2027-03-01'), puzzle('puzzle_2', '2027-03-02')];
const APRIL = [puzzle('puzzle_3', '2027-04-01')];
const FILES: Record<string, unknown> = {
  index: [...MARCH, ...APRIL].map(toSummary),
  '2027-03': MARCH,
  '2027-04': APRIL,
};

describe('the catalogue in the browser', () => {
  let requested: string[];
  let failNext: boolean;

  beforeEach(() => {
    vi.resetModules();
    requested = [];
    failNext = false;
    vi.stubGlobal('fetch', (url: string) => {
      const name = /\/puzzles\/([^.]+)\.json\?v=/.exec(url)?.[1] ?? '';
      requested.push(name);
      if (failNext) {
        failNext = false;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      const body = FILES[name];
      return Promise.resolve(
        body === undefined
          ? new Response('Not found', { status: 404 })
          : new Response(JSON.stringify(body), { status: 200 }),
      );
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads a puzzle from its month’s file, one request a month', async () => {
    const { loadPuzzle } = await import('./catalogue');
    expect((await loadPuzzle('puzzle_2'))?.title).toBe('Title puzzle_2');
    expect((await loadPuzzle('puzzle_1'))?.date).toBe('2027-03-01');
    expect((await loadPuzzle('puzzle_3'))?.date).toBe('2027-04-01');
    expect(requested).toEqual(['index', '2027-03', '2027-04']);
  });

  it('answers null for an id the catalogue does not have, without fetching a month', async () => {
    const { loadPuzzle } = await import('./catalogue');
    expect(await loadPuzzle('puzzle_99')).toBeNull();
    expect(await loadPuzzle('<script>')).toBeNull();
    expect(requested).toEqual(['index']);
  });

  it('tries a month again after the network failed', async () => {
    const { loadPuzzle, loadSummaries } = await import('./catalogue');
    await loadSummaries();
    failNext = true;
    await expect(loadPuzzle('puzzle_1')).rejects.toThrow();
    expect((await loadPuzzle('puzzle_1'))?.id).toBe('puzzle_1');
    expect(requested).toEqual(['index', '2027-03', '2027-03']);
  });
});
