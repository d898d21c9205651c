/**
 * Build-time settings (Vite `VITE_*` variables, read when the site is built). Everything is off by
 * default: no ads, no analytics, and the forms post to the product's own server.
 */
export interface SiteConfig {
  /** Ad network client and slot ids; ads show only when both are set. */
  adClient: string | null;
  adSlot: string | null;
  /** Analytics measurement id; page views are sent only when set and consent is "accepted". */
  analyticsId: string | null;
  /** Where each form posts: the product's API unless an external form-forwarding URL is set. */
  contactEndpoint: string;
  puzzleSubmissionEndpoint: string;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function readSiteConfig(env: Record<string, unknown> = import.meta.env): SiteConfig {
  return {
    adClient: text(env.VITE_AD_CLIENT),
    adSlot: text(env.VITE_AD_SLOT),
    analyticsId: text(env.VITE_ANALYTICS_ID),
    contactEndpoint: text(env.VITE_CONTACT_FORM_URL) ?? '/api/contact',
    puzzleSubmissionEndpoint: text(env.VITE_PUZZLE_FORM_URL) ?? '/api/puzzle-submissions',
  };
}

export const adsConfigured = (config: SiteConfig): boolean => config.adClient !== null;
