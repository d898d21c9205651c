import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

/**
 * Whether the tree is still the server's page being hydrated. The server renders with `true`, and
 * so does the browser's hydration; right after, the browser turns it off as a transition.
 *
 * Not `useSyncExternalStore` with a server snapshot: where that snapshot differs from the
 * browser's, React re-renders at once, at sync priority, and a part of the page still waiting to
 * hydrate (a route's code, under Suspense) is then hydrated in that same task: one task of 14 ms on
 * /stats at 1x, four times that under Lighthouse's throttling (TBT). A transition is rendered in
 * slices, and waits for what it needs.
 */
const Hydrating = createContext(false);

export function HydrationProvider({
  hydrating,
  children,
}: {
  hydrating: boolean;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState(hydrating);
  useEffect(() => {
    if (current) startTransition(() => setCurrent(false));
  }, [current]);
  return <Hydrating.Provider value={current}>{children}</Hydrating.Provider>;
}

/**
 * False while the server renders and while the browser hydrates the server's HTML, true from the
 * render right after hydration (and in a page the browser renders itself). A page is the same for
 * everyone (src/entry-server.tsx), so whatever only the player's browser knows (their cookies) is
 * read only once this is true; until then the page's inline script has applied it through CSS
 * (core/inline-scripts.ts), so the switch shows nothing new.
 */
export function useHydrated(): boolean {
  return !useContext(Hydrating);
}
