import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODULE_LOADER_SCRIPT } from '../../../core/inline-scripts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const preloads = () => document.head.querySelectorAll('link[rel=modulepreload]').length;

describe("the page's module loader", () => {
  it('asks for the entry at once, the route’s chunks two a task after it, and the manifest last', () => {
    const modules = [
      '/assets/index.js',
      ...Array.from({ length: 19 }, (_, i) => `/assets/c${i}.js`),
    ];
    document.body.innerHTML =
      `<script id="page-modules" type="application/json">${JSON.stringify(modules)}</script>` +
      '<template id="late-links"><link rel="manifest" href="/manifest.webmanifest"></template>';
    // No paint entries here: the load event starts it, as in a browser without PerformanceObserver.
    vi.stubGlobal('PerformanceObserver', undefined);
    // The loader's messages, held to be run one task at a time.
    const tasks: (() => void)[] = [];
    vi.stubGlobal(
      'MessageChannel',
      class {
        port1: { onmessage: (() => void) | null } = { onmessage: null };
        port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) };
      },
    );
    // The page's inline script, exactly as the server writes it.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text the page runs, run here
    (new Function(MODULE_LOADER_SCRIPT) as () => void)();
    window.dispatchEvent(new Event('load'));
    expect(document.head.querySelector('script[type=module]')?.getAttribute('src')).toBe(
      '/assets/index.js',
    );
    // Twenty request starts in one task made a 60-70 ms task after the first paint on a phone;
    // the entry's with four more, one of 55-124 ms.
    expect(preloads()).toBe(0);
    // Each task the loader posts, run one at a time.
    let steps = 0;
    while (tasks.length > 0) {
      const before = preloads();
      tasks.shift()?.();
      steps += 1;
      expect(preloads() - before).toBeLessThanOrEqual(2);
    }
    expect(steps).toBe(10);
    expect(document.head.lastElementChild?.getAttribute('rel')).toBe('manifest');
    expect(
      [...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) =>
        l.getAttribute('href'),
      ),
    ).toEqual(modules.slice(1));
  });
});
