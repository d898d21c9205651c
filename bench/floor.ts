import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The paint floor of a page: the very HTML the server sends for a route, with every script (and
 * every preload of one) taken out, served with the site's own files from dist/. Lighthouse on it
 * gives the earliest that page could paint; the bench divides the real page's LCP by it.
 */
export interface FloorServer {
  /** The floor page of a route, e.g. `${origin}/__floor/game`. */
  urlOf(route: string): string;
  stop(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/** The HTML without scripts: no <script> element (bar the page's JSON data) and no modulepreload. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link[^>]*rel="modulepreload"[^>]*>/g, '');
}

export async function startFloorServer(siteUrl: string, distDir: string): Promise<FloorServer> {
  const server: Server = createServer((request, response) => {
    // Compressed like the real server's responses, so the floor is not handicapped by its bytes.
    const send = (status: number, type: string, body: Buffer | string) => {
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      const bytes = Buffer.from(body);
      response.writeHead(status, {
        'Content-Type': type,
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      });
      response.end(gzip ? gzipSync(bytes, { level: 9 }) : bytes);
    };
    void (async () => {
      const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
      if (path.startsWith('/__floor')) {
        const route = path.slice('/__floor'.length) || '/';
        const page = await fetch(siteUrl + route);
        send(page.status, 'text/html; charset=utf-8', withoutScripts(await page.text()));
        return;
      }
      const file = normalize(join(distDir, path));
      if (!file.startsWith(distDir)) {
        response.writeHead(403).end();
        return;
      }
      try {
        send(200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
      } catch {
        response.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    urlOf: (route) => `http://127.0.0.1:${port}/__floor${route === '/' ? '' : route}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
