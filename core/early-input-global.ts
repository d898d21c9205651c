/**
 * Where the page's early-input recorder (core/inline-scripts.ts) offers the app its queue and its
 * paths (src/lib/start-up/early-input.ts). A module of its own, so the app's code takes this name
 * and nothing of the inline scripts' texts.
 */
export const EARLY_INPUT_GLOBAL = '__linchpinEarlyInput';
