import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  countdownPart,
  formatDisplayDate,
  isIsoDate,
  msUntilNextUtcMidnight,
  utcDate,
} from './dates';

describe('dates', () => {
  it('reads the UTC calendar date, not the local one', () => {
    expect(utcDate(Date.UTC(2026, 10, 22, 23, 59, 59))).toBe('2026-11-22');
    expect(utcDate(Date.UTC(2026, 10, 23, 0, 0, 0))).toBe('2026-11-23');
  });

  it('rejects dates that do not exist', () => {
    expect(isIsoDate('2025-02-28')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('25-01-01')).toBe(false);
  });

  it('counts days across month and year ends', () => {
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2024-04-07', '2024-04-07')).toBe(0);
    expect(daysBetween('2024-04-07', '2025-04-07')).toBe(365);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('counts down to the next UTC midnight in whole seconds, as HH:MM:SS', () => {
    const clock = (ms: number) =>
      (['hh', 'mm', 'ss'] as const).map((part) => countdownPart(ms, part)).join(':');
    expect(clock(msUntilNextUtcMidnight(Date.UTC(2026, 10, 22, 21, 30, 15)))).toBe('02:29:45');
    expect(clock(msUntilNextUtcMidnight(Date.UTC(2026, 10, 22, 21, 30, 15, 500)))).toBe('02:29:44');
    expect(clock(msUntilNextUtcMidnight(Date.UTC(2026, 10, 22, 0, 0, 0)))).toBe('23:59:59');
    expect(clock(msUntilNextUtcMidnight(Date.UTC(2026, 10, 22, 23, 59, 59, 500)))).toBe('00:00:00');
    expect(clock(msUntilNextUtcMidnight(Date.UTC(2026, 10, 23, 0, 0, 0, 5)))).toBe('23:59:59');
    expect(clock(0)).toBe('00:00:00');
    expect(clock(-5)).toBe('00:00:00');
  });

  it('gives the hours and minutes left as plain numbers too', () => {
    const ms = msUntilNextUtcMidnight(Date.UTC(2026, 10, 22, 15, 0, 0, 500));
    expect([countdownPart(ms, 'h'), countdownPart(ms, 'm'), countdownPart(ms, 'hh')]).toEqual([
      '8',
      '59',
      '08',
    ]);
  });

  it('shows dates in the en-US short form', () => {
    expect(formatDisplayDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDisplayDate('2025-04-07')).toBe('Apr 7, 2025');
    expect(formatDisplayDate('not a date')).toBe('not a date');
    expect(formatDisplayDate('2026-02-30')).toBe('2026-02-30');
  });

  it('writes every month of a year the way Intl writes en-US short dates', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = `2027-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        expect(formatDisplayDate(date)).toBe(intl.format(Date.parse(`${date}T00:00:00Z`)));
      }
    }
  });
});
