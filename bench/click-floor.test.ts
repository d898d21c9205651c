// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CLICK_FLOOR_SCRIPT } from './floor';

/** The click floor's plain DOM code, run on a board marked up as /game's is (color-selectors.tsx: a circle's name is its hidden text, not an aria-label). */
describe('the click floor of /game', () => {
  it('makes the changes a click makes in the game, so the bench can play it', () => {
    document.body.innerHTML = `
      <div class="cookie-banner">Cookies?</div>
      <button class="selector-circle" aria-pressed="false"><span aria-hidden="true">1</span><span class="visually-hidden">Category 1</span></button><span class="selector-caption">0/3</span>
      <button class="selector-circle" aria-pressed="false"><span aria-hidden="true">2</span><span class="visually-hidden">Category 2</span></button><span class="selector-caption">0/3</span>
      <div role="group" aria-label="Words"><button class="tile tile-none" aria-label="Pike"><span class="tile-word">Pike</span></button></div>
      <button class="button">Clear All</button>`;
    const code = /<script>([\s\S]*)<\/script>/.exec(CLICK_FLOOR_SCRIPT)?.[1] ?? '';
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text the page runs, run here
    (new Function(code) as () => void)();
    expect(document.querySelector('.cookie-banner')).toBeNull();
    const [first, second] = document.querySelectorAll<HTMLButtonElement>('.selector-circle');
    const tile = document.querySelector<HTMLButtonElement>('.tile')!;
    second!.click();
    tile.click();
    expect(second!.getAttribute('aria-pressed')).toBe('true');
    expect(first!.getAttribute('aria-pressed')).toBe('false');
    expect(tile.getAttribute('aria-label')).toBe('Pike, in group 2');
    expect(tile.querySelector('.tile-badge')?.textContent).toBe('2');
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Clear All')!.click();
    expect(tile.getAttribute('aria-label')).toBe('Pike');
    expect(tile.querySelector('.tile-badges')).toBeNull();
  });
});
