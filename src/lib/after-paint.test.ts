import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaintSlot, whenIdle } from './after-paint';

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

describe('whenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the browser to be idle, and no longer than its timeout', () => {
    const idle: { run: () => void; timeout: number | undefined }[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: IdleRequestOptions) => {
      idle.push({ run, timeout: options?.timeout });
      return idle.length;
    });
    const done: string[] = [];
    whenIdle(() => done.push('service worker'), 3000);
    expect(done).toEqual([]);
    expect(idle).toHaveLength(1);
    expect(idle[0]?.timeout).toBe(3000);
    idle[0]?.run();
    expect(done).toEqual(['service worker']);
  });

  it('falls back to a timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const done: string[] = [];
    whenIdle(() => done.push('service worker'));
    expect(done).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(done).toEqual(['service worker']);
    vi.useRealTimers();
  });
});
