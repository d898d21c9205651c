import { describeCalibration, type Calibration } from './calibration';
import { type ClickToPaint } from './clicks';
import { type EarlyTap } from './early-tap';
import { type LighthouseFigures } from './lighthouse';
import { kb, type RouteSizes } from './sizes';

/** A figure's limit. */
export interface Budget {
  label: string;
  unit: string;
  limit: number;
  /** 'max': the figure must be at most the limit; 'min': at least. */
  kind: 'max' | 'min';
}

export const BUDGETS = {
  initialJsOfHome: { label: 'initial JS of / (gzip)', unit: 'KB', limit: 85, kind: 'max' },
  lcp: { label: 'LCP', unit: 's', limit: 1.0, kind: 'max' },
  tbt: { label: 'TBT', unit: 'ms', limit: 30, kind: 'max' },
  /** Time to Interactive: the original Wordle's is 1.52 s on the reference machine (issue 42). */
  tti: { label: 'TTI', unit: 's', limit: 1.5, kind: 'max' },
  cls: { label: 'CLS', unit: '', limit: 0, kind: 'max' },
  performance: { label: 'performance', unit: '', limit: 1.0, kind: 'min' },
  /** The page's LCP over the LCP of its own HTML with no script (bench/floor.ts). */
  lcpOverFloor: { label: 'LCP / paint floor', unit: '', limit: 1.3, kind: 'max' },
  accessibility: { label: 'accessibility', unit: '', limit: 1.0, kind: 'min' },
  bestPractices: { label: 'best practices', unit: '', limit: 0.96, kind: 'min' },
  seo: { label: 'SEO', unit: '', limit: 0.95, kind: 'min' },
  clickToPaintP95: { label: 'click-to-paint p95', unit: 'ms', limit: 50, kind: 'max' },
  /** On the phone profile (bench/early-tap.ts): first contentful paint to data-ready, median. */
  paintToReady: { label: 'paint to ready (phone)', unit: 'ms', limit: 1500, kind: 'max' },
  /** Taps made 100 ms after the first paint whose effect never showed. */
  earlyTapsLost: { label: 'early taps lost (phone)', unit: '', limit: 0, kind: 'max' },
} satisfies Record<string, Budget>;

/** One figure against its budget: the printed line, and whether it is within the budget. */
export interface BudgetCheck {
  line: string;
  ok: boolean;
}

export function checkBudget(budget: Budget, value: number): BudgetCheck {
  const ok = budget.kind === 'max' ? value <= budget.limit : value >= budget.limit;
  const sign = budget.kind === 'max' ? '≤' : '≥';
  return {
    ok,
    line: `${ok ? 'ok  ' : 'MISS'} ${budget.label}: ${value}${budget.unit} (budget ${sign} ${budget.limit}${budget.unit})`,
  };
}

/**
 * A missed budget that a floor measured in the same run misses too says so (bench/floor.ts: a bare
 * page, BARE_PAGE, for Lighthouse's figures; plain DOM code for the clicks): the machine misses it
 * before the site adds anything. It stays a miss.
 */
export function besideFloor(
  check: BudgetCheck,
  budget: Budget,
  floor: number,
  what = 'a bare page',
): BudgetCheck {
  if (check.ok || checkBudget(budget, floor).ok) return check;
  return { ...check, line: `${check.line}; ${what} misses it too here: ${floor}${budget.unit}` };
}

/**
 * A route's figures against their budgets: initial JS on / only, Lighthouse on every route; with
 * a bare page's figures at the same calibration, each budget it misses too is marked.
 */
export function checkRoute(
  route: string,
  sizes: RouteSizes,
  lighthouse: LighthouseFigures,
  floor: LighthouseFigures,
  bare?: LighthouseFigures,
): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  if (route === '/') checks.push(checkBudget(BUDGETS.initialJsOfHome, kb(sizes.jsGzip)));
  const tag = (budget: Budget): Budget => ({ ...budget, label: `${route} ${budget.label}` });
  const machine = (budget: Budget, key: 'tbtMs' | 'ttiS' | 'performance') => {
    const check = checkBudget(tag(budget), lighthouse[key]);
    return bare ? besideFloor(check, budget, bare[key]) : check;
  };
  checks.push(
    checkBudget(tag(BUDGETS.lcp), lighthouse.lcpS),
    checkBudget(tag(BUDGETS.lcpOverFloor), Math.round((100 * lighthouse.lcpS) / floor.lcpS) / 100),
    machine(BUDGETS.tbt, 'tbtMs'),
    machine(BUDGETS.tti, 'ttiS'),
    checkBudget(tag(BUDGETS.cls), lighthouse.cls),
    machine(BUDGETS.performance, 'performance'),
    checkBudget(tag(BUDGETS.accessibility), lighthouse.accessibility),
    checkBudget(tag(BUDGETS.bestPractices), lighthouse.bestPractices),
    checkBudget(tag(BUDGETS.seo), lighthouse.seo),
  );
  return checks;
}

export function checkEarlyTap(route: string, tap: EarlyTap): BudgetCheck[] {
  const tag = (budget: Budget): Budget => ({ ...budget, label: `${route} ${budget.label}` });
  return [
    checkBudget(tag(BUDGETS.paintToReady), tap.paintToReadyMs),
    checkBudget(tag(BUDGETS.earlyTapsLost), tap.lost),
  ];
}

/** With the click floor's p95 (bench/floor.ts), a miss it shares is marked. */
export function checkClickToPaint(paint: ClickToPaint, floor?: ClickToPaint): BudgetCheck {
  const check = checkBudget(BUDGETS.clickToPaintP95, paint.p95);
  return floor ? besideFloor(check, BUDGETS.clickToPaintP95, floor.p95, 'its click floor') : check;
}

/** Each check's line with the calibration its figure was measured at (bench/calibration.ts). */
export function atCalibration(
  checks: readonly BudgetCheck[],
  calibration: Calibration,
): BudgetCheck[] {
  return checks.map(({ line, ok }) => ({
    ok,
    line: `${line} [${describeCalibration(calibration)}]`,
  }));
}

export interface BudgetVerdict {
  missed: number;
  /** The benchmark's exit code: 1 when a budget was missed. */
  exitCode: 0 | 1;
  /** What to print: a heading, then each check's line. */
  lines: string[];
  /** One sentence: every budget met, or how many were missed. */
  summary: string;
}

/** Every check's line under a heading, the count of misses, and the exit code. */
export function judgeBudgets(checks: readonly BudgetCheck[]): BudgetVerdict {
  const missed = checks.filter((check) => !check.ok).length;
  return {
    missed,
    exitCode: missed === 0 ? 0 : 1,
    lines: ['\nBudgets', ...checks.map(({ line }) => `  ${line}`)],
    summary: missed === 0 ? 'Every budget met.' : `${missed} budget(s) missed.`,
  };
}
