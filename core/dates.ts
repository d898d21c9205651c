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

/** "HH:MM:SS" of whole seconds left: 00:00:00 in the last second, 23:59:59 just after midnight. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
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
