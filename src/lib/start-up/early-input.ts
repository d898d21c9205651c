import { EARLY_INPUT_GLOBAL } from '../../../core/early-input-global';

/**
 * The app's half of "every tap counts": what the player did before the app had taken over the
 * page, held by the page's inline recorder (core/inline-scripts.ts), is replayed once the app has
 * drawn the page and applied the player's data, exactly once and in the order it was made. The
 * control that had the focus and the text typed into fields are noted just before the app draws
 * (`holdInput`) and handed back after (`finishEarlyInput`): the same on a page hydrated and on a
 * page drawn afresh (src/lib/start-up/start-up.ts runs both).
 */

export interface EarlyInput {
  type: 'click' | 'keydown' | 'submit';
  el: Element;
  /** Child indexes from #root to the control, to find it again in a page rendered afresh. */
  path: number[] | null;
  key?: string;
  code?: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** What the page's recorder offers the app (core/inline-scripts.ts). */
interface Recorder {
  /** Stops the recorder and returns what it held, oldest first. */
  take(): EarlyInput[];
  /** Child indexes from #root to `el` (its one definition); null when `el` is not inside. */
  path(el: Element): number[] | null;
}

function recorder(): Recorder | null {
  const value: unknown = Reflect.get(window, EARLY_INPUT_GLOBAL);
  return typeof value === 'object' && value !== null && 'take' in value
    ? (value as Recorder)
    : null;
}

/** Stops the recorder (the app answers from now on) and returns what it held, oldest first. */
export function takeEarlyInput(): EarlyInput[] {
  return recorder()?.take() ?? [];
}

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

/** A control as noted before the app drew the page: the element, and its path from #root. */
type Noted = Pick<EarlyInput, 'el' | 'path'>;

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

type TextField = HTMLInputElement | HTMLTextAreaElement;

function textFields(root: Element): TextField[] {
  return [
    ...root.querySelectorAll<TextField>(
      'input:not([type=radio]):not([type=checkbox]):not([type=submit]):not([type=button]):not([type=hidden]), textarea',
    ),
  ];
}

/** What the player had done to the page when the app began to draw it. */
export interface HeldInput {
  root: Element;
  /** The control the player had reached (with the keyboard, or a field they were typing in). */
  focus: Noted | null;
  /** Each field whose text the player had changed: that text, and the value the page drew. */
  fields: (Noted & { text: string; drawn: string })[];
}

/**
 * Just before the app draws the page (hydrating it, or drawing it afresh): notes the focus and the
 * typed text, each with its path as the recorder makes paths.
 */
export function holdInput(root: Element): HeldInput {
  const path = (el: Element) => recorder()?.path(el) ?? null;
  const el = document.activeElement;
  const focus = el ? path(el) : null;
  return {
    root,
    focus: el && focus?.length ? { el, path: focus } : null,
    fields: textFields(root)
      .filter((field) => field.value !== field.defaultValue)
      .map((field) => ({
        el: field,
        path: path(field),
        text: field.value,
        drawn: field.defaultValue,
      })),
  };
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
export function finishEarlyInput(held: HeldInput): void {
  const typed = typedSinceHeld(held);
  const inputs = takeEarlyInput();
  restoreTypedFields(typed);
  restoreFocus(held);
  replayEarlyInput(inputs, held.root);
}
