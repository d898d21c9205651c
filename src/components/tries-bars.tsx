import './tries-bars.css';
import { formatCount } from '../../core/numbers';

/** One bar: a number of tries, how many games took it, and what a screen reader hears of it. */
export interface TriesBar {
  tries: number;
  count: number;
  label: string;
  /** The player's latest win (/stats): drawn in the accent colour and starred. */
  latest?: boolean;
}

/**
 * Games by number of tries, as bars as long as their share of the longest: the player's own
 * record on /stats and everyone's in the "Today's crowd" panel look the same. Each row is read
 * as its label; the drawn numbers are for the eye.
 */
export function TriesBars({
  bars,
  labelledBy,
}: {
  bars: readonly TriesBar[];
  labelledBy?: string;
}) {
  const most = Math.max(1, ...bars.map((bar) => bar.count));
  return (
    <ol className="tries-bars" aria-labelledby={labelledBy}>
      {bars.map((bar) => (
        <li key={bar.tries} className={bar.latest ? 'latest' : undefined} aria-label={bar.label}>
          <span className="tries-bars-tries" aria-hidden="true">
            {bar.tries}
          </span>
          <span className="tries-bars-track" aria-hidden="true">
            <span
              className="tries-bars-bar"
              style={{ width: `${Math.max(8, (100 * bar.count) / most)}%` }}
            >
              {formatCount(bar.count)}
              {bar.latest ? <span> ★</span> : null}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
