import { useEffect, useState } from 'react';

/** Whole seconds left, counting down once a second from `seconds` to 0. */
export function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const id = window.setTimeout(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => window.clearTimeout(id);
  }, [left]);
  return left;
}
