import { createElement, use, type ComponentType } from 'react';

/** A component whose code comes in its own chunk, and the function that fetches that code. */
export interface Preloadable<P> {
  /** Renders the component; suspends (the nearest Suspense shows its fallback) until its code is here. */
  Component: ComponentType<P>;
  /** Fetches the code, once: a caller warms it before it is needed, the entry before hydrating. */
  load: () => Promise<ComponentType<P>>;
}

/**
 * The one way to load a component lazily and warm its code ahead (the pages of src/app/routes.tsx,
 * the cookie banner). A component whose code is already here renders at once, without
 * suspending: a page hydrating over the server's HTML must not wait a turn, or an update from
 * above in that turn (the player's data arriving) would replace the server's HTML with the
 * Suspense fallback. Until then it suspends on the one promise of its load (`use`); a load that
 * failed is tried again on the next call.
 */
export function preloadable<P extends object>(
  fetch: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const load = () =>
    (loading ??= fetch().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Component = (props: P) => createElement(loaded ?? use(load()), props);
  return { Component, load };
}
