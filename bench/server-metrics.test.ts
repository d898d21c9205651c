import { describe, expect, it } from 'vitest';
import { costRatio } from './server-metrics';

describe('costRatio: what metrics cost, from rounds of off, on, on, off', () => {
  it('is the median of the rounds’ on/off ratios, so one round a burst of other work fell into is left out', () => {
    const { ratio, roundRatios } = costRatio([
      { off: 1000, on: 990 },
      { off: 1000, on: 1400 },
      { off: 1000, on: 980 },
    ]);
    expect(roundRatios).toEqual([0.99, 1.4, 0.98]);
    expect(ratio).toBe(0.99);
  });

  it('takes the mean of the middle two of an even number of rounds', () => {
    expect(
      costRatio([
        { off: 100, on: 90 },
        { off: 100, on: 96 },
        { off: 100, on: 100 },
        { off: 100, on: 120 },
      ]).ratio,
    ).toBeCloseTo(0.98);
  });
});
