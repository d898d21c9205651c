import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { addressKey, pageAddress } from '../core/routes';
import { readPageData } from './app/page-data';
import { Root } from './app/root';
import { routeOf } from './app/routes';
import { seedCatalogue } from './lib/catalogue';
import { todayUtc } from './lib/clock';
import { holdFocus, holdTypedFields } from './lib/start-up/early-input';
import { nameInlinedStyles } from './lib/start-up/inlined-styles';
import { endUnheardEvents } from './lib/start-up/unheard-events';
import { loadCookieBanner } from './features/consent/consent-gate';
import './styles/global.css';

/** Settled by the root once the page is ready (`<html data-ready>`, src/app/root.tsx). */
let onReady = () => {};
const ready = new Promise<void>((resolve) => (onReady = resolve));

/**
 * The browser's entry point. A page the server rendered carries the data it was rendered with: the
 * app starts from the same data and hydrates the HTML in place. A page rendered for another address
 * or another day (an offline copy, a static page from the build, a tab left open overnight) is
 * rendered afresh for this address and today, with the catalogue read as usual.
 */
function start(): void {
  const root = document.getElementById('root');
  if (!root) return;
  // Before any page code is asked for: the styles the page already carries are not fetched again.
  nameInlinedStyles(document);
  // Before React's root listens: a tap's passing-over events would cost it time and answer nothing.
  endUnheardEvents(document);
  const data = readPageData(document);
  const current =
    data !== null &&
    data.today === todayUtc() &&
    data.address === addressKey(pageAddress(location.pathname, location.search));
  if (!current || !root.firstElementChild) {
    // The control the player has reached takes the focus again once the page is drawn afresh.
    holdFocus(root);
    createRoot(root).render(<Root today={todayUtc()} onReady={onReady} />);
    return;
  }
  seedCatalogue(data.summaries, data.puzzles, { day: data.today });
  // Hydration as a transition: React renders it in slices of a few milliseconds, so the main
  // thread is never held long (TBT), and a press during it is still recorded and replayed.
  const hydrate = () => {
    // Text typed before the app hydrates is handed to it once it is here (src/lib/start-up/early-input.ts):
    // noted now, after the wait for the page's code, so nothing typed meanwhile is missed.
    holdTypedFields(root);
    startTransition(() => {
      hydrateRoot(root, <Root today={data.today} hydrating onReady={onReady} />, {
        // A mismatch is a bug: say so where the tests (and a developer) look.
        onRecoverableError: (error) => console.error('Hydration error:', error),
      });
    });
  };
  // The page's own code first (the page listed it, so it is already on its way), and the cookie
  // banner's when the page shows it (a press of Accept made before the app arrived is then
  // answered at once): then the whole tree hydrates in one go, over the server's HTML.
  const route = routeOf(location.pathname);
  const banner = root.querySelector('.cookie-banner') ? loadCookieBanner() : null;
  void Promise.all([route?.load(), banner]).then(hydrate, hydrate);
}

start();

/**
 * The service worker (offline play, update prompt) registers from its own chunk once the page has
 * loaded and the app is ready (`<html data-ready>`, told by the root: `onReady`): it costs neither
 * the first paint nor the time until a tap works. Production builds only: dev has no sw.js.
 */
function startServiceWorker(): void {
  void import('./features/update/start-updates').then(({ startUpdates }) => startUpdates());
}
const loaded = new Promise((resolve) => {
  if (document.readyState === 'complete') resolve(0);
  else window.addEventListener('load', resolve, { once: true });
});
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void Promise.all([ready, loaded]).then(startServiceWorker);
}
