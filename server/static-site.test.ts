import { type FastifyInstance } from 'fastify';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { INLINE_SCRIPTS } from '../core/inline-scripts';
import type * as zlibModule from 'node:zlib';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compressDist } from '../scripts/compress-dist';
import { createApp } from './app';
import { type Database } from './db/database';
import {
  FIXTURE_ASSET,
  FIXTURE_ASSET_BODY,
  FIXTURE_INLINE_SCRIPT,
  makeFixtureSite,
  testConfig,
} from './testing/fixture-site';
import { policySources, sha256Source } from './testing/inline-blocks';

/** The site needs no database; health is tested with the real ones in form-api.test.ts. */
const NO_DATABASE: Database = {
  kind: 'embedded',
  query: () => Promise.resolve([]),
  exec: () => Promise.resolve(),
  transaction: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
};

const site = makeFixtureSite();
/** The build's one stylesheet, named by its manifest. */
const SHEET = 'assets/index-S4e7.css';
const SHEET_TEXT = '.site{color:#15131b}';
const LATE_TEXT = 'Nine words, four groups, one linchpin.\n'.repeat(100);
let app: FastifyInstance;

beforeAll(() => {
  // What vite-plugin-pwa adds to a build: the service worker and the web app manifest.
  writeFileSync(join(site.distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(join(site.distDir, 'manifest.webmanifest'), '{"name":"Linchpin"}\n');
  // The last step of the build: .br and .gz beside each file.
  compressDist(site.distDir);
  // What Vite leaves under a dot-folder: the build's manifest, never for players.
  mkdirSync(join(site.distDir, '.vite'), { recursive: true });
  writeFileSync(
    join(site.distDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: FIXTURE_ASSET.slice(1), isEntry: true, css: [SHEET] } }),
  );
  writeFileSync(join(site.distDir, SHEET), `${SHEET_TEXT}\n`);
  writeFileSync(join(site.distDir, '.vite', 'asset-history.json'), '[]\n');
  // A text file the build did not compress (written after it).
  writeFileSync(join(site.distDir, 'late.txt'), LATE_TEXT);
  app = createApp({
    db: NO_DATABASE,
    config: testConfig({ distDir: site.distDir }),
    logger: false,
  });
});
afterAll(async () => {
  await app.close();
  site.remove();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('built site', () => {
  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await get(FIXTURE_ASSET);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.body).toBe(FIXTURE_ASSET_BODY);
  });

  it('sends the brotli or gzip file the build wrote, byte for byte, as the browser asks', async () => {
    const brFile = readFileSync(join(site.distDir, `${FIXTURE_ASSET}.br`));
    const gzFile = readFileSync(join(site.distDir, `${FIXTURE_ASSET}.gz`));
    const br = await get(FIXTURE_ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brFile)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(FIXTURE_ASSET_BODY);

    const gzip = await get(FIXTURE_ASSET, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzFile)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(FIXTURE_ASSET_BODY);

    const plain = await get(FIXTURE_ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FIXTURE_ASSET_BODY);
  });

  it('never compresses a file per request', async () => {
    // The module object @fastify/compress calls (CommonJS, so its functions can be watched).
    const zlib = createRequire(import.meta.url)('node:zlib') as typeof zlibModule;
    const spies = (
      ['createBrotliCompress', 'createGzip', 'brotliCompressSync', 'gzipSync'] as const
    ).map((name) => vi.spyOn(zlib, name));
    try {
      const asset = await get(FIXTURE_ASSET, { 'accept-encoding': 'br' });
      expect(asset.headers['content-encoding']).toBe('br');
      // A compressible file the build left without siblings goes out as it is.
      const late = await get('/late.txt', { 'accept-encoding': 'br, gzip' });
      expect(late.statusCode).toBe(200);
      expect(late.headers['content-encoding']).toBeUndefined();
      expect(late.body).toBe(LATE_TEXT);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('compresses a page as it is sent', async () => {
    const large = makeFixtureSite();
    const html = `<!doctype html><html lang="en"><head><title>Linchpin</title></head><body><div id="root">${'<p>Nine words.</p>'.repeat(200)}</div></body></html>`;
    writeFileSync(join(large.distDir, 'index.html'), html);
    const pages = createApp({
      db: NO_DATABASE,
      config: testConfig({ distDir: large.distDir }),
      logger: false,
    });
    try {
      const page = await pages.inject({
        method: 'GET',
        url: '/archive',
        headers: { 'accept-encoding': 'br' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    } finally {
      await pages.close();
      large.remove();
    }
  });

  it('answers a revalidation with 304', async () => {
    const first = await get(FIXTURE_ASSET);
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await get(FIXTURE_ASSET, { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    '/.vite/manifest.json',
    '/.vite/asset-history.json',
    '/%2Evite/manifest.json',
    '/assets/../.vite/manifest.json',
    '/.vite/',
  ])('serves nothing under a dot-folder: %s is a plain 404', async (url) => {
    for (const encoding of ['br, gzip', 'identity']) {
      const response = await get(url, { 'accept-encoding': encoding });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('build layout');
    }
  });

  it('serves other root files, revalidated', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/sw.js', /^(application|text)\/javascript/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
  ])('serves %s revalidated on every load, so a new version is seen at once', async (url, type) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(type);
    expect(response.body).not.toContain('<div id="root">');
  });

  it.each([
    '/',
    '/game',
    '/archive',
    '/how-to-play',
    '/stats/',
    '/game?puzzleId=puzzle_3&mode=play',
  ])('answers the app route %s with the app, not cached', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('answers an unknown page with the app and status 404, so the app shows its error screen', async () => {
    const response = await get('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
    expect((await get('/assets')).statusCode).toBe(404);
  });

  it('answers a missing file with a plain 404', async () => {
    for (const url of ['/assets/index-missing.js', '/robots.txt', '/..%2f..%2fetc%2fpasswd.txt']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it('answers unknown API paths with JSON', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found.' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy: the inline texts pages can carry, none read from a page', async () => {
    const response = await get('/');
    const csp = String(response.headers['content-security-policy']);
    // Every inline script a page may carry, by the hash of its exact text (core/inline-scripts.ts);
    // the built index.html's own script is not among them: nothing is read back from built pages.
    expect(policySources(csp, 'script-src')).toEqual([
      "'self'",
      ...INLINE_SCRIPTS.map(sha256Source),
    ]);
    expect(response.body).toContain(FIXTURE_INLINE_SCRIPT);
    // Without a server renderer the built index.html is sent: any of the build's stylesheets.
    expect(policySources(csp, 'style-src')).toEqual(["'self'", sha256Source(SHEET_TEXT)]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Only style attributes (of server-rendered pages) may be inline; never a script or a sheet.
    const directives = csp.split(';').filter((directive) => directive.includes('unsafe-inline'));
    expect(directives).toEqual(["style-src-attr 'unsafe-inline'"]);
    expect(csp).not.toContain('https:');
  });

  it('lets the page register its own service worker and manifest, and nobody else’s', async () => {
    for (const url of ['/', '/sw.js']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
    }
  });

  it('sends the other headers on pages, files, API answers and errors alike', async () => {
    for (const url of ['/', FIXTURE_ASSET, '/api/health', '/nope.png']) {
      const response = await get(url);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toBeDefined();
    }
  });

  it('sends no opener policy: it would start a new browser process as each page opens', async () => {
    // docs/decisions.md: a Cross-Origin-Opener-Policy makes the browser open the page in a new
    // browsing context group, so a new renderer process starts while the page loads.
    const response = await get('/');
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('allows the ad and analytics hosts only when they are configured', async () => {
    const withThirdParties = createApp({
      db: NO_DATABASE,
      config: testConfig({
        distDir: site.distDir,
        csp: { ads: true, analytics: true, formOrigins: ['https://forms.example'] },
      }),
      logger: false,
    });
    try {
      const csp = String(
        (await withThirdParties.inject({ method: 'GET', url: '/' })).headers[
          'content-security-policy'
        ],
      );
      expect(csp).toMatch(/script-src [^;]*https:\/\/pagead2\.googlesyndication\.com/);
      expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
      expect(csp).toMatch(/frame-src [^;]*doubleclick/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/forms\.example/);
      expect(csp).toContain("frame-ancestors 'none'");
    } finally {
      await withThirdParties.close();
    }
  });
});

describe('without a built site', () => {
  it('still answers the API and says how to build the site', async () => {
    const bare = createApp({ db: NO_DATABASE, config: testConfig(), logger: false });
    try {
      // Not ready for players: a load balancer sends them elsewhere.
      expect((await bare.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      const page = await bare.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
