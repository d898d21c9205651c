import { request as httpRequest } from 'node:http';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test as base } from '@playwright/test';
import {
  HOST,
  resolverRule,
  startPublicFace,
  stopPublicFace,
  type PublicFace,
} from './public-face';
import { puzzleDated, setClock, winGame } from './support';
import { UnitServers } from './unit-servers';
import { freePort } from '../deploy/stack';

/**
 * The site as docs/going-live.md sets it up: the server run by its systemd unit with the page's
 * settings, behind its public face, nginx with deploy/nginx/ (e2e/public-face.ts), over https://
 * in Chromium that trusts the test's own root certificate authority the way a browser trusts a
 * real one: in its NSS database, with no flag that loosens certificate checks (a browser without
 * that database refuses the same site, below). The player's whole path: the game won, the service
 * worker installed, the contact form sent, over HTTP/2; plain HTTP redirected.
 */
const TODAY = '2026-11-20';

const test = base.extend<object, { face: PublicFace }>({
  face: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none.
    async ({}, use) => {
      // The server as its unit runs it, with the going-live page's settings (TRUST_PROXY=loopback,
      // HSTS=on): e2e/unit-servers.ts.
      const units = new UnitServers();
      try {
        const port = await freePort();
        await units.startServer(port);
        const face = await startPublicFace(port);
        await use(face);
        await stopPublicFace(face);
      } finally {
        await units.dispose();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  // The browser of this file: HOME holds the NSS database that trusts the test's root, and the
  // test's host name is sent to this machine.
  launchOptions: [
    async ({ face, launchOptions }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), resolverRule()],
        env: { ...process.env, HOME: face.home },
      });
    },
    { scope: 'worker' },
  ],
  // The one spec beside e2e/offline.spec.ts that lets the service worker run.
  serviceWorkers: 'allow',
});

/** A plain HTTP request to nginx's port 80 stand-in, as a client on the network sends it. */
function plainHttp(face: PublicFace, path: string) {
  return new Promise<{ status: number; location?: string; body: string }>((done, fail) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: face.httpPort, path, headers: { Host: HOST } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          done({
            status: response.statusCode ?? 0,
            ...(response.headers.location ? { location: response.headers.location } : {}),
            body,
          }),
        );
      },
    );
    req.on('error', fail);
    req.end();
  });
}

/** Whether a TLS handshake with these client settings succeeds (openssl s_client). */
function handshake(face: PublicFace, ...args: string[]): boolean {
  const result = spawnSync(
    'openssl',
    [
      's_client',
      '-connect',
      `127.0.0.1:${face.httpsPort}`,
      '-servername',
      HOST,
      '-CAfile',
      join(face.dir, 'ca.pem'),
      '-verify_return_error',
      ...args,
    ],
    { input: '', encoding: 'utf8', timeout: 10_000 },
  );
  return result.status === 0 && /Verify return code: 0 \(ok\)/.test(result.stdout);
}

test('over https://, the chain is trusted, HTTP/2 is used and HSTS covers this host only', async ({
  page,
  face,
}) => {
  const response = await page.goto(`${face.origin}/`);
  expect(response?.status()).toBe(200);
  expect(page.url()).toBe(`${face.origin}/`);
  const security = await response?.securityDetails();
  expect(security).toMatchObject({ issuer: face.intermediateName, subjectName: HOST });
  expect(security?.protocol).toMatch(/^TLS 1\.[23]$/);
  expect(
    await page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
          .nextHopProtocol,
    ),
  ).toBe('h2');
  // The server's own HSTS (HSTS=on in the going-live page's settings): no includeSubDomains.
  expect(await response?.headerValue('strict-transport-security')).toBe('max-age=31536000');
});

test('a browser that does not trust the test’s authority refuses the same site', async ({
  face,
  launchOptions,
}) => {
  // The same Chromium and flags, but a HOME without the NSS database.
  const browser = await chromium.launch({
    ...launchOptions,
    env: { ...process.env, HOME: join(face.dir, 'elsewhere') },
  });
  try {
    const page = await browser.newPage();
    await expect(page.goto(`${face.origin}/`)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
  } finally {
    await browser.close();
  }
});

test('plain HTTP is redirected to https://, except the ACME challenge', async ({ page, face }) => {
  await page.goto(`${face.httpOrigin}/archive?from=http`);
  expect(page.url()).toBe(`${face.origin}/archive?from=http`);
  expect(await plainHttp(face, '/game')).toMatchObject({
    status: 301,
    location: `${face.origin}/game`,
  });
  // certbot --webroot leaves its token in the webroot; Let's Encrypt fetches it over plain HTTP.
  writeFileSync(join(face.webroot, '.well-known', 'acme-challenge', 'token-1'), 'token-1.key');
  expect(await plainHttp(face, '/.well-known/acme-challenge/token-1')).toEqual({
    status: 200,
    body: 'token-1.key',
  });
});

test('TLS 1.2 and 1.3 with forward-secret AEAD ciphers only', ({ face }) => {
  expect(handshake(face, '-tls1_3')).toBe(true);
  expect(handshake(face, '-tls1_2', '-cipher', 'ECDHE-ECDSA-AES128-GCM-SHA256')).toBe(true);
  expect(handshake(face, '-tls1_2', '-cipher', 'ECDHE-ECDSA-CHACHA20-POLY1305')).toBe(true);
  // Debian's nginx.conf allows TLS 1.0 and 1.1; the site's own settings refuse them.
  expect(handshake(face, '-tls1_1', '-cipher', 'DEFAULT:@SECLEVEL=0')).toBe(false);
  // CBC with SHA-1, and RSA key exchange (no forward secrecy): refused.
  expect(handshake(face, '-tls1_2', '-cipher', 'ECDHE-ECDSA-AES128-SHA')).toBe(false);
  expect(handshake(face, '-tls1_2', '-cipher', 'AES128-GCM-SHA256')).toBe(false);
});

test('the game is won over https://', async ({ page, face }) => {
  await setClock(page, `${TODAY}T12:00:00Z`);
  const puzzle = await winGame(page, TODAY, `${face.origin}/game`);
  expect(puzzle.id).toBe(puzzleDated(TODAY).id);
  expect(page.url()).toMatch(new RegExp(`^${face.origin}/`));
});

test('the service worker registers and takes control over https://', async ({ page, face }) => {
  test.setTimeout(120_000);
  await page.goto(`${face.origin}/`);
  // Polled on a timer: caching the app on a busy machine can take a while (e2e/offline.spec.ts).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    polling: 250,
    timeout: 90_000,
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    `${face.origin}/sw.js`,
  );
});

test('the contact form is sent over https://', async ({ page, face }) => {
  await page.goto(`${face.origin}/contact`);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: /^Email/ }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Sent over HTTPS through nginx.');
  const posted = page.waitForResponse(`${face.origin}/api/contact`);
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeFocused();
  // Debian's http-level access log is on; the site's own server blocks write no line per request.
  expect(readFileSync(join(face.dir, 'access.log'), 'utf8')).toBe('');
});
