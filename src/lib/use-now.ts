import { useEffect, useState } from 'react';
import { now } from './clock';

/** The current time, updated every second on the second. */
export function useNow(): number {
  const [time, setTime] = useState(now);
  useEffect(() => {
    let timer = 0;
    const tick = () => {
      const current = now();
      setTime(current);
      timer = window.setTimeout(tick, 1000 - (current % 1000) + 5);
    };
    timer = window.setTimeout(tick, 1000 - (now() % 1000) + 5);
    return () => window.clearTimeout(timer);
  }, []);
  return time;
}
