import { describe, expect, it } from 'vitest';
import { endUnheardEvents, UNHEARD_EVENTS } from './unheard-events';

/** A page with a root (where React listens, in both phases) around a button; what reaches the root. */
function page() {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = '<div id="root"><button type="button">Tile</button></div>';
  const root = doc.getElementById('root')!;
  const button = doc.querySelector('button')!;
  const heard: string[] = [];
  for (const type of [...UNHEARD_EVENTS, 'pointerdown', 'click', 'pointerenter']) {
    root.addEventListener(type, () => heard.push(`${type} capture`), true);
    root.addEventListener(type, () => heard.push(type));
    button.addEventListener(type, () => heard.push(`${type} at the button`));
  }
  const send = (type: string, bubbles = true) =>
    button.dispatchEvent(new Event(type, { bubbles, cancelable: true }));
  return { doc, heard, send };
}

describe('endUnheardEvents', () => {
  it('ends the passing-over events at the document: the root hears none of them', () => {
    const { doc, heard, send } = page();
    endUnheardEvents(doc);
    for (const type of UNHEARD_EVENTS) send(type);
    expect(heard).toEqual([]);
  });

  it('lets presses, clicks and an element’s own pointerenter through', () => {
    const { doc, heard, send } = page();
    endUnheardEvents(doc);
    send('pointerdown');
    send('click');
    send('pointerenter', false);
    expect(heard).toEqual([
      'pointerdown capture',
      'pointerdown at the button',
      'pointerdown',
      'click capture',
      'click at the button',
      'click',
      'pointerenter capture',
      'pointerenter at the button',
    ]);
  });

  it('does not cancel them: hover styles and default actions are not events', () => {
    const { doc, send } = page();
    endUnheardEvents(doc);
    expect(send('mousemove')).toBe(true);
  });
});
