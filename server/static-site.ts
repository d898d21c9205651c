import fastifyStatic from '@fastify/static';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { isAppRoute } from '../core/routes';
import { isPageRequest } from './fallback-page';
import { createPageRenderer } from './page-renderer';

/**
 * The built site from dist/: hashed files under /assets/ cached for a year, everything else
 * revalidated. That includes the service worker (sw.js) and the web app manifest: the browser
 * must see a new version of either at once, or players would keep an old app. A path with no file
 * extension is a page of the app and gets index.html (status 404 when it is not one of the app's
 * routes); a missing file with an extension is a plain 404.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/**
 * A page holds today's puzzle and the player's own theme and consent (from their cookies): a
 * browser may keep it only to ask again (so it never shows yesterday's page after midnight UTC),
 * and no shared cache may keep it at all.
 */
export const PAGE_CACHE = 'private, no-cache';

/** index.html, or null when the site has not been built. Read once at start-up. */
export function readIndexHtml(distDir: string): string | null {
  try {
    return readFileSync(join(distDir, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Every page the build rendered (dist/index.html and dist/<route>/index.html), as one text: their
 * inline scripts and styles are the ones the Content-Security-Policy hashes, and each page the
 * server renders uses the same ones (the module loader, each route's styles).
 */
export function readBuiltPages(distDir: string): string {
  const pages: string[] = [];
  const index = readIndexHtml(distDir);
  if (index !== null) pages.push(index);
  try {
    for (const entry of readdirSync(distDir, { withFileTypes: true })) {
      const page = join(distDir, entry.name, 'index.html');
      if (entry.isDirectory() && existsSync(page)) pages.push(readFileSync(page, 'utf8'));
    }
  } catch {
    // No built site: nothing to hash.
  }
  return pages.join('\n');
}

export function registerStaticSite(
  app: FastifyInstance,
  options: { distDir: string; indexHtml: string | null },
): void {
  const { distDir, indexHtml } = options;
  // Pages are rendered on the server from dist-server/ beside dist/ (`npm run build` writes both);
  // without it, every page gets the built index.html and the browser renders it.
  const pages = createPageRenderer({ distDir, serverDir: `${distDir}-server` }).catch(
    (error: unknown) => {
      app.log.error(error, 'The page renderer could not start; pages are rendered in the browser');
      return null;
    },
  );
  app.addHook('onReady', async () => {
    if ((await pages) === null && indexHtml !== null) {
      app.log.warn('No server renderer in dist-server/: pages are rendered in the browser.');
    }
  });
  const assetsPrefix = join(distDir, 'assets') + sep;

  if (existsSync(distDir)) {
    void app.register(fastifyStatic, {
      root: distDir,
      index: false,
      serveDotFiles: false,
      // Only files: a path without an extension (/, /about, /assets) is a page, answered below.
      allowedPath: (pathName) => extname(pathName) !== '',
      cacheControl: false,
      // Uses dist/*.br and *.gz when a build step wrote them; otherwise @fastify/compress compresses.
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', path.startsWith(assetsPrefix) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isPageRequest(request.method, request.url)) {
      return isApi
        ? reply.code(404).send({ error: 'Not found.' })
        : reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    }
    if (indexHtml === null) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The site has not been built yet: run `npm run build`, then start the server again.');
    }
    const renderer = await pages;
    if (renderer) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const page = await renderer.render({
        path,
        search: query,
        cookieHeader: request.headers.cookie,
      });
      return reply
        .code(page.status)
        .header('Cache-Control', PAGE_CACHE)
        .header('Vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(page.html);
    }
    return reply
      .code(isAppRoute(path) ? 200 : 404)
      .header('Cache-Control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
