import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_INPUT_SCRIPT } from '../../../core/inline-scripts';
import { takeEarlyInput } from './early-input';
import { createStartUp } from './start-up';

/** A server's page: its inline styles and recorder, and its HTML in #root. */
function serverPage(html: string): HTMLElement {
  document.head.innerHTML = '<style data-href="/assets/page.css">p{}</style>';
  document.body.innerHTML = `<div id="root">${html}</div>`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text the page runs, run here
  (new Function(EARLY_INPUT_SCRIPT) as () => void)();
  return document.getElementById('root') as HTMLElement;
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

afterEach(() => {
  takeEarlyInput();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete document.documentElement.dataset.ready;
});

describe('createStartUp', () => {
  it('names the inlined styles and ends the passing-over events before the app comes', () => {
    const root = serverPage('<button>Play</button>');
    const heard = vi.fn();
    root.addEventListener('mouseover', heard);
    createStartUp(document, root);
    expect(document.querySelector('link[rel=stylesheet][disabled]')?.getAttribute('href')).toBe(
      '/assets/page.css',
    );
    root.querySelector('button')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(heard).not.toHaveBeenCalled();
  });

  it('finishes once: <html data-ready>, `ready`, then the held presses, on the control drawn again', async () => {
    const root = serverPage('<button>Play</button>');
    const startUp = createStartUp(document, root);
    root.querySelector('button')?.click();
    startUp.hold();
    // The app draws the page (afresh, or a hydration that drew this part again).
    root.innerHTML = '<button>Play</button>';
    const clicks = vi.fn(() => document.documentElement.dataset.ready);
    root.querySelector('button')?.addEventListener('click', clicks);
    const ready = vi.fn();
    void startUp.ready.then(ready);
    expect(document.documentElement.dataset.ready).toBeUndefined();

    startUp.finish();
    startUp.finish();
    // data-ready first: the control is seen (global.css) before the press lands on it.
    expect(clicks.mock.results).toEqual([{ type: 'return', value: 'true' }]);
    await flush();
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('keeps the focus and typed text of a control the app draws again', () => {
    const html =
      '<form><label>Name <input name="name" value="" /></label><button>Go</button></form>';
    const root = serverPage(html);
    const startUp = createStartUp(document, root);
    const field = root.querySelector('input') as HTMLInputElement;
    field.value = 'Ada';
    field.focus();
    startUp.hold();
    root.innerHTML = html;
    startUp.finish();
    expect(document.activeElement).toBe(root.querySelector('input'));
    expect(root.querySelector('input')?.value).toBe('Ada');
  });

  it('calls back once no stand-in shows, after the effects of the commit', async () => {
    const startUp = createStartUp(document, serverPage(''));
    const complete = vi.fn();
    const endLoading = startUp.standIn();
    startUp.whenComplete(complete);
    await flush();
    expect(complete).not.toHaveBeenCalled();
    // The page's code came: its loading line goes, and the page shows a loading line of its own
    // (its puzzle) in the same commit.
    endLoading();
    const endPuzzle = startUp.standIn();
    await flush();
    expect(complete).not.toHaveBeenCalled();
    endPuzzle();
    await flush();
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('does not call back once cancelled', async () => {
    const startUp = createStartUp(document, serverPage(''));
    const complete = vi.fn();
    const cancel = startUp.whenComplete(complete);
    cancel();
    await flush();
    expect(complete).not.toHaveBeenCalled();
  });
});
