import { useSyncExternalStore } from 'react';
import { readConsent } from './storage';

/** Whether the cookie banner shows: on a first visit (no choice yet), or reopened by the player. */
let reopened = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  reopened = value;
  for (const listener of listeners) listener();
}

/** "Cookie settings": shows the banner again so the player can change their choice. */
export const openCookieSettings = () => set(true);
export const closeCookieBanner = () => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type BannerState = 'first' | 'reopened' | null;

const bannerState = (): BannerState =>
  reopened ? 'reopened' : readConsent() === null ? 'first' : null;

/** The server renders from the request's cookies, so the banner shows only when it belongs. */
export function useCookieBanner(): BannerState {
  return useSyncExternalStore(subscribe, bannerState, bannerState);
}
