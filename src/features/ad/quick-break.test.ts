import { describe, expect, it } from 'vitest';
import { continueHref } from './quick-break';

describe('continueHref', () => {
  it('keeps the puzzle and mode the Quick Break was opened with', () => {
    expect(continueHref('?puzzleId=puzzle_12&mode=play')).toBe(
      '/game?puzzleId=puzzle_12&mode=play',
    );
    expect(continueHref('puzzleId=puzzle_3')).toBe('/game?puzzleId=puzzle_3&mode=play');
    expect(continueHref('?puzzleId=puzzle_3&mode=solution')).toBe(
      '/game?puzzleId=puzzle_3&mode=solution',
    );
  });

  it('drops anything else and falls back to today’s game', () => {
    expect(continueHref('?next=https://evil.example&mode=')).toBe('/game');
    expect(continueHref('?mode=retry')).toBe('/game');
    expect(continueHref('?puzzleId=puzzle_3&mode=<script>')).toBe(
      '/game?puzzleId=puzzle_3&mode=play',
    );
    expect(continueHref('')).toBe('/game');
  });
});
