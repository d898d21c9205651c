import { formatCountdown, msUntilNextUtcMidnight } from '../../../core/dates';
import { STRINGS } from '../../strings';

/** "New puzzle in: HH:MM:SS". Screen readers get the hours and minutes only, not a tick each second. */
export function Countdown({ now }: { now: number }) {
  const remaining = formatCountdown(msUntilNextUtcMidnight(now));
  const [hours, minutes] = remaining.split(':');
  return (
    <p className="countdown">
      <span aria-hidden="true">
        {STRINGS.newPuzzleIn}{' '}
        <time className="countdown-time" suppressHydrationWarning>
          {remaining}
        </time>
      </span>
      <span className="visually-hidden" suppressHydrationWarning>
        {STRINGS.newPuzzleIn} {Number(hours)} hours {Number(minutes)} minutes
      </span>
    </p>
  );
}
