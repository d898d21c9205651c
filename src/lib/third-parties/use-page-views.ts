import { useEffect } from 'react';
import { currentGate, trackingId } from './analytics-gate';

/**
 * One page view per route change. Nothing at all unless analytics is configured and accepted;
 * then the analytics code is loaded (it is not part of the first load).
 */
export function usePageViews(path: string): void {
  useEffect(() => {
    if (!trackingId(currentGate())) return;
    void import('./analytics').then(({ trackPageView }) => trackPageView(path));
  }, [path]);
}
