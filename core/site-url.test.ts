import { describe, expect, it } from 'vitest';
import { siteUrlFrom } from './site-url';

describe('siteUrlFrom: the site address shared links and previews use', () => {
  it('is the address without a trailing slash, or null when unset or not http(s)', () => {
    expect(siteUrlFrom({})).toBeNull();
    expect(siteUrlFrom({ VITE_SITE_URL: ' https://linchpin.example/ ' })).toBe(
      'https://linchpin.example',
    );
    expect(siteUrlFrom({ VITE_SITE_URL: 'https://example.org/games/linchpin/' })).toBe(
      'https://example.org/games/linchpin',
    );
    expect(siteUrlFrom({ VITE_SITE_URL: 'linchpin.example' })).toBeNull();
    expect(siteUrlFrom({ VITE_SITE_URL: 'javascript:alert(1)' })).toBeNull();
    expect(siteUrlFrom({ VITE_SITE_URL: 'https://' })).toBeNull();
  });
});
