import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it('writes a count as en-US does', () => {
    for (const n of [
      0, 1, 7, 42, 999, 1000, 1234, 12345, 999999, 1000000, 123456789, -1234, 12.5, 1234.56,
    ]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }));
    }
  });
});
