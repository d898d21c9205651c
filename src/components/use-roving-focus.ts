import {
  startTransition,
  useCallback,
  useMemo,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';

/**
 * One tab stop for a group of buttons, with the arrow keys moving between them (a "roving
 * tabindex"): Left/Right step, Up/Down step a row, Home/End go to the first/last. `columns` is the
 * row length (the count itself for a single row). Enter and Space stay with the buttons.
 *
 * The container takes `containerProps`; each button takes `tabIndex={tabIndexOf(i)}` and
 * `data-roving-index={i}` (plain values, so memoised buttons do not re-render on every move).
 */
export function useRovingFocus(count: number, columns: number = count) {
  const [current, setCurrent] = useState(0);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-roving-index]')];
      const from = buttons.indexOf(event.target as HTMLElement);
      if (from < 0) return;
      const target = nextIndex(event.key, from, count, columns);
      if (target === null) return;
      event.preventDefault();
      setCurrent(target);
      buttons[target]?.focus();
    },
    [count, columns],
  );

  // A click or a tap also moves the tab stop to the button it lands on: as a transition, after
  // the tap's own render, not as a render of its own between the press and the click.
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const index = event.target.dataset.rovingIndex;
    if (index !== undefined) startTransition(() => setCurrent(Number(index)));
  }, []);

  const containerProps = useMemo(() => ({ onKeyDown, onFocus }), [onKeyDown, onFocus]);
  const tabIndexOf = (index: number) => (index === current ? 0 : -1);
  return { containerProps, tabIndexOf };
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
