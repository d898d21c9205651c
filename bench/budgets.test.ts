import { describe, expect, it } from 'vitest';
import { BUDGETS, checkBudget, judgeBudgets, type Budget } from './budgets';

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
