import { describe, expect, it } from 'vitest';
import { nextIndex } from './use-roving-focus';

describe('nextIndex: where the arrow keys move in the 3x3 grid', () => {
  it('steps left and right, stopping at the ends', () => {
    expect(nextIndex('ArrowRight', 0, 9, 3)).toBe(1);
    expect(nextIndex('ArrowRight', 8, 9, 3)).toBe(8);
    expect(nextIndex('ArrowLeft', 0, 9, 3)).toBe(0);
    expect(nextIndex('ArrowLeft', 5, 9, 3)).toBe(4);
  });

  it('steps a row up and down, staying put at the top and bottom rows', () => {
    expect(nextIndex('ArrowDown', 1, 9, 3)).toBe(4);
    expect(nextIndex('ArrowDown', 7, 9, 3)).toBe(7);
    expect(nextIndex('ArrowUp', 4, 9, 3)).toBe(1);
    expect(nextIndex('ArrowUp', 2, 9, 3)).toBe(2);
  });

  it('goes to the first and last with Home and End, and ignores other keys', () => {
    expect(nextIndex('Home', 6, 9, 3)).toBe(0);
    expect(nextIndex('End', 2, 9, 3)).toBe(8);
    expect(nextIndex('Enter', 2, 9, 3)).toBeNull();
    expect(nextIndex(' ', 2, 9, 3)).toBeNull();
  });

  it('in a single row (the four circles) up and down do not move', () => {
    expect(nextIndex('ArrowDown', 1, 4, 4)).toBe(1);
    expect(nextIndex('ArrowRight', 1, 4, 4)).toBe(2);
  });
});
