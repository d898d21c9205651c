import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium';

// E2E_PORT and DIST_DIR let a second build be tested beside the first (defaults: 4173, dist/).
const PORT = Number(process.env.E2E_PORT ?? 4173);
const HOST = '127.0.0.1';
const BASE_URL = `http://${HOST}:${PORT}`;
const CI = Boolean(process.env.CI);

const DIST_DIR = process.env.DIST_DIR ?? join(import.meta.dirname, 'dist');
if (!existsSync(join(DIST_DIR, 'index.html'))) {
  throw new Error('End-to-end tests run against the production build: run `npm run build` first.');
}

/**
 * A fresh, empty data folder for each run's server. The runner loads this file first and sets the
 * variable; its workers inherit it, so they do not create folders of their own.
 */
function e2eDataDir(): string {
  const existing = process.env.LINCHPIN_E2E_DATA_DIR;
  if (existing) return existing;
  const dir = mkdtempSync(join(tmpdir(), 'linchpin-e2e-'));
  process.env.LINCHPIN_E2E_DATA_DIR = dir;
  process.on('exit', () => {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Left for the system's temp cleaner.
    }
  });
  return dir;
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: BASE_URL,
    headless: true,
    // Recording a trace for every test doubles its time on this 2-core machine: only retries record.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Installing the service worker precaches ~70 files: browser CPU and as many requests for
    // every fresh context. Only e2e/offline.spec.ts, which tests it, lets it run.
    serviceWorkers: 'block',
    // Debian's Chromium with the flags these machines need (scripts/chromium.ts).
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // Exactly what `npm start` runs after its build: the production server over dist/.
    command: 'node --import tsx server/index.ts',
    url: `${BASE_URL}/`,
    reuseExistingServer: !CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST,
      DATA_DIR: e2eDataDir(),
      DIST_DIR,
      RATE_LIMIT_MAX: '10000',
      RESULTS_RATE_LIMIT_MAX: '10000',
      // Every test's browser posts from 127.0.0.1.
      RESULTS_PER_ADDRESS: '10000',
      RESULTS_PER_NETWORK: '10000',
      GROUPS_RATE_LIMIT_MAX: '10000',
    },
  },
});
