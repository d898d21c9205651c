import {
  takeEarlyInput,
  textFields,
  type EarlyInput,
  type HeldInput,
  type Noted,
  type TextField,
} from './held-input';

/**
 * The replaying half of early-input.ts (held-input.ts notes what there is to replay), loaded only on a page where the player did something
 * before the app took over: the held presses and keys, the typed text and the focus handed back.
 */

/** The element now at `path` from `root`, or null. */
function atPath(path: readonly number[], root: Element): Element | null {
  let node: Element | undefined = root;
  for (const index of path) {
    node = node.children[index];
    if (!node) return null;
  }
  return node;
}

/**
 * What a control is to the player: its kind (element, type, role) and its name (its label, or its
 * text, and the value it was drawn with: a radio's option, not text typed into a field). Two
 * controls alike in both are the same control, wherever the page was drawn.
 */
function controlSignature(el: Element): string {
  const kind = [el.tagName, el.getAttribute('type') ?? '', el.getAttribute('role') ?? ''];
  const name =
    el.getAttribute('aria-label') ??
    (el instanceof HTMLInputElement
      ? `${el.name}=${el.getAttribute('value') ?? ''} ${el.closest('label')?.textContent ?? ''}`
      : (el.textContent ?? ''));
  return [...kind, name.replace(/\s+/g, ' ').trim()].join('|');
}

/**
 * The control a held press, key or text goes to: the one noted, or, on a page drawn again, the
 * control now in its place only if it is the same control (same kind and name: not another day's
 * word on the same tile); otherwise none, and the input is dropped.
 */
function replayTarget(input: Noted, root: Element): Element | null {
  if (input.el.isConnected) return input.el;
  const el = input.path ? atPath(input.path, root) : null;
  return el && controlSignature(el) === controlSignature(input.el) ? el : null;
}

/**
 * The text to hand to the app once it is here. A field whose text differs from what the app drew
 * holds text the app has not seen: typed while the app was on its way, or before and kept by it.
 * A field noted before that shows again what the page drew (the same field, or the same field
 * drawn again in its place) had its text cleared by the app's render, so the noted text is handed
 * over. Any other field the app knows as it is.
 */
function typedSinceHeld({ root, fields }: HeldInput): [TextField, string][] {
  const typed: [TextField, string][] = [];
  for (const field of textFields(root)) {
    const held = fields.find((noted) => replayTarget(noted, root) === field);
    if (field.value !== field.defaultValue) typed.push([field, field.value]);
    else if (held && field.value === held.drawn) typed.push([field, held.text]);
  }
  return typed;
}

/**
 * Hands typed text to the app: the field is set back to what the app rendered, then to the typed
 * text by the element's own setter, and an input event tells the app, as typing would have.
 */
function restoreTypedFields(fields: readonly [TextField, string][]): void {
  for (const [field, text] of fields) {
    if (!field.isConnected) continue;
    const prototype = Object.getPrototypeOf(field) as object;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the field below
    const set = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    field.value = field.defaultValue;
    // The element's own setter: the app's record of the field's value stays the old one, so the
    // input event below reads as a change.
    if (set) set.call(field, text);
    else field.value = text;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Gives the focus back to the control in the place of the one that had it, when the app drew that
 * control again and nothing has the focus now.
 */
function restoreFocus({ root, focus }: HeldInput): void {
  if (!focus?.path || focus.el.isConnected) return;
  if (document.activeElement && document.activeElement !== document.body) return;
  const el = atPath(focus.path, root);
  if (el instanceof HTMLElement) el.focus();
}

/** Replays each held input on its control (or the same control now in its place). */
function replayEarlyInput(inputs: readonly EarlyInput[], root: Element): void {
  document.documentElement.removeAttribute('data-early-input');
  for (const input of inputs) input.el.removeAttribute('data-early');
  for (const input of inputs) {
    const el = replayTarget(input, root);
    if (!el) continue;
    if (input.type === 'click' && el instanceof HTMLElement) {
      el.click();
    } else if (input.type === 'submit' && el instanceof HTMLFormElement) {
      el.requestSubmit();
    } else if (input.type === 'keydown') {
      if (el instanceof HTMLElement && document.activeElement !== el) el.focus();
      // The key's own fields (key, code, modifiers); KeyboardEvent ignores the rest.
      el.dispatchEvent(new KeyboardEvent('keydown', { ...input, bubbles: true, cancelable: true }));
    }
  }
}

/**
 * Once the app has drawn the page and applied the player's data: typed text first, then the
 * focus, then every held press and key, in order. The recorder stops here, so nothing is
 * replayed twice.
 */
export function replayHeldInput(held: HeldInput): void {
  const typed = typedSinceHeld(held);
  const inputs = takeEarlyInput();
  restoreTypedFields(typed);
  restoreFocus(held);
  replayEarlyInput(inputs, held.root);
}
