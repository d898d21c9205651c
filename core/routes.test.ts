import { describe, expect, it } from 'vitest';
import {
  addressKey,
  isAppRoute,
  isPagePath,
  NO_SUCH_PUZZLE,
  NOT_FOUND_ADDRESS,
  pageAddress,
  renderedAddress,
} from './routes';

describe('a page address', () => {
  it('is the path and the query parameters its route reads, nothing else', () => {
    const key = (path: string, search: string) => addressKey(pageAddress(path, search));
    expect(key('/game', '?puzzleId=puzzle_3&mode=play&fbclid=x&utm_source=y')).toBe(
      '/game?puzzleId=puzzle_3&mode=play',
    );
    expect(key('/game', '?mode=play&puzzleId=puzzle_3')).toBe(key('/game', 'puzzleId=puzzle_3'));
    expect(key('/game', '')).toBe('/game');
    expect(key('/game/', '?utm_campaign=z')).toBe('/game');
    expect(key('/archive', '?puzzleId=puzzle_3')).toBe('/archive');
    expect(key('/', '?fbclid=1')).toBe('/');
    expect(key('/game', '?puzzleId=puzzle_3&mode=solution')).toBe(
      '/game?puzzleId=puzzle_3&mode=solution',
    );
    expect(key('/ad', '?puzzleId=puzzle_3&mode=retry')).toBe('/ad?puzzleId=puzzle_3&mode=retry');
  });
});

describe('the address a page is rendered for', () => {
  const out = (id: string) => id === 'puzzle_1';
  const rendered = (path: string, search: string) =>
    addressKey(renderedAddress(pageAddress(path, search), out));

  it('is the address itself for a real page', () => {
    expect(rendered('/game', '?puzzleId=puzzle_1&mode=retry')).toBe(
      '/game?puzzleId=puzzle_1&mode=retry',
    );
    expect(rendered('/stats/', '')).toBe('/stats');
    expect(rendered('/game', '')).toBe('/game');
  });

  it('is one shared address for every unknown path, and one for every puzzle not out', () => {
    expect(rendered('/x1', '')).toBe(addressKey(NOT_FOUND_ADDRESS));
    expect(rendered('/game/extra', '?puzzleId=puzzle_1')).toBe(addressKey(NOT_FOUND_ADDRESS));
    expect(rendered('/game', '?puzzleId=puzzle_2&mode=solution')).toBe(
      `/game?puzzleId=${NO_SUCH_PUZZLE}&mode=play`,
    );
    expect(rendered('/ad', '?puzzleId=whatever')).toBe(`/ad?puzzleId=${NO_SUCH_PUZZLE}&mode=play`);
    expect(isAppRoute(NOT_FOUND_ADDRESS.path)).toBe(false);
  });
});

describe('a page rather than a file', () => {
  it('is a path whose last part has no extension, as Node reads one, outside the API', () => {
    const pages = ['/', '//', '/game', '/stats/', '/.well-known', '/a.b/c', '/..', '/x/..', '/.x/'];
    const files = [
      '/sw.js',
      '/a.b/',
      '/a.b//',
      '/...',
      '/..x',
      '/.x.y',
      '/a.',
      '/puzzles/2026-11.json',
    ];
    expect(pages.filter((path) => !isPagePath(path))).toEqual([]);
    expect(files.filter((path) => isPagePath(path))).toEqual([]);
    expect(['/api', '/api/results', '/api/'].some(isPagePath)).toBe(false);
    expect(isPagePath('/apis')).toBe(true);
  });
});
