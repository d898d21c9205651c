/** Dates are UTC calendar days written YYYY-MM-DD; times are epoch milliseconds passed in. */
const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC calendar date of an instant. */
export function utcDate(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** Epoch milliseconds of a date's UTC midnight, or NaN when it is not a real date. */
export function dateToMs(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) return Number.NaN;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return utcDate(ms) === date ? ms : Number.NaN;
}

export function isIsoDate(date: string): boolean {
  return !Number.isNaN(dateToMs(date));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateToMs(to) - dateToMs(from)) / DAY_MS);
}

export function addDays(date: string, days: number): string {
  return utcDate(dateToMs(date) + days * DAY_MS);
}

/** Milliseconds until the next UTC midnight. */
export function msUntilNextUtcMidnight(nowMs: number): number {
  const next = dateToMs(utcDate(nowMs)) + DAY_MS;
  return next - nowMs;
}

/**
 * A part of a countdown, as a page marks it (`data-countdown`): "h" and "m", the whole hours and
 * minutes left; "hh", "mm" and "ss", the hours, minutes and seconds as two digits. The home page's
 * countdown (src/features/home/countdown.tsx) is drawn from these, and the page's loader
 * (core/inline-scripts.ts) sets each marked part to the moment's value before the first paint.
 */
export type CountdownPart = 'h' | 'm' | 'hh' | 'mm' | 'ss';

/**
 * A part of the countdown of `ms` left, in whole seconds (floor): "00" in the last second, and
 * 23:59:59 from the very start of a day (docs/decisions.md "The countdown").
 */
export function countdownPart(ms: number, part: CountdownPart): string {
  const left = Math.min(DAY_MS / 1000 - 1, Math.max(0, Math.floor(ms / 1000)));
  const value =
    part === 'ss'
      ? left % 60
      : part.startsWith('m')
        ? Math.floor(left / 60) % 60
        : Math.floor(left / 3600);
  // As many digits at least as the part has letters.
  return String(value).padStart(part.length, '0');
}

/** en-US short month names, as Intl's `month: 'short'` writes them. */
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * en-US short form, e.g. "Nov 22, 2026", read as a UTC date. Written out by hand: the browser's
 * first Intl.DateTimeFormat loads its locale data, which cost /archive ~90 ms of main thread.
 */
export function formatDisplayDate(date: string): string {
  if (!isIsoDate(date)) return date;
  const [year, month, day] = date.split('-');
  return `${SHORT_MONTHS[Number(month) - 1] ?? ''} ${Number(day)}, ${year}`;
}
