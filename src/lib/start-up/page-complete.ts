import { createContext, useContext, useEffect } from 'react';

/**
 * Whether the page a player sees is all there. A part of a page whose code or data is still on
 * its way shows a stand-in (a Suspense fallback: the loading line, or nothing for the cookie
 * banner) that calls `useStandIn`; while one shows, the controls the player may already have
 * pressed on the server's HTML are not there yet. A page the browser renders afresh (another day's
 * page, an offline copy) replaces the server's HTML at once and shows stand-ins until its code and
 * puzzle arrive; the app waits for them to go before it replays what was pressed (src/app/root.tsx).
 */
export interface PageComplete {
  /** Counts a stand-in that shows; the function returned says it has gone. */
  standIn(): () => void;
  /**
   * Calls `callback` once no stand-in shows (checked after the current commit's effects), in place
   * of any callback still waiting. Returns a function that cancels the call.
   */
  whenComplete(callback: () => void): () => void;
}

/** The count of the stand-ins showing, for one page (the start-up's: src/lib/start-up/start-up.ts). */
export function pageComplete(): PageComplete {
  let standIns = 0;
  /** The one caller waiting (the root's). */
  let waiting: (() => void) | null = null;
  const settle = () => {
    const callback = standIns > 0 ? null : waiting;
    if (callback) waiting = null;
    callback?.();
  };
  return {
    standIn() {
      standIns += 1;
      return () => {
        standIns -= 1;
        // After the rest of this commit's effects: a part that arrives may show a stand-in of its
        // own (a page whose puzzle is still on its way), mounted right after this one goes.
        if (standIns === 0) queueMicrotask(settle);
      };
    },
    whenComplete(callback) {
      waiting = callback;
      queueMicrotask(settle);
      return () => {
        if (waiting === callback) waiting = null;
      };
    },
  };
}

/** Where the stand-ins are counted: the root provides the start-up's count (none on the server). */
export const StandIns = createContext<PageComplete | null>(null);

/** Marks the calling component as a stand-in for a part of the page still on its way. */
export function useStandIn(): void {
  const count = useContext(StandIns);
  useEffect(() => count?.standIn(), [count]);
}
