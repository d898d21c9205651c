import { useSyncExternalStore } from 'react';

function onHashChange(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

/**
 * The address's fragment (`#…`), followed as it changes; null on the server, which never sees it
 * (nor does hydration). /play and /transfer carry their data there.
 */
export const useFragment = (): string | null =>
  useSyncExternalStore(
    onHashChange,
    () => window.location.hash,
    () => null,
  );
