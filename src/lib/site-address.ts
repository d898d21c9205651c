import { siteUrlFrom } from '../../core/site-url';

/**
 * Where shared links point: the site's public address (VITE_SITE_URL, core/site-url.ts), or
 * else this page's own origin. Apart from site-config.ts, which every page loads: only sharing
 * needs it.
 */
export function siteAddress(env: Record<string, unknown> = import.meta.env): string {
  return siteUrlFrom(env) ?? window.location.origin;
}
