import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppConfig } from '../app';

/** A small built site like Vite's: index.html with one inline script, a hashed asset, a favicon. */
export const FIXTURE_INLINE_SCRIPT = 'window.__linchpinBoot = 1;';
export const FIXTURE_ASSET = '/assets/index-Bx7f3k2Q.js';
export const FIXTURE_ASSET_BODY = 'export const words = ["Spring", "Leap", "Net"];\n'.repeat(200);

export function makeFixtureSite(): { distDir: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'linchpin-site-'));
  const distDir = join(root, 'dist');
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  writeFileSync(
    join(distDir, 'index.html'),
    `<!doctype html><html lang="en"><head><title>Linchpin</title><script>${FIXTURE_INLINE_SCRIPT}</script>` +
      `<script type="module" src="${FIXTURE_ASSET}"></script></head><body><div id="root"></div></body></html>\n`,
  );
  writeFileSync(join(distDir, FIXTURE_ASSET), FIXTURE_ASSET_BODY);
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  return { distDir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    rateLimit: { max: 1000, windowMs: 60_000 },
    resultsRateLimit: { max: 1000, windowMs: 60_000 },
    trustProxy: false,
    distDir: join(tmpdir(), 'linchpin-no-site'),
    logLevel: 'silent',
    csp: { ads: false, analytics: false, formOrigins: [] },
    ...overrides,
  };
}
