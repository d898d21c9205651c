import { describe, expect, it } from 'vitest';
import { describeCalibration, recalibrated, slowdownFor } from './calibration';

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

describe('recalibrated', () => {
  it('lets a run stand whose own benchmarkIndex is within 15% of the calibration', () => {
    expect(recalibrated(2000, 2000)).toBeNull();
    expect(recalibrated(2000, 1750)).toBeNull();
    expect(recalibrated(2095, 2300)).toBeNull();
  });

  it('runs again, at the slowdown of its own index, a run made at another speed', () => {
    // The bench's own run: calibrated at 2,095 (4.2x), Lighthouse then measured 1,551.
    expect(recalibrated(2095, 1551)).toBe(3.1);
    expect(recalibrated(1608, 2064)).toBe(4.1);
  });

  it('lets a run stand when its index is missing or nonsense', () => {
    expect(recalibrated(2000, Number.NaN)).toBeNull();
    expect(recalibrated(2000, 0)).toBeNull();
  });
});
