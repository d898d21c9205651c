import { lazy, Suspense } from 'react';
import { Pending } from '../../components/page-loading';
import { useCookieBanner } from '../../lib/consent-state';
// With the page, not the banner's chunk: the server renders the banner, and it must paint styled.
import './cookie-banner.css';

/** The banner's code: the entry loads it before hydrating a page that shows the banner. */
export const loadCookieBanner = () =>
  import('./cookie-banner').then((m) => ({ default: m.CookieBanner }));

const CookieBanner = lazy(loadCookieBanner);

/** Loads the cookie banner only when it shows: a returning player with a choice never fetches it. */
export function ConsentGate() {
  const banner = useCookieBanner();
  return banner ? (
    <Suspense fallback={<Pending />}>
      <CookieBanner reopened={banner === 'reopened'} />
    </Suspense>
  ) : null;
}
