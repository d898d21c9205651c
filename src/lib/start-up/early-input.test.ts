import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_INPUT_SCRIPT } from '../../../core/inline-scripts';
import { finishEarlyInput, holdFocus, holdTypedFields, takeEarlyInput } from './early-input';

function page(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  // The page's inline script, exactly as the server writes it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text the page runs, run here
  (new Function(EARLY_INPUT_SCRIPT) as () => void)();
  return document.getElementById('root') as HTMLElement;
}

afterEach(() => {
  takeEarlyInput();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-early-input');
});

describe('the early-input recorder', () => {
  it('is small: at most 1 KB gzipped', () => {
    expect(gzipSync(EARLY_INPUT_SCRIPT, { level: 9 }).length).toBeLessThanOrEqual(1024);
  });

  it('holds presses before the app, marks them at once, and replays them once, in order', () => {
    const root = page('<button id="a">A</button><button id="b"><span id="inner">B</span></button>');
    const seen: string[] = [];
    // The app's own listener, as React's on the root would be.
    root.addEventListener('click', (event) => seen.push((event.target as Element).id));
    document.getElementById('a')?.click();
    document.getElementById('inner')?.click();
    document.getElementById('a')?.click();
    expect(seen).toEqual([]);
    expect(document.getElementById('a')?.hasAttribute('data-early')).toBe(true);
    expect(document.documentElement.hasAttribute('data-early-input')).toBe(true);

    finishEarlyInput(root);
    expect(seen).toEqual(['a', 'b', 'a']);
    expect(document.getElementById('a')?.hasAttribute('data-early')).toBe(false);
    expect(document.documentElement.hasAttribute('data-early-input')).toBe(false);
    // Once the app has taken over, the recorder does nothing.
    document.getElementById('b')?.click();
    finishEarlyInput(root);
    expect(seen).toEqual(['a', 'b', 'a', 'b']);
  });

  it('lets links navigate and text fields take focus; keeps radio choices for the app', () => {
    const root = page(
      '<a id="link" href="#x">Link</a><label id="l"><input id="r" type="radio" name="d" />Easy</label>' +
        '<label id="t">Name <input id="name" /></label>',
    );
    const link = document.getElementById('link') as HTMLAnchorElement;
    const clicks = vi.fn();
    root.addEventListener('click', clicks);
    link.click();
    document.getElementById('t')?.click();
    // The link's click, the label's, and the one the label passes to its field: none held.
    const passed = clicks.mock.calls.length;
    expect(passed).toBeGreaterThanOrEqual(2);
    const radio = document.getElementById('r') as HTMLInputElement;
    document.getElementById('l')?.click();
    // Not checked before the app: the page stays as the server drew it, for hydration.
    expect(radio.checked).toBe(false);
    expect(clicks).toHaveBeenCalledTimes(passed);
    finishEarlyInput(root);
    expect(radio.checked).toBe(true);
  });

  it('holds keys other than typing (arrows) and replays them on their control', () => {
    const root = page('<button id="tile">Tile</button><input id="field" />');
    const keys: string[] = [];
    root.addEventListener('keydown', (event) => keys.push(event.key));
    const tile = document.getElementById('tile') as HTMLButtonElement;
    tile.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    document
      .getElementById('field')
      ?.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(keys).toEqual(['a']);
    finishEarlyInput(root);
    expect(keys).toEqual(['a', 'ArrowRight']);
  });

  it('replays on the control in the same place when the page was drawn afresh', () => {
    const root = page('<div><button>One</button><button>Two</button></div>');
    root.querySelectorAll('button')[1]?.click();
    root.innerHTML = '<div><button>One</button><button id="fresh">Two</button></div>';
    const fresh = vi.fn();
    document.getElementById('fresh')?.addEventListener('click', fresh);
    finishEarlyInput(root);
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('drops a press when another control now sits in its place (another day’s word)', () => {
    const root = page(
      '<div><button aria-label="Group 1">1</button><button>Spring</button><button>Leap</button></div>',
    );
    const [circle, spring] = root.querySelectorAll('button');
    circle?.click();
    spring?.click();
    root.innerHTML =
      '<div><button aria-label="Group 1" id="circle">1</button><button id="other">Anchor</button><button>Leap</button></div>';
    const onCircle = vi.fn();
    const onOther = vi.fn();
    document.getElementById('circle')?.addEventListener('click', onCircle);
    document.getElementById('other')?.addEventListener('click', onOther);
    finishEarlyInput(root);
    expect(onCircle).toHaveBeenCalledTimes(1);
    expect(onOther).not.toHaveBeenCalled();
  });

  it('gives the focus to the control in the same place when the page was drawn afresh', () => {
    const root = page('<p>Loading</p><div><button>A</button><button id="b">B</button></div>');
    document.getElementById('b')?.focus();
    holdFocus(root);
    root.innerHTML = '<p>Puzzle</p><div><button>C</button><button id="d">D</button></div>';
    expect(document.activeElement).toBe(document.body);
    finishEarlyInput(root);
    expect(document.activeElement?.id).toBe('d');
  });

  it('hands text typed before the app to the app, as an input event', () => {
    const root = page('<input id="name" value="" /><textarea id="msg"></textarea>');
    (document.getElementById('name') as HTMLInputElement).value = 'Ada';
    (document.getElementById('msg') as HTMLTextAreaElement).value = 'Hello';
    holdTypedFields(root);
    const inputs: string[] = [];
    root.addEventListener('input', (event) =>
      inputs.push((event.target as HTMLInputElement).value),
    );
    finishEarlyInput(root);
    expect(inputs).toEqual(['Ada', 'Hello']);
  });

  it('hands over text typed after it was noted, and noted text that a render cleared', () => {
    const root = page(
      '<input id="name" value="" /><textarea id="msg"></textarea><input id="mail" value="" />',
    );
    const field = (id: string) => document.getElementById(id) as HTMLInputElement;
    field('name').value = 'Ada';
    holdTypedFields(root);
    // Typed while the page's code was still on its way: after the note, before the app.
    field('msg').value = 'Hello';
    // The app's render drew the name field again as it was: the noted text is handed over.
    field('name').value = '';
    // Typed once the app was here: the app took it (it draws what it holds), nothing to hand over.
    field('mail').value = 'ada@example.com';
    field('mail').defaultValue = 'ada@example.com';
    const inputs: string[] = [];
    root.addEventListener('input', (event) =>
      inputs.push(
        `${(event.target as HTMLInputElement).id}=${(event.target as HTMLInputElement).value}`,
      ),
    );
    finishEarlyInput(root);
    expect(inputs).toEqual(['name=Ada', 'msg=Hello']);
  });
});
