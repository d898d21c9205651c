import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow, useUtcDay } from './use-now';

let renders = 0;
function Day() {
  renders++;
  return <p>{useUtcDay()}</p>;
}
function Clock() {
  return <p>{new Date(useNow()).toISOString()}</p>;
}

describe('the clock hooks', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T23:59:55.500Z'));
    renders = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('renders a day-long view again at midnight, not every second', () => {
    render(<Day />);
    expect(screen.getByText('2026-11-27')).toBeTruthy();
    const first = renders;
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(renders).toBe(first);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByText('2026-11-28')).toBeTruthy();
    expect(renders).toBe(first + 1);
  });

  it('ticks the time every second, on the second', () => {
    render(<Clock />);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.getByText('2026-11-27T23:59:56.005Z')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByText('2026-11-27T23:59:57.005Z')).toBeTruthy();
  });
});
