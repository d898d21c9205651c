import { describe, expect, it } from 'vitest';
import { adsConfigured, readSiteConfig } from './site-config';

describe('readSiteConfig', () => {
  it('with only an ad client id, ads are off: Random Puzzle does not go through the Quick Break', () => {
    expect(adsConfigured(readSiteConfig({ VITE_AD_CLIENT: 'ca-pub-1' }))).toBe(false);
    expect(adsConfigured(readSiteConfig({ VITE_AD_CLIENT: 'ca-pub-1', VITE_AD_SLOT: '2' }))).toBe(
      true,
    );
  });

  it('posts the forms to the product’s own API unless told otherwise', () => {
    expect(readSiteConfig({})).toMatchObject({
      contactEndpoint: '/api/contact',
      puzzleSubmissionEndpoint: '/api/puzzle-submissions',
      analyticsId: null,
    });
  });
});
