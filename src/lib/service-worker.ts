/**
 * The service worker (vite-plugin-pwa's sw.js: the app precached, the puzzles released so far stored on
 * install by public/sw-puzzles.js, index.html for
 * client routes offline). A new version installs in the background and then waits: nothing
 * reloads until the player chooses to, so a game in progress is never cut short.
 *
 * Registered with the browser's own API rather than workbox-window: the same few steps, and
 * 2 KB less on the home page's first load (docs/decisions.md).
 */

/** Called when a new version is installed and waiting; `apply` activates it and reloads. */
export type UpdateReadyListener = (apply: () => void) => void;

export interface ServiceWorkerOptions {
  onUpdateReady: UpdateReadyListener;
  url?: string;
  /** How often an open tab asks the server for a newer sw.js (the browser also checks on load). */
  checkEveryMs?: number;
  container?: ServiceWorkerContainer;
}

const HOUR = 60 * 60 * 1000;

export async function registerServiceWorker({
  onUpdateReady,
  url = '/sw.js',
  checkEveryMs = HOUR,
  container = navigator.serviceWorker,
}: ServiceWorkerOptions): Promise<void> {
  // Undefined where a browser (or a test harness) blocks service workers without refusing.
  const registration = (await container.register(url, { scope: '/' })) as
    ServiceWorkerRegistration | undefined;
  if (!registration) return;

  const apply = () => {
    const waiting = registration.waiting;
    // Another tab may have activated the new version already: then a reload is all that is left.
    if (!waiting) {
      window.location.reload();
      return;
    }
    container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    // Workbox's sw.js takes over when asked this way (its "prompt" mode).
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  // Only an update waits: the very first install takes control at once (clientsClaim).
  const announce = () => {
    if (registration.waiting && container.controller) onUpdateReady(apply);
  };

  // A version may already be waiting, installed by an earlier visit or another tab.
  announce();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announce();
    });
  });

  window.setInterval(() => {
    if (navigator.onLine && document.visibilityState === 'visible') void registration.update();
  }, checkEveryMs);
}
