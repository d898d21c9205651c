import fastifyStatic from '@fastify/static';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { utcDate } from '../core/dates';
import { isAppRoute, pageAddress, renderedAddress } from '../core/routes';
import {
  chooseEncoding,
  createPageCache,
  matchesEtag,
  pageCacheControl,
  type PageCache,
} from './page-cache';
import { isPageRequest } from './fallback-page';
import { type ServerCatalogue } from './catalogue';
import { createPageRenderer, type PageRenderer } from './page-renderer';
import { NO_METRICS, type ServerMetrics } from './metrics';

/**
 * The built site from dist/: hashed files under /assets/ cached for a year, everything else
 * revalidated. That includes the service worker (sw.js) and the web app manifest: the browser
 * must see a new version of either at once, or players would keep an old app. Nothing under a
 * dot-folder is sent. A path with no file extension is a page: rendered on the server and kept by
 * the page cache (server/page-cache.ts), the one shared rendering of its kind for an address that
 * cannot have a page of its own (core/routes.ts `renderedAddress`); without a server renderer, the
 * built index.html (status 404 when the path is not a route of the app). A missing file with an
 * extension is a plain 404.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** index.html, or null when the site has not been built. Read once at start-up. */
export function readIndexHtml(distDir: string): string | null {
  try {
    return readFileSync(join(distDir, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * The page renderer over dist-server/ beside dist/ (`npm run build` writes both), or null: without
 * it, every page gets the built index.html and the browser renders it. Shared by the pages and the
 * Content-Security-Policy, which allows what the renderer can write (server/security-headers.ts).
 */
export function startPageRenderer(
  app: FastifyInstance,
  options: { distDir: string; catalogue: ServerCatalogue },
): Promise<PageRenderer | null> {
  return createPageRenderer({
    distDir: options.distDir,
    serverDir: `${options.distDir}-server`,
    catalogue: options.catalogue,
  }).catch((error: unknown) => {
    app.log.error(error, 'The page renderer could not start; pages are rendered in the browser');
    return null;
  });
}

/**
 * Files are compressed once, by the build (scripts/compress-dist.ts writes `.br` and `.gz` beside
 * each; @fastify/static sends them as they are), never per request. A rendered page is kept
 * compressed by the page cache (server/page-cache.ts); only the built index.html, sent when there
 * is no server renderer, is compressed as it is sent (@fastify/compress, `global: false` in
 * server/app.ts).
 */
function sendPage(reply: FastifyReply, html: string): FastifyReply {
  // Set by @fastify/compress for each route (here: the files route, which hands pages on); a
  // reply that came by no route has none.
  if (typeof reply.compress !== 'function') return reply.send(html);
  reply.compress(html);
  return reply;
}

export function registerStaticSite(
  app: FastifyInstance,
  options: {
    distDir: string;
    indexHtml: string | null;
    catalogue: ServerCatalogue;
    renderer: Promise<PageRenderer | null>;
    now?: () => number;
    metrics?: ServerMetrics;
  },
): void {
  const { distDir, indexHtml } = options;
  const metrics = options.metrics ?? NO_METRICS;
  const clock = options.now ?? Date.now;
  const pages: Promise<PageCache | null> = options.renderer.then((renderer) =>
    renderer
      ? createPageCache(renderer, {
          onRender: (key) => {
            metrics.pageRendered();
            app.log.debug({ page: key }, 'page rendered');
          },
          onHit: metrics.pageCacheHit,
        })
      : null,
  );
  void pages.then((cache) => cache && metrics.watch({ pageCacheSize: () => cache.size }));
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
      // Nothing under a dot-file or dot-folder is sent (dist/.vite/ holds the build's manifest
      // and asset history): a 404 as for any missing file. The plugin's default is to allow them.
      dotfiles: 'ignore',
      serveDotFiles: false,
      // Only files: a path without an extension (/, /about, /assets) is a page, answered below.
      allowedPath: (pathName) => extname(pathName) !== '',
      cacheControl: false,
      // dist/<file>.br and .gz, written by the build (scripts/compress-dist.ts).
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', path.startsWith(assetsPrefix) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  // A page (a path without a file extension) is answered before the static files are looked at:
  // @fastify/static checks a path's spelling on disk (a readdir and a stat) before it asks
  // whether the path is allowed, which made every junk address three times dearer than a page.
  // (Without a server renderer the built index.html goes the long way, through the files' route,
  // which compresses it.)
  app.addHook('onRequest', async (request, reply) => {
    if (isPageRequest(request.method, request.url) && (await pages) !== null)
      return answer(request, reply);
  });
  app.setNotFoundHandler((request, reply) => answer(request, reply));

  async function answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
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
    const cache = await pages;
    if (cache) {
      // One page per address and day, whoever asks: no cookie is read (core/inline-scripts.ts
      // applies them in the browser), and a query parameter the route does not read is ignored.
      // A page that cannot exist (an unknown path, a puzzle that is not out) is the one
      // rendering of its kind (core/routes.ts), so junk addresses cost no render and push no
      // real page out of the cache.
      const now = clock();
      const today = utcDate(now);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const address = renderedAddress(
        pageAddress(path, query),
        (id) => options.catalogue.released(id, today) !== null,
      );
      const page = await cache.page(address, now);
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      reply.header('Vary', 'Accept-Encoding');
      if (page.status >= 500) {
        // A failed render is kept by no cache, here or downstream: the next request tries again.
        if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
        return reply
          .code(page.status)
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(page.bodies[encoding]);
      }
      reply.header('Cache-Control', pageCacheControl(now)).header('ETag', page.etags[encoding]);
      if (matchesEtag(request.headers['if-none-match'], page)) return reply.code(304).send();
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.code(page.status).type('text/html; charset=utf-8').send(page.bodies[encoding]);
    }
    return sendPage(
      reply
        .code(isAppRoute(path) ? 200 : 404)
        .header('Cache-Control', REVALIDATE)
        .type('text/html; charset=utf-8'),
      indexHtml,
    );
  }
}
