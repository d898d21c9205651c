import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_INPUT_SCRIPT } from '../../../core/inline-scripts';
import { finishEarlyInput, holdInput, takeEarlyInput } from './early-input';

function page(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  // The page's inline script, exactly as the server writes it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text the page runs, run here
  (new Function(EARLY_INPUT_SCRIPT) as () => void)();
  return document.getElementById('root') as HTMLElement;
}

/** The app draws over `root` (what the player did is noted first), then takes over. */
function drawAndFinish(root: HTMLElement, draw: () => void = () => {}): void {
  const held = holdInput(root);
  draw();
  finishEarlyInput(held);
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

    drawAndFinish(root);
    expect(seen).toEqual(['a', 'b', 'a']);
    expect(document.getElementById('a')?.hasAttribute('data-early')).toBe(false);
    expect(document.documentElement.hasAttribute('data-early-input')).toBe(false);
    // Once the app has taken over, the recorder does nothing.
    document.getElementById('b')?.click();
    drawAndFinish(root);
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
    drawAndFinish(root);
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
    drawAndFinish(root);
    expect(keys).toEqual(['a', 'ArrowRight']);
  });

  it('replays on the control in the same place when the page was drawn afresh', () => {
    const root = page('<div><button>One</button><button>Two</button></div>');
    root.querySelectorAll('button')[1]?.click();
    const fresh = vi.fn();
    drawAndFinish(root, () => {
      root.innerHTML = '<div><button>One</button><button id="fresh">Two</button></div>';
      document.getElementById('fresh')?.addEventListener('click', fresh);
    });
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
    drawAndFinish(root);
    expect(onCircle).toHaveBeenCalledTimes(1);
    expect(onOther).not.toHaveBeenCalled();
  });

  it('gives the focus to the control in the same place when the page was drawn afresh', () => {
    const root = page('<p>Loading</p><div><button>A</button><button id="b">B</button></div>');
    document.getElementById('b')?.focus();
    drawAndFinish(root, () => {
      root.innerHTML = '<p>Puzzle</p><div><button>C</button><button id="d">D</button></div>';
      expect(document.activeElement).toBe(document.body);
    });
    expect(document.activeElement?.id).toBe('d');
  });

  it('hands text typed before the app to the app, as an input event', () => {
    const root = page('<input id="name" value="" /><textarea id="msg"></textarea>');
    (document.getElementById('name') as HTMLInputElement).value = 'Ada';
    (document.getElementById('msg') as HTMLTextAreaElement).value = 'Hello';
    const inputs: string[] = [];
    root.addEventListener('input', (event) =>
      inputs.push((event.target as HTMLInputElement).value),
    );
    drawAndFinish(root);
    expect(inputs).toEqual(['Ada', 'Hello']);
  });

  it('hands over text typed after it was noted, and noted text that a render cleared', () => {
    const root = page(
      '<input id="name" value="" /><textarea id="msg"></textarea><input id="mail" value="" />',
    );
    const field = (id: string) => document.getElementById(id) as HTMLInputElement;
    field('name').value = 'Ada';
    const inputs: string[] = [];
    root.addEventListener('input', (event) =>
      inputs.push(
        `${(event.target as HTMLInputElement).id}=${(event.target as HTMLInputElement).value}`,
      ),
    );
    drawAndFinish(root, () => {
      // Typed while the page's code was still on its way: after the note, before the app.
      field('msg').value = 'Hello';
      // The app's render drew the name field again as it was: the noted text is handed over.
      field('name').value = '';
      // Typed once the app was here: the app took it (it draws what it holds), nothing to hand over.
      field('mail').value = 'ada@example.com';
      field('mail').defaultValue = 'ada@example.com';
    });
    expect(inputs).toEqual(['name=Ada', 'msg=Hello']);
  });

  it('hands typed text to the same field drawn again in its place (a page drawn afresh)', () => {
    const form =
      '<form><label>Your name <input name="name" value="" /></label>' +
      '<label>Message <textarea name="message"></textarea></label></form>';
    const root = page(form);
    const [name, message] = root.querySelectorAll<HTMLInputElement>('input, textarea');
    if (!name || !message) throw new Error('no fields');
    name.value = 'Ada';
    message.value = 'Hello';
    message.focus();
    const inputs: string[] = [];
    root.addEventListener('input', (event) => {
      const field = event.target as HTMLInputElement;
      inputs.push(`${field.name}=${field.value}`);
    });
    drawAndFinish(root, () => {
      root.innerHTML = form;
    });
    expect(name.isConnected).toBe(false);
    expect(inputs).toEqual(['name=Ada', 'message=Hello']);
    expect(root.querySelector('input')?.value).toBe('Ada');
    // The field the player was typing in has the focus again.
    expect(document.activeElement).toBe(root.querySelector('textarea'));
  });

  it('keeps typed text from another field that now sits in its place', () => {
    const root = page('<label>Your name <input name="name" value="" /></label>');
    (root.querySelector('input') as HTMLInputElement).value = 'Ada';
    const inputs = vi.fn();
    root.addEventListener('input', inputs);
    drawAndFinish(root, () => {
      root.innerHTML = '<label>Promo code <input name="code" value="" /></label>';
    });
    expect(inputs).not.toHaveBeenCalled();
    expect(root.querySelector('input')?.value).toBe('');
  });

  it('finds again, by the recorder’s paths, each control of a page drawn again', () => {
    const html =
      '<header><button>Menu</button><nav><a href="/a">A</a><a href="/b">B</a></nav></header>' +
      '<main><section><h1>Title</h1><div role="group"><button>1</button><button>2</button>' +
      '<button>3</button></div></section><form><label>Name <input name="n" /></label>' +
      '<button type="submit">Send</button></form></main><footer><a href="/c">C</a></footer>';
    const root = page(html);
    const controls = root.querySelectorAll<HTMLElement>('button, a, input');
    expect(controls.length).toBe(9);
    for (const [index] of [...controls].entries()) {
      root.innerHTML = html;
      root.querySelectorAll<HTMLElement>('button, a, input')[index]?.focus();
      drawAndFinish(root, () => {
        root.innerHTML = html;
      });
      expect(document.activeElement).toBe(root.querySelectorAll('button, a, input')[index]);
    }
  });
});
