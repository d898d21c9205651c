import { describe, expect, it } from 'vitest';
import { adIdsFrom, adsOn, siteUrlFrom } from './site-settings';

describe('adsOn: the one definition of "ads are on"', () => {
  it('needs both the client and the slot id', () => {
    expect(adsOn(adIdsFrom({}))).toBe(false);
    expect(adsOn(adIdsFrom({ VITE_AD_CLIENT: 'ca-pub-1' }))).toBe(false);
    expect(adsOn(adIdsFrom({ VITE_AD_SLOT: '9' }))).toBe(false);
    expect(adsOn(adIdsFrom({ VITE_AD_CLIENT: 'ca-pub-1', VITE_AD_SLOT: '  ' }))).toBe(false);
    expect(adsOn(adIdsFrom({ VITE_AD_CLIENT: ' ca-pub-1 ', VITE_AD_SLOT: '9' }))).toBe(true);
    expect(adIdsFrom({ VITE_AD_CLIENT: ' ca-pub-1 ', VITE_AD_SLOT: '9' })).toEqual({
      adClient: 'ca-pub-1',
      adSlot: '9',
    });
  });
});

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
