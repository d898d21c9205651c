import { type Browser } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { median } from './stats';

/**
 * The bench's CPU calibration: every figure is measured at the speed of one machine, whatever the
 * machine running the bench. Lighthouse's mobile preset slows the CPU 4x and stands for a mid-range
 * phone on a machine of benchmarkIndex about 2,000 (its own micro-benchmark, higher is faster); on a
 * machine twice as fast the same 4x stands for a phone twice as fast. So the bench measures the
 * machine's benchmarkIndex first and chooses the slowdown that brings it down to 2,000 / 4 = 500:
 * 4x at 2,000, 8x at 4,000, 2x at 1,000 (never below 1x: a machine slower than that cannot be
 * sped up, and its figures then say so).
 */
export const REFERENCE_BENCHMARK_INDEX = 2000;
export const PRESET_SLOWDOWN = 4;
export const MIN_SLOWDOWN = 1;
export const MAX_SLOWDOWN = 20;

export interface Calibration {
  /** The machine's benchmarkIndex, median of a few measures. */
  benchmarkIndex: number;
  /** The CPU slowdown every measure of this batch uses (Lighthouse and CDP throttling alike). */
  slowdown: number;
}

/** The slowdown that makes a machine of this benchmarkIndex as fast as the reference under 4x, to 0.1. */
export function slowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return PRESET_SLOWDOWN;
  const exact = (PRESET_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.min(MAX_SLOWDOWN, Math.max(MIN_SLOWDOWN, Math.round(exact * 10) / 10));
}

/**
 * A Lighthouse run measures the machine's benchmarkIndex itself, just before it loads the page. On
 * a shared machine the speed moves within a minute (1,550-2,820 in one bench run), so a run whose
 * own index is more than this far from the one its slowdown was chosen for ran at another speed
 * than the reference's: it is run again at the slowdown for its own index.
 */
export const SPEED_TOLERANCE = 0.15;
/** How many times one run is run again for its speed, at most. */
export const MAX_RECALIBRATIONS = 2;

/**
 * The slowdown to run again at, when a run's own benchmarkIndex (`measured`) is outside the
 * tolerance of the index its slowdown was chosen for (`aimedAt`); null when the run stands.
 */
export function recalibrated(aimedAt: number, measured: number): number | null {
  if (!Number.isFinite(measured) || measured <= 0 || !(aimedAt > 0)) return null;
  return Math.abs(measured - aimedAt) / aimedAt > SPEED_TOLERANCE ? slowdownFor(measured) : null;
}

/** "benchmarkIndex 1,617, slowdown 3.2x": printed beside every figure. */
export function describeCalibration({ benchmarkIndex, slowdown }: Calibration): string {
  return `benchmarkIndex ${Math.round(benchmarkIndex).toLocaleString('en-US')}, CPU slowdown ${slowdown}x`;
}

/**
 * The machine's benchmarkIndex now, measured as Lighthouse measures it (its own page function, run
 * in the same Chromium, about a second each), median of `times`; and the slowdown for it.
 */
export async function calibrate(browser: Browser, times = 3): Promise<Calibration> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const indexes: number[] = [];
  try {
    for (let i = 0; i < times; i++)
      indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  } finally {
    await context.close();
  }
  const benchmarkIndex = Math.round(median(indexes));
  return { benchmarkIndex, slowdown: slowdownFor(benchmarkIndex) };
}
