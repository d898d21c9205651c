import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { browserCookies, removeBrowserCookie, setBrowserCookie } from './browser-cookies';

/** Values a player's cookies hold: plain words, JSON records, and text with every kind of mark. */
const VALUES = [
  'accepted',
  '{"played":3,"won":2,"streak":1,"tries":[0,1,1]}',
  '["puzzle_12","puzzle_7"]',
  'a;b=c, d%20e "quoted" \\ /?#[]@!$&\'()*+:<>^`{|}~',
  'Écoute – naïve ✓ 🧩',
  '',
];

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

describe('browser cookies in the format js-cookie wrote (the cookies players already have)', () => {
  it('writes exactly what js-cookie wrote, attributes included', () => {
    // js-cookie writes its default path first.
    const attributes = { path: '/', 'max-age': '86400', sameSite: 'Lax' as const, secure: false };
    for (const value of VALUES) {
      expect(setBrowserCookie('linchpin_x', value, attributes)).toBe(
        Cookies.set('linchpin_x', value, attributes),
      );
    }
  });

  it('reads what js-cookie wrote, and js-cookie reads what it writes', () => {
    for (const value of VALUES) {
      Cookies.set('linchpin_a', value, { path: '/' });
      expect(browserCookies()['linchpin_a']).toBe(value);
      setBrowserCookie('linchpin_b', value, { path: '/' });
      expect(Cookies.get('linchpin_b')).toBe(value);
      expect(browserCookies()).toEqual(Cookies.get());
    }
  });

  it('deletes a cookie', () => {
    setBrowserCookie('linchpin_gone', 'x', { path: '/' });
    removeBrowserCookie('linchpin_gone', '/');
    expect(browserCookies()).not.toHaveProperty('linchpin_gone');
  });
});
