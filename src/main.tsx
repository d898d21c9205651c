import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { addressKey, pageAddress } from '../core/routes';
import { readPageData, type PageData } from './app/page-data';
import { Root } from './app/root';
import { routeOf } from './app/routes';
import { whenIdle } from './lib/after-paint';
import { seedCatalogue } from './lib/catalogue';
import { todayUtc } from './lib/clock';
import { createStartUp, type StartUp } from './lib/start-up/start-up';
import { loadCookieBanner } from './features/consent/consent-gate';
import './styles/global.css';

/** The page's data if the page was rendered for this address and today, else null. */
function currentPageData(): PageData | null {
  const data = readPageData(document);
  return data?.today === todayUtc() &&
    data.address === addressKey(pageAddress(location.pathname, location.search))
    ? data
    : null;
}

/**
 * The browser's entry point, through the steps of the start-up (src/lib/start-up/start-up.ts). A
 * page the server rendered carries the data it was rendered with: the app starts from the same
 * data and hydrates the HTML in place. A page rendered for another address or another day (an
 * offline copy, a static page from the build, a tab left open overnight) is drawn afresh for this
 * address and today, with the catalogue read as usual.
 */
function start(): StartUp | null {
  const root = document.getElementById('root');
  if (!root) return null;
  const startUp = createStartUp(document, root);
  const data = root.firstElementChild ? currentPageData() : null;
  const draw = () => {
    // Just before the app draws: when hydrating, after the wait for the page's code, so nothing
    // typed meanwhile is missed.
    startUp.hold();
    const app = <Root today={data?.today ?? todayUtc()} hydrating={!!data} startUp={startUp} />;
    if (!data) createRoot(root).render(app);
    // Hydration as a transition: React renders it in slices of a few milliseconds, so the main
    // thread is never held long (TBT), and a press during it is still recorded and replayed.
    else
      startTransition(() => {
        hydrateRoot(root, app, {
          // A mismatch is a bug: say so where the tests (and a developer) look.
          onRecoverableError: (error) => console.error('Hydration error:', error),
        });
      });
  };
  if (!data) {
    draw();
    return startUp;
  }
  seedCatalogue(data.summaries, data.puzzles, { day: data.today });
  // The page's own code first (the page listed it, so it is already on its way), and the cookie
  // banner's when the page shows it (a press of Accept made before the app arrived is then
  // answered at once): then the whole tree hydrates in one go, over the server's HTML.
  const route = routeOf(location.pathname);
  const banner = root.querySelector('.cookie-banner') ? loadCookieBanner() : null;
  void Promise.all([route?.load(), banner]).then(draw, draw);
  return startUp;
}

/**
 * The service worker (offline play, update prompt) registers from its own chunk once the page has
 * loaded, the start-up has finished (`ready`) and then the browser is idle: it costs neither the
 * first paint nor the time until a tap works, and its chunk's evaluation and registration do not
 * share a task with the player's first taps. Production builds only: dev has no sw.js.
 */
function startServiceWorker(): void {
  void import('./features/update/start-updates').then(({ startUpdates }) => startUpdates());
}
const loaded = new Promise((resolve) => {
  if (document.readyState === 'complete') resolve(0);
  else window.addEventListener('load', resolve, { once: true });
});

function boot(): void {
  const startUp = start();
  if (startUp && import.meta.env.PROD && 'serviceWorker' in navigator) {
    void Promise.all([startUp.ready, loaded]).then(() => whenIdle(startServiceWorker));
  }
}

// The start in a task of its own, after the one that evaluates this chunk (React DOM's set-up is
// most of it): each is shorter than a long task on a mid-range phone, where the two together were
// one of 70-80 ms (issue 42's trace). The page's recorder holds any tap made meanwhile.
window.setTimeout(boot, 0);
