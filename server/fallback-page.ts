import { STATUS_CODES } from 'node:http';
import { extname } from 'node:path';
import {
  CLIENT_ERROR_DETAIL,
  ERROR_TITLE,
  GO_HOME,
  SERVER_ERROR_DETAIL,
} from '../core/error-texts';

/**
 * The page a browser gets when the server cannot render the page it asked for: the app's fallback
 * screen in plain HTML (no script, no style, so it shows whatever broke), with the status, e.g.
 * "500 Internal Server Error", and our own words, never the error's.
 */

/** A request for a page of the site (not a file with an extension, not the API). */
export function isPageRequest(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? '/';
  const isApi = path === '/api' || path.startsWith('/api/');
  return (method === 'GET' || method === 'HEAD') && extname(path) === '' && !isApi;
}

export function fallbackPage(status: number): string {
  const line = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${line} · Linchpin</title>
  </head>
  <body>
    <main>
      <h1>${ERROR_TITLE}</h1>
      <p>${line}</p>
      <p>${status >= 500 ? SERVER_ERROR_DETAIL : CLIENT_ERROR_DETAIL}</p>
      <p><a href="/">${GO_HOME}</a></p>
    </main>
  </body>
</html>
`;
}
