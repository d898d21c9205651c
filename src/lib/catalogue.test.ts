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
  let addresses: string[];
  let failNext: boolean;

  beforeEach(() => {
    vi.resetModules();
    requested = [];
    addresses = [];
    failNext = false;
    vi.stubGlobal('fetch', (url: string) => {
      const name = /\/puzzles\/([^.]+)\.json\?v=/.exec(url)?.[1] ?? '';
      requested.push(name);
      addresses.push(url);
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

  it('asks for the list again once a new UTC day begins while the page is open, the day in the address', async () => {
    const { loadPuzzle, loadSummaries, seedCatalogue } = await import('./catalogue');
    // The page of 1 March lists the puzzles out that day: 2 March's is not sent before its day.
    const firstOfMarch = MARCH.slice(0, 1).map(toSummary);
    seedCatalogue(firstOfMarch, [], { day: '2027-03-01' });
    expect((await loadSummaries('2027-03-01')).map((summary) => summary.id)).toEqual(['puzzle_1']);
    expect(requested).toEqual([]);

    const next = await loadSummaries('2027-03-02');
    expect(next.map((summary) => summary.id)).toContain('puzzle_2');
    expect((await loadPuzzle('puzzle_2'))?.title).toBe('Title puzzle_2');
    await loadSummaries('2027-03-02');
    expect(requested).toEqual(['index', '2027-03']);
    // A shared cache may hold the day before's copy of the plain address for a moment.
    expect(addresses.every((address) => address.endsWith('&day=2027-03-02'))).toBe(true);
  });

  it('keeps the list the server rendered with, whatever day a page asks for (no day given)', async () => {
    const { loadSummaries, seedCatalogue } = await import('./catalogue');
    seedCatalogue([...MARCH, ...APRIL].map(toSummary), [], { replace: true });
    await loadSummaries('2027-04-02');
    expect(requested).toEqual([]);
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
