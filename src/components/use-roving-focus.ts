import { useCallback, useMemo, useRef, type FocusEvent, type KeyboardEvent } from 'react';

const BUTTON = '[data-roving-index]';

/**
 * One tab stop for a group of buttons, with the arrow keys moving between them (a "roving
 * tabindex"): Left/Right step, Up/Down step a row, Home/End go to the first/last. `columns` is the
 * row length (the count itself for a single row). Enter and Space stay with the buttons.
 *
 * The container takes `containerProps`; each button takes `tabIndex={tabIndexOf(i)}` and
 * `data-roving-index={i}`. The tab stop starts on the first button and then follows the focus
 * (an arrow key, a tap, a click): the focus event moves it on the buttons themselves, with no
 * render. `tabIndexOf` is the first render's value and never changes, so React never writes it
 * again; a render for each focus used to cost every tap a second render of its group.
 */
export function useRovingFocus(count: number, columns: number = count) {
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>(BUTTON)];
      const from = buttons.indexOf(event.target as HTMLElement);
      if (from < 0) return;
      const target = nextIndex(event.key, from, count, columns);
      if (target === null) return;
      event.preventDefault();
      buttons[target]?.focus();
    },
    [count, columns],
  );

  // The button that holds the tab stop: the first until another is focused.
  const stop = useRef<HTMLElement | null>(null);
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const focused = event.target;
    if (focused === stop.current || focused.dataset.rovingIndex === undefined) return;
    const previous = stop.current?.isConnected
      ? stop.current
      : event.currentTarget.querySelector<HTMLElement>(`${BUTTON}[tabindex="0"]`);
    previous?.setAttribute('tabindex', '-1');
    focused.setAttribute('tabindex', '0');
    stop.current = focused;
  }, []);

  const containerProps = useMemo(() => ({ onKeyDown, onFocus }), [onKeyDown, onFocus]);
  return { containerProps, tabIndexOf: firstTabIndex };
}

function firstTabIndex(index: number): number {
  return index === 0 ? 0 : -1;
}

/** Where a key moves focus in a grid of `count` items, `columns` to a row; null for other keys. */
export function nextIndex(
  key: string,
  from: number,
  count: number,
  columns: number,
): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(from + 1, last);
    case 'ArrowLeft':
      return Math.max(from - 1, 0);
    case 'ArrowDown':
      return from + columns <= last ? from + columns : from;
    case 'ArrowUp':
      return from - columns >= 0 ? from - columns : from;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
