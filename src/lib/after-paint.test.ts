import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaintSlot } from './after-paint';

describe('afterPaintSlot', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('runs only the latest task, once, after the next frame', () => {
    const later = afterPaintSlot();
    const done: string[] = [];
    later(() => done.push('first move'));
    later(() => done.push('second move'));
    expect(done).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(done).toEqual(['second move']);
    vi.advanceTimersByTime(50);
    expect(done).toEqual(['second move']);
  });

  it('runs what is waiting at once when the player leaves the page', () => {
    const later = afterPaintSlot();
    const done: string[] = [];
    later(() => done.push('kept'));
    window.dispatchEvent(new Event('pagehide'));
    expect(done).toEqual(['kept']);
    vi.advanceTimersByTime(50);
    expect(done).toEqual(['kept']);
  });
});
