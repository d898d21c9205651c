import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addressKey, isPagePath, pageAddress, ROUTES } from '../core/routes';
import { DEPLOY_DIR, ensureDebianPackage, stackPorts, VARNISHD, withPorts } from '../deploy/stack';

/**
 * deploy/varnish.vcl keeps a page once per address the servers tell apart (core/routes.ts
 * `pageAddress`): the real Varnish, running that file, in front of a backend that answers each
 * request with the URL it received, cacheable as a page is (until midnight). Ports: base
 * E2E_VARNISH_BASE_PORT (default 8570) for the cache, base + 1 for the backend.
 */
const PORTS = stackPorts(Number(process.env.E2E_VARNISH_BASE_PORT ?? 8570));
const CACHE = `http://127.0.0.1:${PORTS.cache}`;

let backend: Server;
let varnish: ChildProcess;
let runDir: string;
const received: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ensureDebianPackage(VARNISHD, 'varnish', () => {});
  backend = createServer((request, response) => {
    const url = request.url ?? '';
    if (url === '/api/health') return response.end('ok');
    received.push(url);
    response.setHeader('Content-Type', url.includes('.') ? 'text/plain' : 'text/html');
    response.setHeader('Cache-Control', 'public, max-age=0, s-maxage=3600');
    response.end(url);
  });
  await new Promise<void>((done) => backend.listen(PORTS.proxy, '127.0.0.1', done));
  // Varnish's worker (user vcache) must read the VCL and its work folder.
  runDir = mkdtempSync(join(tmpdir(), 'linchpin-varnish-'));
  chmodSync(runDir, 0o755);
  const vcl = join(runDir, 'varnish.vcl');
  writeFileSync(vcl, withPorts(readFileSync(join(DEPLOY_DIR, 'varnish.vcl'), 'utf8'), PORTS));
  chmodSync(vcl, 0o644);
  varnish = spawn(
    VARNISHD,
    [
      '-F',
      '-a',
      `127.0.0.1:${PORTS.cache}`,
      '-a',
      `owner=127.0.0.1:${PORTS.cacheOwner}`,
      '-T',
      'none',
      '-f',
      vcl,
      '-n',
      join(runDir, 'varnish'),
      '-s',
      'malloc,16m',
    ],
    { stdio: 'ignore' },
  );
  await expect
    .poll(
      () =>
        fetch(`${CACHE}/api/health`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (varnish?.pid !== undefined && varnish.exitCode === null) {
    const ended = new Promise((done) => varnish.once('exit', done));
    varnish.kill('SIGTERM');
    await ended;
  }
  await new Promise((done) => backend?.close(done));
  if (runDir) rmSync(runDir, { recursive: true, force: true });
});

/** A GET of exactly this path and query (fetch would resolve "/.." and drop a lone "?"). */
function get(path: string): Promise<{ body: string; hit: boolean; ids: number }> {
  return new Promise((done, fail) => {
    request(`${CACHE}/`, { path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        done({
          body,
          hit: response.headers['x-cache'] === 'HIT',
          ids: String(response.headers['x-varnish'] ?? '').split(' ').length,
        }),
      );
    })
      .on('error', fail)
      .end();
  });
}

/** What the servers make of a URL: a page's address, or a file's URL as it is. */
function serverView(url: string): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const search = at === -1 ? '' : url.slice(at);
  return isPagePath(path) ? addressKey(pageAddress(path, search)) : url;
}

// Every route (with and without a trailing slash), unknown pages, dotted paths of both kinds, and
// files; queries of read parameters in any order, repeated, empty or without "=", among unread ones.
const PATHS = [
  ...Object.values(ROUTES).flatMap((path) => [path, `${path}/`, `${path}//`]),
  '/x1',
  '/game/extra',
  '/gamey',
  '/.well-known',
  '/a.b/c',
  '/..',
  '/...',
  '/a.',
  '/puzzles/2026-11.json',
  '/assets/index-Bx7f3k2Q.js',
  '/sw.js',
  '/a.b/',
  // Long ones, for the regular expressions' work.
  `/${'a.'.repeat(500)}`,
  `/${'.'.repeat(500)}/game`,
];
const QUERIES = [
  '',
  '?',
  '?utm_source=news',
  '?puzzleId=puzzle_3',
  '?puzzleId=puzzle_3&mode=retry',
  '?mode=solution&fbclid=abc&puzzleId=puzzle_12',
  '?mode=retry',
  '?mode=play',
  '?mode=bogus&puzzleId=puzzle_3',
  '?puzzleId=&mode=retry',
  '?puzzleId&puzzleId=puzzle_3',
  '?puzzleId=puzzle_4&puzzleId=puzzle_3',
  '?mode=solution&mode=retry',
  '?xpuzzleId=puzzle_3&amode=retry',
  '?puzzleIdx=1&modes=retry',
  '?a=1&puzzleId=puzzle_3&b=2&mode=solution&c=3',
  `?${'a=1&'.repeat(500)}mode=retry&puzzleId=puzzle_5`,
];

test('the cache asks the servers for each page by its address, and for each file by its URL', async () => {
  const urls = PATHS.flatMap((path) => QUERIES.map((query) => `${path}${query}`));
  const wrong: string[] = [];
  for (let start = 0; start < urls.length; start += 20) {
    await Promise.all(
      urls.slice(start, start + 20).map(async (url) => {
        const { body } = await get(url);
        if (body !== serverView(url)) wrong.push(`${url} → ${body} (expected ${serverView(url)})`);
      }),
    );
  }
  expect(wrong).toEqual([]);
  expect(urls.length).toBeGreaterThan(700);
});

test('random query strings on a page share its one cached copy; a parameter a page reads does not', async () => {
  const random = () => Math.random().toString(36).slice(2);
  await get(`/about?utm_source=${random()}`);
  for (const url of [`/about?utm_source=${random()}`, `/about/?${random()}=${random()}`]) {
    const second = await get(url);
    expect(second.hit, url).toBe(true);
    // This request's id and the one whose fetch filled the cache.
    expect(second.ids, url).toBe(2);
    expect(second.body).toBe('/about');
  }
  const game = '/game?puzzleId=puzzle_7&mode=retry';
  await get(`${game}&fbclid=${random()}`);
  const again = await get(`/game?mode=retry&gclid=${random()}&puzzleId=puzzle_7`);
  expect(again.hit).toBe(true);
  expect(again.body).toBe(game);
  // Another puzzle, or another mode, is another page.
  for (const other of ['/game?puzzleId=puzzle_8&mode=retry', '/game?puzzleId=puzzle_7']) {
    const response = await get(other);
    expect(response.hit, other).toBe(false);
    expect(response.body).toBe(serverView(other));
  }
});

test('files keep their URL, and the API is passed with its query', async () => {
  const asset = await get('/assets/index-Bx7f3k2Q.js?v=2');
  expect(asset.body).toBe('/assets/index-Bx7f3k2Q.js?v=2');
  const before = received.length;
  for (let i = 0; i < 2; i += 1) {
    const api = await get('/api/results/puzzle_7?x=1');
    expect(api.hit).toBe(false);
    expect(api.body).toBe('/api/results/puzzle_7?x=1');
  }
  expect(received.length - before).toBe(2);
});
