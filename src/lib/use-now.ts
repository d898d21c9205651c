import { startTransition, useEffect, useState } from 'react';
import { now, todayUtc } from './clock';

/**
 * `read()`, read again every second on the second: a component renders only when it changes. As a
 * transition, a render that waits for data (the new day's puzzles) keeps the page as it was meanwhile.
 */
function useClockValue<T>(read: () => T, transition = false): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    let timer = 0;
    const tick = () => {
      const next = read();
      if (transition) startTransition(() => setValue(next));
      else setValue(next);
      timer = window.setTimeout(tick, 1000 - (now() % 1000) + 5);
    };
    timer = window.setTimeout(tick, 1000 - (now() % 1000) + 5);
    return () => window.clearTimeout(timer);
  }, [read, transition]);
  return value;
}

/** The current time, updated every second on the second. */
export function useNow(): number {
  return useClockValue(now);
}

/**
 * The clock's UTC day: a page that shows it renders again at midnight, not every second (the
 * countdown beside it ticks on its own: a render of the whole home page each second cost 7 ms).
 */
export function useUtcDay(): string {
  return useClockValue(todayUtc, true);
}
