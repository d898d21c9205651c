import { currentGate, trackingId, type AnalyticsGate } from './analytics-gate';

/**
 * Page views for the analytics service (Google Analytics 4, docs/spec.md §7). Sent only when an analytics id
 * is configured at build time AND the player accepted cookies; otherwise nothing is loaded or sent.
 * The server's Content-Security-Policy allows Google's hosts only when the id is set.
 */
export const analyticsScriptUrl = (id: string) =>
  `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

let loadedId: string | null = null;

/** Sets up gtag.js once, with automatic page views off: route changes send them. */
function load(id: string): void {
  if (loadedId === id) return;
  loadedId = id;
  const dataLayer = (window.dataLayer ??= []);
  window.gtag = function gtag() {
    // gtag.js reads the Arguments object itself, not an array copy of it.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = analyticsScriptUrl(id);
  document.head.append(script);
}

/** The page's address without its fragment. */
export const pageLocation = (): string =>
  `${window.location.origin}${window.location.pathname}${window.location.search}`;

/** Sends one page view for `path`; returns whether it was sent. */
export function trackPageView(path: string, gate: AnalyticsGate = currentGate()): boolean {
  const id = trackingId(gate);
  if (!id) return false;
  load(id);
  window.gtag?.('event', 'page_view', {
    page_path: path,
    // Never the fragment: /transfer#… and /play#… carry a player's games and puzzles there.
    page_location: pageLocation(),
    send_to: id,
  });
  return true;
}
