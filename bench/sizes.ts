import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Browser } from '@playwright/test';

/**
 * What the first visit of a route downloads until the page is idle: every script and stylesheet
 * (lazy chunks and modulepreloads included, the service worker excluded), gzip level 9 and brotli,
 * and the bytes transferred.
 */
export interface RouteSizes {
  jsGzip: number;
  jsBrotli: number;
  cssGzip: number;
  cssBrotli: number;
  transferred: number;
  /** Each script's path and gzip size. */
  scripts: { path: string; gzip: number }[];
}

const KB = 1024;

const gzip = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const brotli = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Bytes as KB with one decimal, as the report prints them and the budgets compare them. */
export const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

export async function measureSizes(browser: Browser, url: string): Promise<RouteSizes> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const bodies: Promise<{ type: string; url: string; body: Buffer; size: number }>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    bodies.push(
      (async () => {
        const sizes = await response.request().sizes();
        const body =
          type === 'script' || type === 'stylesheet' ? await response.body() : Buffer.alloc(0);
        return {
          type,
          url: response.url(),
          body,
          size: sizes.responseBodySize + sizes.responseHeadersSize,
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // The home page fetches the game's code when the browser is idle: wait for that too.
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))),
  );
  await page.waitForLoadState('networkidle');
  const responses = await Promise.all(bodies);
  await context.close();
  const of = (type: string) =>
    responses.filter((r) => r.type === type && !/\/sw\.js$|workbox/.test(r.url));
  const scripts = of('script');
  const styles = of('stylesheet');
  return {
    jsGzip: scripts.reduce((sum, r) => sum + gzip(r.body), 0),
    jsBrotli: scripts.reduce((sum, r) => sum + brotli(r.body), 0),
    cssGzip: styles.reduce((sum, r) => sum + gzip(r.body), 0),
    cssBrotli: styles.reduce((sum, r) => sum + brotli(r.body), 0),
    transferred: responses.reduce((sum, r) => sum + r.size, 0),
    scripts: scripts.map((r) => ({ path: new URL(r.url).pathname, gzip: gzip(r.body) })),
  };
}
