import { takeEarlyInput, textFields, type HeldInput } from './held-input';

export { holdInput, takeEarlyInput, type HeldInput } from './held-input';

/**
 * Once the app has drawn the page and applied the player's data: typed text first, then the
 * focus, then every held press and key, in order (early-replay.ts). Most pages have none of it:
 * then the recorder is only stopped, and the code that replays is never loaded. Otherwise it is
 * loaded now, and the recorder keeps holding presses until it has run, so nothing is replayed
 * out of order or twice. Should it fail to load, the recorder is stopped all the same: the page
 * answers from then on, and what it held is dropped.
 */
export function finishEarlyInput(held: HeldInput): Promise<void> {
  const nothingHeld =
    !document.documentElement.hasAttribute('data-early-input') &&
    held.fields.length === 0 &&
    (!held.focus || held.focus.el.isConnected) &&
    textFields(held.root).every((field) => field.value === field.defaultValue);
  if (nothingHeld) {
    takeEarlyInput();
    return Promise.resolve();
  }
  return import('./early-replay').then(
    ({ replayHeldInput }) => replayHeldInput(held),
    () => {
      takeEarlyInput();
    },
  );
}
