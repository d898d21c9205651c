import { EARLY_INPUT_GLOBAL } from '../../../core/early-input-global';

/**
 * The app's half of "every tap counts": what the player did before the app had taken over the
 * page, held by the page's inline recorder (core/inline-scripts.ts), is replayed once the app has
 * drawn the page and applied the player's data, exactly once and in the order it was made. The
 * control that had the focus and the text typed into fields are noted just before the app draws
 * (`holdInput`) and handed back after (`finishEarlyInput`, early-input.ts): the same on a page
 * hydrated and on a page drawn afresh (src/lib/start-up/start-up.ts runs both). This module is
 * what the entry needs: the recorder, and what is noted before the app draws; early-replay.ts,
 * loaded only when there is something to hand back, does the rest.
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

/** A control as noted before the app drew the page: the element, and its path from #root. */
export type Noted = Pick<EarlyInput, 'el' | 'path'>;

export type TextField = HTMLInputElement | HTMLTextAreaElement;

export function textFields(root: Element): TextField[] {
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
