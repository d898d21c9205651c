import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { msUntilNextUtcMidnight, utcDate } from '../core/dates';
import { addressKey, type PageAddress } from '../core/routes';
import type { PageRenderer } from './page-renderer';

/**
 * Pages rendered once a day: a page depends only on its address and its UTC day, so the first
 * request of a day renders it and compresses it (brotli and gzip, at their best levels), and
 * every later request that day is answered from memory, the same bytes for everyone. The oldest
 * pages make room when the cache is full; a new day's first request renders afresh.
 */

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  status: number;
  /** The UTC day it was rendered for. */
  day: string;
  bodies: Record<Encoding, Buffer>;
  /** A strong validator per encoding (each is a different representation). */
  etags: Record<Encoding, string>;
}

export interface PageCache {
  page(address: PageAddress, now: number): Promise<CachedPage>;
  /** Pages held now (for tests and the log). */
  readonly size: number;
}

/** The pages of at most this many addresses are kept (a page is a few KB compressed). */
export const PAGE_CACHE_ENTRIES = 600;
const QUICK_BROTLI = 4;
const QUICK_GZIP = 6;

/** A page is kept (here and by shared caches) unless its render failed. */
export const isKeepable = (status: number): boolean => status < 500;

export function createPageCache(
  renderer: Pick<PageRenderer, 'render'>,
  options: {
    maxEntries?: number;
    /** Told of every render (the log's `page rendered` line, at debug level). */
    onRender?: (key: string) => void;
    /** Told of every page answered from the cache (server/metrics.ts). */
    onHit?: () => void;
  } = {},
): PageCache {
  const maxEntries = options.maxEntries ?? PAGE_CACHE_ENTRIES;
  // Insertion order is use order: a hit moves its page to the end, the first is the oldest.
  const pages = new Map<string, Promise<CachedPage>>();

  async function build(address: PageAddress, now: number, day: string): Promise<CachedPage> {
    const { status, html } = await renderer.render({ address, now });
    const identity = Buffer.from(html, 'utf8');
    // The best levels only for a page that is kept; a failed render is sent once, quickly.
    const kept = isKeepable(status);
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: kept ? zlib.BROTLI_MAX_QUALITY : QUICK_BROTLI,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzipped(identity, { level: kept ? zlib.Z_BEST_COMPRESSION : QUICK_GZIP }),
    ]);
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    return {
      status,
      day,
      bodies: { br, gzip: gz, identity },
      etags: { br: `"${hash}-br"`, gzip: `"${hash}-gz"`, identity: `"${hash}"` },
    };
  }

  return {
    get size() {
      return pages.size;
    },
    page(address, now) {
      const day = utcDate(now);
      const key = `${day} ${addressKey(address)}`;
      let page = pages.get(key);
      if (page) {
        options.onHit?.();
        pages.delete(key);
      } else {
        options.onRender?.(key);
        const built = build(address, now, day);
        page = built;
        // A failed render (thrown, or a page with a 5xx status) is not kept: the next request
        // tries again.
        const forget = () => {
          if (pages.get(key) === built) pages.delete(key);
        };
        built.then((done) => (isKeepable(done.status) ? undefined : forget()), forget);
      }
      pages.set(key, page);
      while (pages.size > maxEntries) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        pages.delete(oldest);
      }
      return page;
    },
  };
}

/** The encoding to answer with: brotli, else gzip, else none (`Accept-Encoding` q=0 is a refusal). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/**
 * A page may be kept by a shared cache (a CDN) until the next UTC midnight and no later, when the
 * day's puzzle changes; a browser asks again each time (and gets a 304 while the page holds).
 */
export function pageCacheControl(now: number): string {
  // Rounded down: a shared cache never keeps a page past midnight, not even for a fraction of a second.
  const seconds = Math.floor(msUntilNextUtcMidnight(now) / 1000);
  return `public, max-age=0, s-maxage=${seconds}, must-revalidate`;
}

/** True when an `If-None-Match` header names one of the page's validators. */
export function matchesEtag(ifNoneMatch: string | undefined, page: CachedPage): boolean {
  if (!ifNoneMatch) return false;
  const known = new Set(Object.values(page.etags));
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || known.has(tag));
}
