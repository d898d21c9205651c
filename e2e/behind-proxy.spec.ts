import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startNginx, stopProcess, type StackProcess } from '../deploy/stack';

/**
 * The site behind nginx as an owner first writes it: `proxy_pass` and nothing else, so the server
 * is sent `Host: 127.0.0.1:<its port>` (nginx's default), not the address the browser opened, and
 * no X-Forwarded-Host (issue 31). The browser's Fetch Metadata still tells the site's own pages'
 * posts from another website's.
 */
const UPSTREAM_PORT = Number(process.env.E2E_PORT ?? 4173);
let proxyUrl = '';
let nginx: StackProcess | null = null;
let runDir = '';

test.beforeAll(async () => {
  runDir = mkdtempSync(join(tmpdir(), 'linchpin-e2e-nginx-'));
  const port = Number(process.env.E2E_PROXY_PORT ?? (await freePort()));
  const conf = `daemon off;
pid nginx.pid;
events {}
http {
  access_log off;
  client_body_temp_path tmp/client_body;
  proxy_temp_path tmp/proxy;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${UPSTREAM_PORT};
    }
  }
}
`;
  nginx = await startNginx(runDir, conf, port);
  proxyUrl = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  if (nginx) await stopProcess(nginx, 'SIGQUIT');
  rmSync(runDir, { recursive: true, force: true });
});

test("the contact form sent from the site's page through the proxy is stored", async ({ page }) => {
  await page.goto(`${proxyUrl}/contact`);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: /^Email/ }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Sent through the proxy.');
  const posted = page.waitForResponse(`${proxyUrl}/api/contact`);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const response = await posted;
  expect(await response.request().headerValue('origin')).toBe(proxyUrl);
  expect(response.status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeFocused();
});

test("another website's page posting the form through the proxy is refused", async ({ page }) => {
  // A page of another site, with a plain form that posts to this one.
  const elsewhere = 'http://elsewhere.example/';
  await page.route(elsewhere, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Elsewhere</title>
<form method="post" action="${proxyUrl}/api/contact">
<input name="name" value="Spam"><input name="email" value="spam@example.com">
<input name="message" value="Buy now"><button>Go</button></form>`,
    }),
  );
  await page.goto(elsewhere);
  const answered = page.waitForResponse(`${proxyUrl}/api/contact`);
  await page.getByRole('button', { name: 'Go' }).click();
  const response = await answered;
  expect(await response.request().headerValue('origin')).toBe('http://elsewhere.example');
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain('This form can only be sent from this site.');
});
