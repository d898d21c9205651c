import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageAddress } from '../core/routes';
import { chooseEncoding, createPageCache, matchesEtag, pageCacheControl } from './page-cache';
import type { PageRenderer } from './page-renderer';

const at = (iso: string) => Date.parse(iso);

function countingRenderer() {
  const calls: string[] = [];
  const renderer: Pick<PageRenderer, 'render'> = {
    render: ({ address, now }) => {
      calls.push(`${address.path} ${new Date(now ?? 0).toISOString().slice(0, 10)}`);
      return Promise.resolve({ status: 200, html: `<p>${address.path} ${'x'.repeat(2000)}</p>` });
    },
  };
  return { renderer, calls };
}

describe('pages kept for their day', () => {
  it('lets a shared cache keep a page until the next UTC midnight and no later', () => {
    expect(pageCacheControl(at('2026-11-25T23:59:30Z'))).toBe(
      'public, max-age=0, s-maxage=30, must-revalidate',
    );
    expect(pageCacheControl(at('2026-11-25T00:00:00Z'))).toContain('s-maxage=86400');
    expect(pageCacheControl(at('2026-11-25T23:59:59.500Z'))).toContain('s-maxage=0,');
    expect(pageCacheControl(at('2026-11-25T23:59:58.999Z'))).toContain('s-maxage=1,');
  });

  it('renders a page once a day however many ask, and afresh on a new day', async () => {
    const { renderer, calls } = countingRenderer();
    const cache = createPageCache(renderer);
    const home = pageAddress('/', '');
    const pages = await Promise.all(
      [1, 2, 3].map(() => cache.page(home, at('2026-11-25T10:00:00Z'))),
    );
    await cache.page(pageAddress('/', '?utm_source=x'), at('2026-11-25T23:00:00Z'));
    expect(calls).toEqual(['/ 2026-11-25']);
    expect(new Set(pages).size).toBe(1);
    await cache.page(home, at('2026-11-26T00:00:01Z'));
    expect(calls).toEqual(['/ 2026-11-25', '/ 2026-11-26']);
  });

  it('keeps each page compressed both ways, with a validator for each', async () => {
    const { renderer } = countingRenderer();
    const page = await createPageCache(renderer).page(pageAddress('/game', ''), Date.now());
    const text = page.bodies.identity.toString();
    expect(brotliDecompressSync(page.bodies.br).toString()).toBe(text);
    expect(gunzipSync(page.bodies.gzip).toString()).toBe(text);
    expect(page.bodies.br.length).toBeLessThan(page.bodies.identity.length / 4);
    expect(new Set(Object.values(page.etags)).size).toBe(3);
    expect(matchesEtag(page.etags.gzip, page)).toBe(true);
    expect(matchesEtag(`W/${page.etags.br}, "other"`, page)).toBe(true);
    expect(matchesEtag('"other"', page)).toBe(false);
    expect(matchesEtag(undefined, page)).toBe(false);
  });

  it('holds a bounded number of pages, the least recently asked for leaving first', async () => {
    const { renderer, calls } = countingRenderer();
    const cache = createPageCache(renderer, { maxEntries: 2 });
    const now = at('2026-11-25T10:00:00Z');
    await cache.page(pageAddress('/a', ''), now);
    await cache.page(pageAddress('/b', ''), now);
    await cache.page(pageAddress('/a', ''), now);
    await cache.page(pageAddress('/c', ''), now);
    expect(cache.size).toBe(2);
    await cache.page(pageAddress('/a', ''), now);
    await cache.page(pageAddress('/b', ''), now);
    expect(calls.map((c) => c.split(' ')[0])).toEqual(['/a', '/b', '/c', '/b']);
  });

  it('answers in the encoding the client prefers among those it accepts', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('identity')).toBe('identity');
  });
});
