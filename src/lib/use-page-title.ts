import { useEffect } from 'react';

/** Sets the document title, e.g. "Puzzle Archive · Linchpin". */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Linchpin` : 'Linchpin: the daily word puzzle';
  }, [title]);
}
