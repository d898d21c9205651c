import { describe, expect, it } from 'vitest';
import {
  BUDGETS,
  atCalibration,
  checkBudget,
  checkClickToPaint,
  checkRoute,
  judgeBudgets,
  type Budget,
} from './budgets';
import { type LighthouseFigures } from './lighthouse';
import { type RouteSizes } from './sizes';

const atMost: Budget = { label: 'TBT', unit: 'ms', limit: 30, kind: 'max' };
const atLeast: Budget = { label: 'SEO', unit: '', limit: 0.95, kind: 'min' };

describe('checkBudget', () => {
  it('fails a figure over an upper budget and passes one equal to it', () => {
    expect(checkBudget(atMost, 31)).toEqual({ ok: false, line: 'MISS TBT: 31ms (budget ≤ 30ms)' });
    expect(checkBudget(atMost, 30)).toEqual({ ok: true, line: 'ok   TBT: 30ms (budget ≤ 30ms)' });
  });

  it('fails a figure under a lower budget and passes one equal to it', () => {
    expect(checkBudget(atLeast, 0.94).ok).toBe(false);
    expect(checkBudget(atLeast, 0.95)).toEqual({
      ok: true,
      line: 'ok   SEO: 0.95 (budget ≥ 0.95)',
    });
  });

  it('holds the initial JS of / to its budget in KB', () => {
    expect(checkBudget(BUDGETS.initialJsOfHome, 85).ok).toBe(true);
    expect(checkBudget(BUDGETS.initialJsOfHome, 85.1).ok).toBe(false);
  });
});

describe('judgeBudgets', () => {
  it('exits 0 when every budget is met and 1 when one is missed', () => {
    const met = checkBudget(atMost, 30);
    const missed = checkBudget(atMost, 31);
    expect(judgeBudgets([met])).toMatchObject({
      missed: 0,
      exitCode: 0,
      summary: 'Every budget met.',
    });
    expect(judgeBudgets([met, missed])).toEqual({
      missed: 1,
      exitCode: 1,
      lines: ['\nBudgets', `  ${met.line}`, `  ${missed.line}`],
      summary: '1 budget(s) missed.',
    });
  });
});

describe('TTI', () => {
  const sizes: RouteSizes = {
    jsGzip: 0,
    jsBrotli: 0,
    cssGzip: 0,
    cssBrotli: 0,
    transferred: 0,
    scripts: [],
  };
  const figures = (ttiS: number): LighthouseFigures => ({
    performance: 1,
    accessibility: 1,
    bestPractices: 1,
    seo: 1,
    lcpS: 0.7,
    tbtMs: 0,
    cls: 0,
    ttiS,
    benchmarkIndex: 2000,
    slowdown: 4,
  });

  it('holds every route to a TTI of 1.5 s, ahead of the original Wordle (1.52 s)', () => {
    for (const route of ['/', '/game', '/archive', '/stats']) {
      const tti = (s: number) =>
        checkRoute(route, sizes, figures(s), figures(0.7)).find((c) => / TTI:/.test(c.line));
      expect(tti(1.5)).toEqual({ ok: true, line: `ok   ${route} TTI: 1.5s (budget ≤ 1.5s)` });
      expect(tti(1.52)?.ok).toBe(false);
    }
  });

  it('marks a TBT, TTI or performance miss that a bare page misses too in the same run', () => {
    const page = { ...figures(1.9), tbtMs: 310, performance: 0.92 };
    const lines = (bare: LighthouseFigures) =>
      checkRoute('/stats', sizes, page, figures(1), bare).filter((check) => !check.ok);
    const machineMisses = lines({ ...figures(0.8), tbtMs: 64, performance: 1 });
    expect(machineMisses.map((check) => check.line)).toEqual([
      'MISS /stats TBT: 310ms (budget ≤ 30ms); a bare page misses it too here: 64ms',
      'MISS /stats TTI: 1.9s (budget ≤ 1.5s)',
      'MISS /stats performance: 0.92 (budget ≥ 1)',
    ]);
    // Still a miss: the mark says whose it is, it does not excuse it.
    expect(judgeBudgets(machineMisses).exitCode).toBe(1);
    const bareMeetsAll = lines({ ...figures(0.8), tbtMs: 12 });
    expect(bareMeetsAll.some((check) => /bare page/.test(check.line))).toBe(false);
    const bareMissesAll = lines({ ...figures(1.6), tbtMs: 90, performance: 0.99 });
    expect(bareMissesAll.map((check) => check.line.split('; ')[1])).toEqual([
      'a bare page misses it too here: 90ms',
      'a bare page misses it too here: 1.6s',
      'a bare page misses it too here: 0.99',
    ]);
  });

  it('marks a click-to-paint miss that the click floor misses too', () => {
    const clicks = (p95: number) => ({ p95, clicks: 32, slowest: [] });
    expect(checkClickToPaint(clicks(88), clicks(72))).toEqual({
      ok: false,
      line: 'MISS click-to-paint p95: 88ms (budget ≤ 50ms); its click floor misses it too here: 72ms',
    });
    expect(checkClickToPaint(clicks(88), clicks(40)).line).toBe(
      'MISS click-to-paint p95: 88ms (budget ≤ 50ms)',
    );
    expect(checkClickToPaint(clicks(48), clicks(72)).ok).toBe(true);
  });

  it('prints the calibration beside each figure', () => {
    const [check] = atCalibration([checkBudget(BUDGETS.tti, 1.77)], {
      benchmarkIndex: 1617,
      slowdown: 3.2,
    });
    expect(check).toEqual({
      ok: false,
      line: 'MISS TTI: 1.77s (budget ≤ 1.5s) [benchmarkIndex 1,617, CPU slowdown 3.2x]',
    });
  });
});
