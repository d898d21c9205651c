import { finishEarlyInput, holdInput, type HeldInput } from './early-input';
import { nameInlinedStyles } from './inlined-styles';
import { pageComplete, type PageComplete } from './page-complete';
import { endUnheardEvents } from './unheard-events';

/**
 * The browser's start-up, as one object: src/main.tsx creates it and hands it to the root
 * (src/app/root.tsx). Its steps run in this order, the same whether the app hydrates the server's
 * page or draws a page afresh (another day's, an offline copy):
 *
 * 1. `createStartUp`, before any page code is asked for and before React's root listens: the
 *    styles the page carries inline are named (inlined-styles.ts), so Vite's loader does not fetch
 *    them again, and the pointer's passing-over events end at the document (unheard-events.ts).
 * 2. `hold`, just before the app draws the page: the control that has the focus and the text typed
 *    into fields are noted (early-input.ts).
 * 3. The app draws (src/main.tsx: hydrating, or a fresh render); each part still on its way shows
 *    a stand-in, counted here (`standIn`, page-complete.ts). Once the app has hydrated and has the
 *    player's data, the root waits until none shows (`whenComplete`), renders once more so the
 *    updates of that turn are drawn, and calls `finish` right after its effects.
 * 4. `finish`, once: `<html data-ready>` is set (an output for CSS and tests, never read back),
 *    `ready` resolves, and typed text, the focus and every press the page's recorder held are
 *    handed to the app, in that order.
 */
export interface StartUp extends PageComplete {
  /** Resolves at `finish` (the service worker waits for it). */
  readonly ready: Promise<void>;
  hold(): void;
  finish(): void;
}

export function createStartUp(doc: Document, root: Element): StartUp {
  nameInlinedStyles(doc);
  endUnheardEvents(doc);
  let held: HeldInput | null = null;
  let finished = false;
  let onReady = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  return {
    ...pageComplete(),
    ready,
    hold() {
      held = holdInput(root);
    },
    finish() {
      if (finished) return;
      finished = true;
      // First: a board kept unseen until now (global.css, "Before the app") can take the focus.
      doc.documentElement.dataset.ready = 'true';
      onReady();
      // Nothing held (no `hold` before the app drew): what is there now is what the player did.
      finishEarlyInput(held ?? holdInput(root));
    },
  };
}
