/**
 * A count as en-US writes it, e.g. "12,345". Written out by hand like the dates (core/dates.ts):
 * the browser's first `toLocaleString` loads its number data, which cost /stats one task of
 * 14-20 ms at 1x while it hydrated (four times that under Lighthouse's throttling).
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const [whole = '0', fraction] = String(Math.abs(n)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return sign + grouped + (fraction === undefined ? '' : `.${fraction}`);
}
