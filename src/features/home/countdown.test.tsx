import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODULE_LOADER_SCRIPT } from '../../../core/inline-scripts';
import { Countdown } from './countdown';

/** The countdown as the app draws it at `iso`: what a player sees, and what a screen reader hears. */
function drawnAt(iso: string): string {
  vi.setSystemTime(new Date(iso));
  return renderToString(<Countdown />);
}

const texts = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return [...box.querySelectorAll('.countdown > span')].map((span) => span.textContent);
};

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the countdown and the page’s loader', () => {
  it.each([
    '2026-11-22T21:30:15.000Z',
    '2026-11-22T21:30:15.500Z',
    '2026-11-22T15:00:00.250Z',
    '2026-11-22T23:59:59.500Z',
    '2026-11-23T00:00:00.005Z',
    '2026-11-23T00:00:00.000Z',
  ])('agree at %s: the loader sets the parts of a page rendered earlier', (iso) => {
    vi.useFakeTimers();
    // The page as the server rendered it at the start of the day, and kept.
    document.body.innerHTML =
      `<div id="root">${drawnAt('2026-11-22T00:00:01Z')}</div>` +
      '<script id="page-modules" type="application/json">[]</script>';
    vi.setSystemTime(new Date(iso));
    // The page's inline script, exactly as the server writes it.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text the page runs, run here
    (new Function(MODULE_LOADER_SCRIPT) as () => void)();
    expect(texts(document.body.innerHTML)).toEqual(texts(drawnAt(iso)));
  });

  it('reads "New puzzle in" with the hours and minutes, and shows HH:MM:SS', () => {
    vi.useFakeTimers();
    expect(texts(drawnAt('2026-11-22T15:00:00.250Z'))).toEqual([
      'New puzzle in: 08:59:59',
      'New puzzle in: 8 hours 59 minutes',
    ]);
  });

  it('shows 23:59:59 from the very start of a day, never 24:00:00', () => {
    vi.useFakeTimers();
    expect(texts(drawnAt('2026-11-23T00:00:00.000Z'))).toEqual([
      'New puzzle in: 23:59:59',
      'New puzzle in: 23 hours 59 minutes',
    ]);
  });
});
