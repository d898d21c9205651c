import { setting } from './site-settings';

/**
 * The site's public address (`VITE_SITE_URL`, e.g. https://linchpin.example), as an origin and
 * optional path without a trailing slash: shared links and link previews use it. Null when unset
 * or not an http(s) address; then the page's own origin stands in (or, for previews, root-relative
 * addresses). Apart from site-settings.ts, which every page loads for the ads' settings: only
 * sharing and the server's link previews read it.
 */
export function siteUrlFrom(env: Record<string, unknown>): string | null {
  const value = setting(env, 'VITE_SITE_URL');
  if (!value || !/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}
