/**
 * The open board's order of the palette's colours (the board shuffles them at setup, docs/spec.md
 * §4), for the Settings preview to show the colours in the board's order. Only the game's and the
 * settings' lazy chunks import this, so the first load carries none of it; the order cannot change
 * while Settings is open, so Settings reads it once as it opens.
 */
let current: readonly number[] | null = null;

/** The board sets its order while it is open, and null as it closes. */
export function setBoardColorOrder(order: readonly number[] | null): void {
  current = order;
}

export function boardColorOrder(): readonly number[] | null {
  return current;
}
