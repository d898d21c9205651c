import { describe, expect, it } from 'vitest';
import { addressKey, pageAddress } from './routes';

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
