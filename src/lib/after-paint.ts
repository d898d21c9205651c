/**
 * A slot for work that can wait until the frame a tap causes has been drawn: each `later(task)`
 * replaces the task waiting (only the latest is worth doing), which runs once the next frame is
 * drawn, or at once when the page is hidden or left, so nothing waiting is lost.
 */
export function afterPaintSlot(): (task: () => void) => void {
  let waiting: (() => void) | null = null;
  const run = () => {
    const task = waiting;
    waiting = null;
    task?.();
  };
  let listening = false;
  return (task) => {
    const scheduled = waiting !== null;
    waiting = task;
    if (!listening) {
      listening = true;
      window.addEventListener('pagehide', run);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') run();
      });
    }
    if (scheduled) return;
    // A frame callback runs just before the frame is drawn; a timer set there runs after it.
    requestAnimationFrame(() => window.setTimeout(run, 0));
  };
}

/**
 * Runs `task` once the browser is idle (no frame or input waiting), at the latest after
 * `timeoutMs`: for work after the start-up that no tap waits for (the service worker's start), so
 * it never lands in a task of the player's first taps. Browsers without `requestIdleCallback`
 * (Safari) wait for a timer.
 */
export function whenIdle(task: () => void, timeoutMs = 5000): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  else window.setTimeout(task, 200);
}
