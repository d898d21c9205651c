import { useEffect } from 'react';
import { trackPageView } from './analytics';

/** One page view per route change (nothing at all unless analytics is configured and accepted). */
export function usePageViews(path: string): void {
  useEffect(() => {
    trackPageView(path);
  }, [path]);
}
