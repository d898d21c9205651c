import { STATUS_CODES } from 'node:http';
import {
  CLIENT_ERROR_DETAIL,
  ERROR_TITLE,
  GO_HOME,
  SERVER_ERROR_DETAIL,
} from '../core/error-texts';
import { isPagePath } from '../core/routes';

/**
 * The page a browser gets when the server cannot render the page it asked for (a render that
 * failed, a malformed address such as /%E0%A4%A): the app's fallback screen in plain HTML, with the
 * status, e.g. "500 Internal Server Error", and our own words, never the error's. It looks like the
 * app's own screen (src/components/error-screen.tsx) with no script and no stylesheet, so it shows
 * whatever broke: its styles are style attributes, which the Content-Security-Policy allows
 * (server/security-headers.ts), in the app's colour tokens (src/styles/global.css).
 */

/** A request for a page of the site (not a file with an extension, not the API). */
export function isPageRequest(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && isPagePath(url.split('?')[0] ?? '/');
}

const STYLE = {
  html: 'color-scheme: light dark',
  body: [
    'margin: 0',
    'min-height: 100vh',
    'padding: 1rem',
    'box-sizing: border-box',
    'background: light-dark(#f7f4ee, #15131b)',
    'color: light-dark(#1d1a24, #f2eff8)',
    "font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    'line-height: 1.5',
  ].join('; '),
  logo: 'color: inherit; font-weight: 800; font-size: 1.2rem; text-decoration: none',
  main: [
    'max-width: 560px',
    'margin: 2rem auto',
    'padding: 1.5rem',
    'box-sizing: border-box',
    'text-align: center',
    'background: light-dark(#ffffff, #201d29)',
    'border: 1px solid light-dark(#d9d2c5, #3d3849)',
    'border-radius: 14px',
  ].join('; '),
  h1: 'font-size: 1.6rem; line-height: 1.2',
  status: 'font-size: 1.3rem; font-weight: 700',
  detail: 'color: light-dark(#57506a, #bdb6cf)',
  home: [
    'display: inline-flex',
    'align-items: center',
    'min-height: 44px',
    'padding: 0.55rem 1.1rem',
    'box-sizing: border-box',
    'border-radius: 999px',
    'background: light-dark(#4c2fb0, #a58bff)',
    'color: light-dark(#ffffff, #15131b)',
    'font-weight: 600',
    'text-decoration: none',
  ].join('; '),
};

export function fallbackPage(status: number): string {
  const line = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return `<!doctype html>
<html lang="en" style="${STYLE.html}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${line} · Linchpin</title>
  </head>
  <body style="${STYLE.body}">
    <header><a href="/" style="${STYLE.logo}">Linchpin</a></header>
    <main style="${STYLE.main}">
      <h1 style="${STYLE.h1}">${ERROR_TITLE}</h1>
      <p style="${STYLE.status}">${line}</p>
      <p style="${STYLE.detail}">${status >= 500 ? SERVER_ERROR_DETAIL : CLIENT_ERROR_DETAIL}</p>
      <p><a href="/" style="${STYLE.home}">${GO_HOME}</a></p>
    </main>
  </body>
</html>
`;
}
