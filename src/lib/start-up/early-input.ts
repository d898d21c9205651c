import { EARLY_INPUT_GLOBAL } from '../../../core/early-input-global';

/**
 * The app's half of "every tap counts": what the player did before the app had hydrated, held by
 * the page's inline recorder (core/inline-scripts.ts), is replayed once the app has hydrated and
 * applied the player's data, exactly once and in the order it was made. Text typed into a field
 * before hydration is handed to the form that owns the field.
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

interface Recorder {
  take(): EarlyInput[];
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

function resolve(input: Pick<EarlyInput, 'el' | 'path'>, root: Element): Element | null {
  if (input.el.isConnected) return input.el;
  return input.path ? atPath(input.path, root) : null;
}

/**
 * What a control is to the player: its kind (element, type, role) and its name (its label, or its
 * text). Two controls alike in both are the same control, wherever the page was drawn.
 */
function controlSignature(el: Element): string {
  const kind = [el.tagName, el.getAttribute('type') ?? '', el.getAttribute('role') ?? ''];
  const name =
    el.getAttribute('aria-label') ??
    (el instanceof HTMLInputElement
      ? `${el.name}=${el.value} ${el.closest('label')?.textContent ?? ''}`
      : (el.textContent ?? ''));
  return [...kind, name.replace(/\s+/g, ' ').trim()].join('|');
}

/**
 * The control a held press or key goes to: the one pressed, or, on a page drawn afresh, the
 * control now in its place only if it is the same control (same kind and name: not another day's
 * word on the same tile); otherwise none, and the press is dropped.
 */
function replayTarget(input: Pick<EarlyInput, 'el' | 'path'>, root: Element): Element | null {
  if (input.el.isConnected) return input.el;
  const el = input.path ? atPath(input.path, root) : null;
  return el && controlSignature(el) === controlSignature(input.el) ? el : null;
}

/** Child indexes from `root` to `el`, as the recorder notes them; null when `el` is not inside. */
function pathOf(el: Element, root: Element): number[] | null {
  const path: number[] = [];
  let node: Element | null = el;
  while (node && node !== root) {
    let index = 0;
    for (
      let sibling = node.previousElementSibling;
      sibling;
      sibling = sibling.previousElementSibling
    )
      index += 1;
    path.unshift(index);
    node = node.parentElement;
  }
  return node ? path : null;
}

let focusedBeforeApp: Pick<EarlyInput, 'el' | 'path'> | null = null;

/**
 * Before the app renders a page afresh (its HTML is replaced): notes the control the player had
 * reached with the keyboard, so the control in the same place takes the focus once the page is
 * drawn again.
 */
export function holdFocus(root: Element | null): void {
  const el = document.activeElement;
  const path = root && el ? pathOf(el, root) : null;
  focusedBeforeApp = el && path && path.length > 0 ? { el, path } : null;
}

/** Gives the focus back to the control in the place of the one that had it, if nothing has it now. */
function restoreFocus(root: Element | null): void {
  const held = focusedBeforeApp;
  focusedBeforeApp = null;
  if (!held || !root || held.el.isConnected) return;
  if (document.activeElement && document.activeElement !== document.body) return;
  const el = resolve(held, root);
  if (el instanceof HTMLElement) el.focus();
}

/** Replays each held input on its control (or the same control now in its place). */
export function replayEarlyInput(inputs: readonly EarlyInput[], root: Element | null): void {
  document.documentElement.removeAttribute('data-early-input');
  for (const input of inputs) input.el.removeAttribute('data-early');
  if (!root) return;
  for (const input of inputs) {
    const el = replayTarget(input, root);
    if (!el) continue;
    if (input.type === 'click' && el instanceof HTMLElement) {
      el.click();
    } else if (input.type === 'submit' && el instanceof HTMLFormElement) {
      el.requestSubmit();
    } else if (input.type === 'keydown') {
      if (el instanceof HTMLElement && document.activeElement !== el) el.focus();
      el.dispatchEvent(
        new KeyboardEvent('keydown', {
          key: input.key,
          code: input.code,
          shiftKey: input.shiftKey,
          ctrlKey: input.ctrlKey,
          altKey: input.altKey,
          metaKey: input.metaKey,
          bubbles: true,
          cancelable: true,
        }),
      );
    }
  }
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Fields whose text the player changed before the app arrived, with that text. */
export function typedFields(root: Element | null): [TextField, string][] {
  return textFields(root)
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => [field, field.value]);
}

function textFields(root: Element | null): TextField[] {
  if (!root) return [];
  return [
    ...root.querySelectorAll<TextField>(
      'input:not([type=radio]):not([type=checkbox]):not([type=submit]):not([type=button]):not([type=hidden]), textarea',
    ),
  ];
}

/**
 * Hands typed text to the app: the field is set back to what the app rendered, then to the typed
 * text by the element's own setter, and an input event tells the app, as typing would have.
 */
export function restoreTypedFields(fields: readonly [TextField, string][]): void {
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

/** A field's typed text as noted just before hydration, and the value the page had drawn in it. */
let typedBeforeHydration: { field: TextField; text: string; drawn: string }[] = [];

/** Just before the app hydrates: notes the text typed into fields so far. */
export function holdTypedFields(root: Element | null): void {
  typedBeforeHydration = typedFields(root).map(([field, text]) => ({
    field,
    text,
    drawn: field.defaultValue,
  }));
}

/**
 * The text to hand to the app once it is here. A field whose text differs from what the app drew
 * holds text the app has not seen: typed while the app was hydrating, or before and kept by it.
 * A field noted before hydration that shows again what the page drew had its text cleared by the
 * app's render, so the noted text is handed over. Any other field the app knows as it is.
 */
export function typedSinceHeld(root: Element | null): [TextField, string][] {
  const typed: [TextField, string][] = [];
  for (const field of textFields(root)) {
    const held = typedBeforeHydration.find((noted) => noted.field === field);
    if (field.value !== field.defaultValue) typed.push([field, field.value]);
    else if (held && field.value === held.drawn) typed.push([field, held.text]);
  }
  return typed;
}

/**
 * Once the app has hydrated and applied the player's data: typed text first, then the focus of a
 * page drawn afresh, then every held press and key, in order. The recorder stops here, so nothing is replayed twice.
 */
export function finishEarlyInput(root: Element | null): void {
  const typed = typedSinceHeld(root);
  typedBeforeHydration = [];
  const inputs = takeEarlyInput();
  restoreTypedFields(typed);
  restoreFocus(root);
  replayEarlyInput(inputs, root);
}
