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
