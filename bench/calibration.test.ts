import { describe, expect, it } from 'vitest';
import { describeCalibration, slowdownFor } from './calibration';

describe('slowdownFor', () => {
  it("is Lighthouse's 4x on the reference machine, and scales with the machine's speed", () => {
    expect(slowdownFor(2000)).toBe(4);
    // The fast machine and its machine half as fast.
    expect(slowdownFor(4000)).toBe(8);
    expect(slowdownFor(3700)).toBe(7.4);
    expect(slowdownFor(1617)).toBe(3.2);
    expect(slowdownFor(1000)).toBe(2);
  });

  it('brings every machine to the same effective speed (benchmarkIndex 500), to 0.1x', () => {
    for (const index of [900, 1617, 2263, 3700, 4070])
      expect(Math.abs(index / slowdownFor(index) - 500)).toBeLessThan(500 * 0.05);
  });

  it('never speeds a slow machine up, and stays sane on a bad measure', () => {
    expect(slowdownFor(400)).toBe(1);
    expect(slowdownFor(100_000)).toBe(20);
    expect(slowdownFor(Number.NaN)).toBe(4);
    expect(slowdownFor(0)).toBe(4);
  });
});

describe('describeCalibration', () => {
  it('names the benchmarkIndex and the slowdown chosen', () => {
    expect(describeCalibration({ benchmarkIndex: 1617.4, slowdown: 3.2 })).toBe(
      'benchmarkIndex 1,617, CPU slowdown 3.2x',
    );
  });
});
