import { describe, expect, it } from 'vitest';
import { siteAddress } from './site-address';

describe('siteAddress', () => {
  it('is the configured site address, or else the page’s own origin', () => {
    expect(siteAddress({ VITE_SITE_URL: 'https://linchpin.example/' })).toBe(
      'https://linchpin.example',
    );
    expect(siteAddress({})).toBe(window.location.origin);
    expect(siteAddress({ VITE_SITE_URL: 'not an address' })).toBe(window.location.origin);
  });
});
