import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_TEMPLATE,
  makeFixtureSite,
  writeServerBuild,
  writeServerCatalogue,
} from '../server/testing/fixture-site';

const site = makeFixtureSite();
afterAll(() => site.remove());

describe('the build’s last step, rendering every page', () => {
  it('fails with exit code 1 and names the marker index.html lacks', () => {
    writeServerBuild(
      site.distDir,
      `export async function renderPage() {
         return { status: 200, html: '<main></main>', title: 'Linchpin', pageData: '{}' };
       }
       export function pageModules() { return []; }`,
    );
    writeServerCatalogue(site.distDir, []);
    // The build keeps Vite's index.html as the template (here without <!--app-body-->).
    writeFileSync(
      join(site.distDir, 'index.html'),
      FIXTURE_TEMPLATE.replace('<!--app-body-->', ''),
    );
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/prerender.ts', site.distDir],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The page template (index.html) has no <!--app-body--> marker');
  });
});
