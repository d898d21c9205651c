/**
 * The build-time settings both the browser and the server must agree on, read from the same
 * variables (`VITE_*`, from the environment or `.env` at build and at server start).
 */

/** The ad network's client and slot ids. */
export interface AdIds {
  adClient: string | null;
  adSlot: string | null;
}

type Env = Record<string, unknown>;

/** A setting's trimmed text, or null when it is unset or blank. */
export function setting(env: Env, name: string): string | null {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function adIdsFrom(env: Env): AdIds {
  return { adClient: setting(env, 'VITE_AD_CLIENT'), adSlot: setting(env, 'VITE_AD_SLOT') };
}

/**
 * The one definition of "ads are on": both the client and the slot id are set. Then "Random
 * Puzzle" goes through the Quick Break, the ad slot loads the network's script, and the server's
 * Content-Security-Policy allows the network's hosts. With either missing, none of the three.
 */
export function adsOn(ids: AdIds): ids is { adClient: string; adSlot: string } {
  return ids.adClient !== null && ids.adSlot !== null;
}

/** The analytics measurement id, or null. */
export const analyticsIdFrom = (env: Env): string | null => setting(env, 'VITE_ANALYTICS_ID');
