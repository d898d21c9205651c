import { createHash } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { type HstsSetting } from './config';
import { type InlineTexts } from './page-renderer';

/**
 * Security headers on every response (helmet), with a strict Content-Security-Policy: scripts and
 * styles from this site only, plus the inline ones pages carry, allowed by the hashes of the exact
 * texts the page renderer can write (server/page-renderer.ts `inlineTexts`): nothing is read back
 * from built pages. Third-party hosts appear only when ads or analytics are configured. None of
 * these headers depends on the request, so helmet builds them once, when the server is ready, and
 * every answer gets the same set (helmet's Fastify plugin would rebuild and recheck the whole
 * policy on every request).
 */

// Google AdSense (docs/spec.md §7 "ad network"): script, ad frames, images and reporting calls.
const AD_HOSTS = {
  script: [
    'https://pagead2.googlesyndication.com',
    'https://*.googlesyndication.com',
    'https://*.doubleclick.net',
    'https://*.google.com',
    'https://*.adtrafficquality.google',
  ],
  frame: [
    'https://*.googlesyndication.com',
    'https://*.doubleclick.net',
    'https://*.google.com',
    'https://*.adtrafficquality.google',
  ],
  img: ['https:'],
  connect: [
    'https://*.googlesyndication.com',
    'https://*.doubleclick.net',
    'https://*.google.com',
    'https://*.adtrafficquality.google',
  ],
};
// Google Analytics 4 (docs/spec.md §7 "analytics service").
const ANALYTICS_HOSTS = {
  script: ['https://www.googletagmanager.com'],
  frame: [],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
};

type Hosts = typeof AD_HOSTS;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export interface CspOptions {
  /** The texts of the inline scripts and styles pages carry. */
  inline: InlineTexts;
  ads: boolean;
  analytics: boolean;
  /** Origins of external form-forwarding services the forms post to. */
  formOrigins?: readonly string[];
}

export function cspDirectives(options: CspOptions): Record<string, string[]> {
  const extra: Hosts = { script: [], frame: [], img: [], connect: [] };
  for (const hosts of [options.ads ? AD_HOSTS : null, options.analytics ? ANALYTICS_HOSTS : null]) {
    if (!hosts) continue;
    for (const key of ['script', 'frame', 'img', 'connect'] as const)
      extra[key].push(...hosts[key]);
  }
  const unique = (list: string[]) => [...new Set(list)];
  return {
    'default-src': ["'self'"],
    // The inline scripts and styles a page can carry, each by the hash of its exact text.
    'script-src': unique(["'self'", ...options.inline.scripts.map(sha256), ...extra.script]),
    'style-src': unique(["'self'", ...options.inline.styles.map(sha256)]),
    // Server-rendered pages carry style attributes (a colour circle's fill, a bar's width); they
    // cannot run code. Style elements and sheets stay limited to the site's own and the hashes.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', ...extra.img]),
    'font-src': ["'self'"],
    'connect-src': unique(["'self'", ...extra.connect, ...(options.formOrigins ?? [])]),
    'media-src': ["'self'"],
    'frame-src': extra.frame.length > 0 ? unique(extra.frame) : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=()';

/** The headers helmet sets for these options, read once from its middleware. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  // helmet 8 throws a bad option at once rather than passing it on.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** A year: browsers keep to HTTPS for that long after the site's last answer. */
export const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/** helmet's option for the HSTS setting (server/config.ts `HSTS_SETTINGS`). */
export function hstsOption(setting: HstsSetting): HelmetOptions['strictTransportSecurity'] {
  if (setting === 'off') return false;
  return { maxAge: HSTS_MAX_AGE_S, includeSubDomains: setting === 'subdomains' };
}

/** Every header the site sends on every answer. */
export function securityHeaders(
  options: CspOptions & { hsts?: HstsSetting },
): Record<string, string> {
  return {
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // No opener policy: it moves each page into a new browsing context group, so the browser
      // starts a new renderer process while the page loads (docs/decisions.md). Nothing of this
      // site needs keeping from a window that opened it.
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
      // Only this host by default: includeSubDomains would bind every other site of the owner's
      // domain to HTTPS for a year, whatever it serves (HSTS in the configuration table).
      strictTransportSecurity: hstsOption(options.hsts ?? 'on'),
    }),
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/** Sets the headers on every answer, built once the page renderer has said what it can write. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: Omit<CspOptions, 'inline'> & { inline: Promise<InlineTexts>; hsts?: HstsSetting },
): void {
  let headers: Record<string, string> = {};
  app.addHook('onReady', async () => {
    headers = securityHeaders({ ...options, inline: await options.inline });
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
