import { afterEach, describe, expect, it } from 'vitest';
import { nameInlinedStyles } from './inlined-styles';

afterEach(() => {
  document.head.innerHTML = '';
});

const links = () =>
  [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    href: link.getAttribute('href'),
    disabled: link.hasAttribute('disabled'),
  }));

describe('nameInlinedStyles', () => {
  it('names each stylesheet the page carries by a disabled link, which the code loader reads', () => {
    document.head.innerHTML =
      '<style data-href="/assets/index-a.css">body{}</style>' +
      '<style data-href="/assets/game-b.css">.tile{}</style>' +
      '<style>.unnamed{}</style>';
    nameInlinedStyles(document);
    expect(links()).toEqual([
      { rel: 'stylesheet', href: '/assets/index-a.css', disabled: true },
      { rel: 'stylesheet', href: '/assets/game-b.css', disabled: true },
    ]);
  });

  it('adds nothing for a stylesheet already linked, nor twice', () => {
    document.head.innerHTML =
      '<link rel="stylesheet" href="/assets/game-b.css">' +
      '<style data-href="/assets/game-b.css">.tile{}</style>';
    nameInlinedStyles(document);
    nameInlinedStyles(document);
    expect(links()).toEqual([{ rel: 'stylesheet', href: '/assets/game-b.css', disabled: false }]);
  });
});
