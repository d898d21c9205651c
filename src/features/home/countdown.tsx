import { countdownPart, msUntilNextUtcMidnight, type CountdownPart } from '../../../core/dates';
import { useNow } from '../../lib/use-now';
import { STRINGS } from '../../strings';

/**
 * A number of the countdown. The page's loader sets it to the moment's value before the first
 * paint (core/inline-scripts.ts): a page is rendered once a day, so the server's is old by then.
 */
function Part({ ms, of }: { ms: number; of: CountdownPart }) {
  return (
    <span data-countdown={of} suppressHydrationWarning>
      {countdownPart(ms, of)}
    </span>
  );
}

/**
 * "New puzzle in: HH:MM:SS", ticking every second on its own (the page around it renders only when
 * the day changes). Screen readers get the hours and minutes only, not a tick each second.
 */
export function Countdown() {
  const ms = msUntilNextUtcMidnight(useNow());
  return (
    <p className="countdown">
      <span aria-hidden="true">
        {STRINGS.newPuzzleIn}{' '}
        <time className="countdown-time">
          <Part ms={ms} of="hh" />:<Part ms={ms} of="mm" />:<Part ms={ms} of="ss" />
        </time>
      </span>
      <span className="visually-hidden">
        {STRINGS.newPuzzleIn} <Part ms={ms} of="h" /> hours <Part ms={ms} of="m" /> minutes
      </span>
    </p>
  );
}
