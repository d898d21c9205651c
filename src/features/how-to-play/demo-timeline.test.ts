import { describe, expect, it } from 'vitest';
import { DEMO_CYCLE_MS, DEMO_STEPS, demoFrame, demoGroupsOf } from './demo-timeline';

describe('the How to Play demo timeline', () => {
  it('adds one word every 600 ms', () => {
    expect(demoFrame(0)).toEqual({ steps: 0, solved: false });
    expect(demoFrame(599).steps).toBe(0);
    expect(demoFrame(600).steps).toBe(1);
    expect(demoFrame(1800).steps).toBe(3);
  });

  it('pauses 700 ms after the last word, then shows the solved board for 1200 ms', () => {
    const lastWord = DEMO_STEPS.length * 600;
    expect(demoFrame(lastWord)).toEqual({ steps: DEMO_STEPS.length, solved: false });
    expect(demoFrame(lastWord + 699).solved).toBe(false);
    expect(demoFrame(lastWord + 700).solved).toBe(true);
    expect(demoFrame(lastWord + 1899).solved).toBe(true);
    expect(DEMO_CYCLE_MS).toBe(lastWord + 1900);
  });

  it('loops', () => {
    expect(demoFrame(DEMO_CYCLE_MS)).toEqual({ steps: 0, solved: false });
    expect(demoFrame(DEMO_CYCLE_MS + 600).steps).toBe(1);
  });

  it('holds the solved board still when motion is reduced', () => {
    expect(demoFrame(0, true)).toEqual({ steps: DEMO_STEPS.length, solved: true });
  });

  it('puts the linchpin in all four groups and every other word in one', () => {
    const all = DEMO_STEPS.length;
    expect(demoGroupsOf('Trunk', all)).toEqual([0, 1, 2, 3]);
    expect(demoGroupsOf('Tusk', all)).toEqual([2]);
    expect(demoGroupsOf('Tusk', 1)).toEqual([]);
  });
});
