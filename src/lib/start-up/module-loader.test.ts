import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODULE_LOADER_SCRIPT } from '../../../core/inline-scripts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const preloads = () => document.head.querySelectorAll('link[rel=modulepreload]').length;

describe("the page's module loader", () => {
  it('asks for the entry at once and the route’s chunks four a task, all of them in the end', async () => {
    const modules = [
      '/assets/index.js',
      ...Array.from({ length: 19 }, (_, i) => `/assets/c${i}.js`),
    ];
    document.body.innerHTML = `<script id="page-modules" type="application/json">${JSON.stringify(modules)}</script>`;
    // No paint entries here: the load event starts it, as in a browser without PerformanceObserver.
    vi.stubGlobal('PerformanceObserver', undefined);
    // The page's inline script, exactly as the server writes it.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text the page runs, run here
    (new Function(MODULE_LOADER_SCRIPT) as () => void)();
    window.dispatchEvent(new Event('load'));
    expect(document.head.querySelector('script[type=module]')?.getAttribute('src')).toBe(
      '/assets/index.js',
    );
    // Twenty request starts in one task made a 60-70 ms task after the first paint on a phone.
    expect(preloads()).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      [...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) =>
        l.getAttribute('href'),
      ),
    ).toEqual(modules.slice(1));
  });
});
