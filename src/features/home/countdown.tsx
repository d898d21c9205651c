import { formatCountdown, msUntilNextUtcMidnight } from '../../../core/dates';
import { useNow } from '../../lib/use-now';
import { STRINGS } from '../../strings';

/**
 * "New puzzle in: HH:MM:SS", ticking every second on its own (the page around it renders only when
 * the day changes). Screen readers get the hours and minutes only, not a tick each second.
 */
export function Countdown() {
  const now = useNow();
  const remaining = formatCountdown(msUntilNextUtcMidnight(now));
  const [hours, minutes] = remaining.split(':');
  return (
    <p className="countdown">
      <span aria-hidden="true">
        {STRINGS.newPuzzleIn}{' '}
        <time className="countdown-time" data-countdown="" suppressHydrationWarning>
          {remaining}
        </time>
      </span>
      <span className="visually-hidden" data-countdown="spoken" suppressHydrationWarning>
        {/* One text node: the page's loader sets it to the moment's value before the first paint. */}
        {`${STRINGS.newPuzzleIn} ${Number(hours)} hours ${Number(minutes)} minutes`}
      </span>
    </p>
  );
}
