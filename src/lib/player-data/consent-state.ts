import { useSyncExternalStore } from 'react';
import { useHydrated } from '../start-up/hydration';
import { readConsent, type Consent } from './storage';

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

/**
 * Whether the banner shows. A page is the same for everyone, a first visit's, so the server and the
 * browser's hydration render it; the page's inline script hides it before the first paint when the
 * player has chosen (core/inline-scripts.ts), and the render after hydration removes it.
 */
export function useCookieBanner(): BannerState {
  // The same snapshot while hydrating as after: a difference would make React re-render at sync
  // priority right after hydration (src/lib/start-up/hydration.tsx); the switch comes with the transition.
  const live = useSyncExternalStore(subscribe, bannerState, bannerState);
  return useHydrated() ? live : 'first';
}

/** The player's consent choice, as the page after hydration knows it (none before). */
export function useConsent(): Consent | null {
  const live = useSyncExternalStore(subscribe, readConsent, readConsent);
  return useHydrated() ? live : null;
}
