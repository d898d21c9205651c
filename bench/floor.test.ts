import { describe, expect, it } from 'vitest';
import { withoutScripts } from './floor';

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
