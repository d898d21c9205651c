/**
 * The pointer's passing-over events, which no part of the app answers. React listens at its root
 * for every event it knows, and answers each of these by walking the tree for enter and leave
 * handlers and building synthetic events for them, handler or not. A tap or a click sends
 * several (a finger's pointerover and pointerout, a mouse's move before its press), and they are
 * handled in the same task as the press, before the tap's own change can be drawn. The app's
 * components may not listen for them (eslint.config.js), so they end at the document instead.
 */
export const UNHEARD_EVENTS = [
  'pointerover',
  'pointerout',
  'pointermove',
  'mouseover',
  'mouseout',
  'mousemove',
] as const;

/** From now on, the events above go no further than `doc`: hover styles are not events, and stay. */
export function endUnheardEvents(doc: Document): void {
  for (const type of UNHEARD_EVENTS)
    doc.addEventListener(type, (event) => event.stopPropagation(), true);
}
