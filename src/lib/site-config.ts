import { adIdsFrom, adsOn, analyticsIdFrom, setting, type AdIds } from '../../core/site-settings';

/**
 * Build-time settings (Vite `VITE_*` variables, read when the site is built). Everything is off by
 * default: no ads, no analytics, and the forms post to the product's own server.
 */
export interface SiteConfig extends AdIds {
  /** Analytics measurement id; page views are sent only when set and consent is "accepted". */
  analyticsId: string | null;
  /** Where each form posts: the product's API unless an external form-forwarding URL is set. */
  contactEndpoint: string;
  puzzleSubmissionEndpoint: string;
}

export function readSiteConfig(env: Record<string, unknown> = import.meta.env): SiteConfig {
  return {
    ...adIdsFrom(env),
    analyticsId: analyticsIdFrom(env),
    contactEndpoint: setting(env, 'VITE_CONTACT_FORM_URL') ?? '/api/contact',
    puzzleSubmissionEndpoint: setting(env, 'VITE_PUZZLE_FORM_URL') ?? '/api/puzzle-submissions',
  };
}

/** Ads are on only when both ids are set (core/site-settings.ts). */
export const adsConfigured = (config: SiteConfig): boolean => adsOn(config);
