import { describe, expect, it } from 'vitest';
import { median, percentile } from './stats';

describe("the benches' figures", () => {
  it('takes percentiles by nearest rank, in any order given', () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile(values, 1)).toBe(100);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.99)).toBe(0);
    // The measures themselves are left as they were.
    expect(values[0]).toBe(100);
  });

  it('takes the middle measure, the upper one of an even count', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(30);
    expect(median([])).toBeNaN();
  });
});
