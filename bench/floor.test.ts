import { describe, expect, it } from 'vitest';
import { BARE_PAGE, startFloorServer, withoutScripts } from './floor';

describe('withoutScripts: a page’s paint floor', () => {
  it('takes out every script and module preload, and keeps the page data, styles and content', () => {
    const html = [
      '<head><script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/game.js">',
      '<link rel="stylesheet" href="/assets/game.css"></head>',
      '<body><div id="root"><h1>Title</h1></div>',
      '<script id="page-data" type="application/json">{"a":1}</script>',
      '<script>inline()</script></body>',
    ].join('');
    const floor = withoutScripts(html);
    expect(floor).not.toContain('index.js');
    expect(floor).not.toContain('modulepreload');
    expect(floor).not.toContain('inline()');
    expect(floor).toContain('<link rel="stylesheet" href="/assets/game.css">');
    expect(floor).toContain('<h1>Title</h1>');
    expect(floor).toContain('{"a":1}');
  });
});

describe('the bare page: what the machine’s browser costs any page', () => {
  it('is served as a whole document with a heading and a paragraph, and nothing to load or run', async () => {
    const floors = await startFloorServer('http://127.0.0.1:9', '/nonexistent');
    try {
      const response = await fetch(floors.bareUrl);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toBe(BARE_PAGE);
      expect(html).toMatch(/^<!doctype html><html lang="en">/);
      expect(html).toMatch(/<h1>[^<]+<\/h1><p>[^<]+<\/p>/);
      expect(html).not.toMatch(/<script|<style|<link|<img|<svg|style=/);
    } finally {
      await floors.stop();
    }
  });
});
