import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates the server's HTML, true from the
 * render right after hydration (and in a page the browser renders itself). A page is the same for
 * everyone (src/entry-server.tsx), so whatever only the player's browser knows (their cookies) is
 * read only once this is true; until then the page's inline script has applied it through CSS
 * (core/inline-scripts.ts), so the switch shows nothing new.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
