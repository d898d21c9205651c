import { Suspense } from 'react';
import { Pending } from '../../components/page-loading';
import { preloadable } from '../../lib/lazy-module';
import { useCookieBanner } from '../../lib/player-data/consent-state';
// With the page, not the banner's chunk: the server renders the banner, and it must paint styled.
import './cookie-banner.css';

const { Component: CookieBanner, load } = preloadable(() =>
  import('./cookie-banner').then((m) => m.CookieBanner),
);

/** The banner's code: the entry loads it before hydrating a page that shows the banner. */
export const loadCookieBanner = load;

/**
 * The cookie banner, in its own chunk. The server's page carries it for everyone (the server reads
 * no cookie; CSS hides it at once for a player who has chosen), so its code is part of every first
 * load: the entry fetches it with the page's own (src/main.tsx) and hydration draws it; after that
 * it stays only while the player has not chosen, or has reopened it.
 */
export function ConsentGate() {
  const banner = useCookieBanner();
  return banner ? (
    <Suspense fallback={<Pending />}>
      <CookieBanner reopened={banner === 'reopened'} />
    </Suspense>
  ) : null;
}
