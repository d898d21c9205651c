/**
 * The last step of `npm run build`: keeps Vite's index.html as the server's page template
 * (dist-server/template.html), then renders every route into dist/ with the same renderer the
 * server uses, as a first visitor would see it on the day of the build. A static host then serves
 * real pages (dist/index.html, dist/archive/index.html, …); the browser moves them to its own date.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pageAddress, ROUTES } from '../core/routes';
import { readServerCatalogue, serverCatalogueDir } from '../server/catalogue';
import { createPageRenderer } from '../server/page-renderer';

const ROOT = join(import.meta.dirname, '..');

export async function prerender(distDir = join(ROOT, 'dist')): Promise<string[]> {
  const serverDir = `${distDir}-server`;
  copyFileSync(join(distDir, 'index.html'), join(serverDir, 'template.html'));
  const renderer = await createPageRenderer({
    distDir,
    serverDir,
    catalogue: readServerCatalogue(serverCatalogueDir(distDir)),
  });
  if (!renderer) throw new Error('The server renderer could not be loaded from dist-server/.');
  const written: string[] = [];
  for (const path of Object.values(ROUTES)) {
    const page = await renderer.render({ address: pageAddress(path, '') });
    const file = path === '/' ? join(distDir, 'index.html') : join(distDir, path, 'index.html');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page.html);
    written.push(file);
  }
  return written;
}

// `tsx scripts/prerender.ts [dist dir]`: a page that cannot be assembled (a marker missing from
// index.html, server/page-template.ts) fails the build with the reason, and exit code 1.
if (process.argv[1] === import.meta.filename) {
  try {
    const written = await prerender(process.argv[2]);
    console.log(`Rendered ${written.length} pages into dist/.`);
  } catch (error) {
    console.error(`The build's pages could not be rendered: ${String(error)}`);
    process.exit(1);
  }
}
