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
  /** The click floor of /game (CLICK_FLOOR_SCRIPT). */
  clickFloorUrl: string;
  /** BARE_PAGE: what the machine's browser gives a page with no app at all. */
  bareUrl: string;
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

/**
 * The click floor of /game: its HTML without scripts, plus a few lines of plain DOM code making the
 * changes a click makes in the app (a colour circle chosen; a word given its group's colour, number
 * and name; Clear All), with no cookie banner. Played like the game (bench/clicks.ts), it gives the
 * least a click can cost on this page and machine; what the game measures above it is the app's.
 */
export const CLICK_FLOOR_SCRIPT = `<script>(function(){var g=0,d=document;
var c=d.querySelector('.cookie-banner');if(c)c.remove();
d.addEventListener('click',function(e){var b=e.target.closest('button');if(!b)return;
var m=b.classList.contains('selector-circle')&&/Category (\\d)/.exec(b.textContent||'');
if(m){d.querySelectorAll('.selector-circle').forEach(function(x){x.classList.remove('selector-chosen');x.setAttribute('aria-pressed','false')});b.classList.add('selector-chosen');b.setAttribute('aria-pressed','true');g=+m[1];return}
if(b.classList.contains('tile')){var w=b.querySelector('.tile-word');b.className='tile tile-one tile-active';b.setAttribute('aria-label',(w?w.textContent:'')+', in group '+g);b.style.background='#f4c6a4';
if(!b.querySelector('.tile-badges')){var s=d.createElement('span');s.className='tile-badges';s.innerHTML='<span class="tile-badge">'+g+'</span>';b.appendChild(s)}
var cap=d.querySelectorAll('.selector-caption')[g-1];if(cap)cap.textContent=cap.textContent;return}
if(/Clear All/.test(b.textContent)){d.querySelectorAll('.tile').forEach(function(t){var w=t.querySelector('.tile-word');t.className='tile tile-none';t.removeAttribute('style');t.setAttribute('aria-label',w?w.textContent:'');var s=t.querySelector('.tile-badges');if(s)s.remove()})}})})()</script>`;

/**
 * A bare page: a heading and a paragraph, no style, no script, no icon link. Lighthouse on it, at the
 * same calibration as a route, gives what this machine's browser costs any page (its own work to
 * commit a navigation, multiplied by the slowdown like every task): a budget it misses too is
 * missed by the machine before the site adds anything.
 */
export const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>A bare page</title><meta name="description" content="A heading and a paragraph, nothing else.">' +
  '</head><body><h1>A bare page</h1><p>A heading and a paragraph: no style, no script, no icon link.</p></body></html>';

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
      if (path === '/__bare') {
        send(200, 'text/html; charset=utf-8', BARE_PAGE);
        return;
      }
      if (path === '/__clicks/game') {
        const page = await fetch(`${siteUrl}/game`);
        const html = withoutScripts(await page.text()).replace(
          '</body>',
          `${CLICK_FLOOR_SCRIPT}</body>`,
        );
        send(page.status, 'text/html; charset=utf-8', html);
        return;
      }
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
    clickFloorUrl: `http://127.0.0.1:${port}/__clicks/game`,
    bareUrl: `http://127.0.0.1:${port}/__bare`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
