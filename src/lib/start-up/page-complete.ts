import { useEffect } from 'react';

/**
 * Whether the page a player sees is all there. A part of a page whose code or data is still on
 * its way shows a stand-in (a Suspense fallback: the loading line, or nothing for the cookie
 * banner) that calls `useStandIn`; while one shows, the controls the player may already have
 * pressed on the server's HTML are not there yet. A page the browser renders afresh (another day's
 * page, an offline copy) replaces the server's HTML at once and shows stand-ins until its code and
 * puzzle arrive; the app waits for them to go before it replays what was pressed (src/app/root.tsx).
 */

let standIns = 0;
let waiting: (() => void)[] = [];

function settle(): void {
  if (standIns > 0) return;
  const callbacks = waiting;
  waiting = [];
  for (const callback of callbacks) callback();
}

/** Marks the calling component as a stand-in for a part of the page still on its way. */
export function useStandIn(): void {
  useEffect(() => {
    standIns += 1;
    return () => {
      standIns -= 1;
      // After the rest of this commit's effects: a part that arrives may show a stand-in of its own
      // (a page whose puzzle is still on its way), mounted right after this one goes.
      if (standIns === 0) queueMicrotask(settle);
    };
  }, []);
}

/**
 * Calls `callback` once no stand-in shows (checked after the current commit's effects). Returns a
 * function that cancels the call.
 */
export function whenPageComplete(callback: () => void): () => void {
  let live = true;
  const call = () => {
    if (live) callback();
  };
  waiting.push(call);
  queueMicrotask(settle);
  return () => {
    live = false;
    waiting = waiting.filter((waiter) => waiter !== call);
  };
}
