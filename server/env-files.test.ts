import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadEnvFiles } from './env-files';
import { makeFixtureSite } from './testing/fixture-site';
import { REPO_ROOT, startServer, type ServerProcess } from './testing/server-process';

/**
 * README: settings may come from a `.env` file. The server reads the files the build reads, with
 * Node's process.loadEnvFile; the environment wins over them, as with Vite.
 */
const folders: string[] = [];
const folder = (name: string) => {
  const path = mkdtempSync(join(tmpdir(), `linchpin-${name}-`));
  folders.push(path);
  return path;
};
afterAll(() => {
  for (const path of folders) rmSync(path, { recursive: true, force: true });
});

describe('loadEnvFiles', () => {
  const names = ['LINCHPIN_TEST_A', 'LINCHPIN_TEST_B', 'LINCHPIN_TEST_C'];
  afterEach(() => {
    for (const name of names) Reflect.deleteProperty(process.env, name);
  });

  it('reads .env and the production files, the more specific winning, the environment over all', () => {
    const dir = folder('env');
    writeFileSync(
      join(dir, '.env'),
      'LINCHPIN_TEST_A=from .env\nLINCHPIN_TEST_B=from .env\nLINCHPIN_TEST_C=from .env\n',
    );
    writeFileSync(join(dir, '.env.production'), 'LINCHPIN_TEST_B=from .env.production\n');
    process.env.LINCHPIN_TEST_C = 'from the environment';
    expect(loadEnvFiles(dir)).toEqual(['.env.production', '.env']);
    expect(process.env.LINCHPIN_TEST_A).toBe('from .env');
    expect(process.env.LINCHPIN_TEST_B).toBe('from .env.production');
    expect(process.env.LINCHPIN_TEST_C).toBe('from the environment');
  });

  it('reads nothing, and is no error, where there is no file', () => {
    expect(loadEnvFiles(folder('no-env'))).toEqual([]);
  });
});

describe('a server started with a .env in its folder', () => {
  const site = makeFixtureSite();
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop();
    site.remove();
  });

  it('takes its settings from it: the form service and analytics in its CSP', async () => {
    // A copy of the app (its code; node_modules shared), as a release folder holds it.
    const app = folder('app');
    for (const part of ['server', 'core', 'package.json', 'tsconfig.json'])
      cpSync(join(REPO_ROOT, part), join(app, part), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(app, 'node_modules'));
    writeFileSync(
      join(app, '.env'),
      [
        'VITE_CONTACT_FORM_URL=https://forms.example/f/abcd1234',
        'VITE_ANALYTICS_ID=G-TEST12345',
        `DATA_DIR=${folder('data')}`,
        'RATE_LIMIT_MAX=3',
      ].join('\n'),
    );
    // Set in the environment too: the environment wins.
    server = await startServer({ DIST_DIR: site.distDir, RATE_LIMIT_MAX: '5' }, 90_000, [], app);
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src [^;]*https:\/\/forms\.example/);
    expect(csp).toContain('https://www.googletagmanager.com');
    const post = () =>
      fetch(`${server?.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    const statuses = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await post()).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  }, 120_000);
});
