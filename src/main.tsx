import { createRoot, hydrateRoot } from 'react-dom/client';
import { addressKey, pageAddress } from '../core/routes';
import { readPageData } from './app/page-data';
import { Root } from './app/root';
import { routeOf } from './app/routes';
import { seedCatalogue } from './lib/catalogue';
import { todayUtc } from './lib/clock';
import { holdFocus, holdTypedFields } from './lib/early-input';
import { loadCookieBanner } from './features/consent/consent-gate';
import './styles/global.css';

/**
 * The browser's entry point. A page the server rendered carries the data it was rendered with: the
 * app starts from the same data and hydrates the HTML in place. A page rendered for another address
 * or another day (an offline copy, a static page from the build, a tab left open overnight) is
 * rendered afresh for this address and today, with the catalogue read as usual.
 */
const root = document.getElementById('root');
const data = readPageData(document);
if (root) {
  const current =
    data !== null &&
    data.today === todayUtc() &&
    data.address === addressKey(pageAddress(location.pathname, location.search));
  if (current && root.firstElementChild) {
    seedCatalogue(data.summaries, data.puzzles);
    // The page's own code first (the page listed it, so it is already on its way): then the
    // whole tree hydrates in one go, over the server's HTML.
    const hydrate = () => {
      // Text typed before the app hydrates is handed to it once it is here (lib/early-input.ts):
      // noted now, after the wait for the page's code, so nothing typed meanwhile is missed.
      holdTypedFields(root);
      hydrateRoot(root, <Root today={data.today} />, {
        // A mismatch is a bug: say so where the tests (and a developer) look.
        onRecoverableError: (error) => console.error('Hydration error:', error),
      });
    };
    // And the cookie banner's, when the page shows it: a press of Accept made before the app
    // arrived is then answered at once, not after another round trip.
    const route = routeOf(location.pathname);
    const banner = root.querySelector('.cookie-banner') ? loadCookieBanner() : null;
    void Promise.all([route?.load(), banner]).then(hydrate, hydrate);
  } else {
    // The control the player has reached takes the focus again once the page is drawn afresh.
    holdFocus(root);
    createRoot(root).render(<Root today={todayUtc()} />);
  }
}

/**
 * The service worker (offline play, update prompt) registers after the page has loaded, from its
 * own chunk, so it costs the first paint nothing. Production builds only: dev has no sw.js.
 */
function startServiceWorker(): void {
  void import('./features/update/start-updates').then(({ startUpdates }) => startUpdates());
}
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') startServiceWorker();
  else window.addEventListener('load', startServiceWorker, { once: true });
}
