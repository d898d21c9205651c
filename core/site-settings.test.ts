import { describe, expect, it } from 'vitest';
import { adIdsFrom, adsOn } from './site-settings';

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
