import { adsOn, type AdIds } from '../../../core/site-settings';
/**
 * The ad network adapter (Google AdSense, docs/spec.md §4 "Interstitial"): after 100 ms it loads the ad
 * script, then makes up to 3 pushes 1 s apart. Every failure ends in one message for the page to
 * show. Without a client and slot id it fails at once and nothing is requested.
 */
export const AD_TIMING = { scriptDelayMs: 100, pushAttempts: 3, pushIntervalMs: 1000 } as const;

export const AD_ERRORS = {
  missingIds: 'AdSense: adClient and adSlot are required props.',
  pushFailed: `Failed to push ad after ${AD_TIMING.pushAttempts} attempts`,
  scriptFailed: 'Ad script failed to load',
  noContainer: 'Ad container not available',
  notInitialised: 'Ad network not initialised',
} as const;

/** What the adapter needs from the page: a seam so the timing is tested with fake timers. */
export interface AdHost {
  /** Loads a script once; rejects when it fails. */
  loadScript: (src: string) => Promise<void>;
  hasContainer: () => boolean;
  /** The network's queue once its script set it up, else null. */
  queue: () => { push: (item: object) => unknown } | null;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export const adScriptUrl = (adClient: string) =>
  `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(adClient)}`;

/** The failure message when an id is missing, else null. */
export function checkAdIds(ids: AdIds): string | null {
  return adsOn(ids) ? null : AD_ERRORS.missingIds;
}

/**
 * Runs the load-and-push sequence; `onError` gets at most one message, `onPushed` the success.
 * Returns a function that stops everything still pending (call it on unmount).
 */
export function runAd(
  ids: AdIds,
  host: AdHost,
  onError: (message: string) => void,
  onPushed: () => void = () => undefined,
): () => void {
  let stopped = false;
  let timer: unknown = null;
  const later = (run: () => void, ms: number) => {
    timer = host.setTimeout(() => {
      timer = null;
      if (!stopped) run();
    }, ms);
  };
  const fail = (message: string) => {
    if (stopped) return;
    stopped = true;
    onError(message);
  };

  const missing = checkAdIds(ids);
  if (missing || !ids.adClient) {
    fail(missing ?? AD_ERRORS.missingIds);
    return () => undefined;
  }
  const src = adScriptUrl(ids.adClient);

  const push = (attempt: number) => {
    const queue = host.queue();
    if (!queue) {
      fail(AD_ERRORS.notInitialised);
      return;
    }
    try {
      queue.push({});
      stopped = true;
      onPushed();
    } catch {
      if (attempt >= AD_TIMING.pushAttempts) fail(AD_ERRORS.pushFailed);
      else later(() => push(attempt + 1), AD_TIMING.pushIntervalMs);
    }
  };

  later(() => {
    if (!host.hasContainer()) {
      fail(AD_ERRORS.noContainer);
      return;
    }
    host.loadScript(src).then(
      () => {
        if (!stopped) push(1);
      },
      () => fail(AD_ERRORS.scriptFailed),
    );
  }, AD_TIMING.scriptDelayMs);

  return () => {
    stopped = true;
    if (timer !== null) host.clearTimeout(timer);
  };
}

const scripts = new Map<string, Promise<void>>();

/** Adds the script to the page once per address (a failed load may be tried again later). */
function loadScriptOnce(src: string): Promise<void> {
  const known = scripts.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.crossOrigin = 'anonymous';
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(src);
      script.remove();
      reject(new Error(AD_ERRORS.scriptFailed));
    };
    document.head.append(script);
  });
  scripts.set(src, loading);
  return loading;
}

declare global {
  interface Window {
    adsbygoogle?: { push: (item: object) => unknown };
  }
}

/** The real page: the ad container found through `container`, timers from window. */
export function browserAdHost(container: () => Element | null): AdHost {
  return {
    loadScript: loadScriptOnce,
    hasContainer: () => container()?.isConnected === true,
    queue: () => window.adsbygoogle ?? null,
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
  };
}
