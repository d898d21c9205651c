import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppConfig } from '../app';
import { serverCatalogueDir } from '../catalogue';

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
    resultsPerAddress: 30,
    resultsPerNetwork: 300,
    trustProxy: false,
    distDir: join(tmpdir(), 'linchpin-no-site'),
    logLevel: 'silent',
    csp: { ads: false, analytics: false, formOrigins: [] },
    ...overrides,
  };
}

/**
 * Writes the catalogue the build writes for the server (dist-server/puzzles/ beside `distDir`):
 * index.json with every summary and one file a month with the whole puzzles.
 */
export function writeServerCatalogue(
  distDir: string,
  puzzles: readonly { id: string; date: string; [field: string]: unknown }[],
): void {
  const dir = serverCatalogueDir(distDir);
  mkdirSync(dir, { recursive: true });
  const summaries = puzzles.map((puzzle) => ({
    title: puzzle.id,
    author: null,
    difficulty: 'normal',
    ...puzzle,
  }));
  writeFileSync(join(dir, 'index.json'), JSON.stringify(summaries));
  const months = new Map<string, unknown[]>();
  for (const puzzle of summaries) {
    const month = puzzle.date.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), puzzle]);
  }
  for (const [month, list] of months)
    writeFileSync(join(dir, `${month}.json`), JSON.stringify(list));
}

/** What the rendering fixture's server entry did: each address it rendered, in order. */
export const fixtureRenders = (): string[] =>
  ((globalThis as { __linchpinRenders?: string[] }).__linchpinRenders ??= []);

/** Makes the rendering fixture's next renders fail like a component that throws (status 500). */
export function failFixtureRenders(fail: boolean): void {
  (globalThis as { __linchpinFail?: boolean }).__linchpinFail = fail;
}

/** The index.html of a build, with the markers the renderer fills (server/page-template.ts). */
export const FIXTURE_TEMPLATE =
  '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><!--app-head-scripts-->' +
  '<!--app-icon--><!--app-head-->\n' +
  `<script type="module" crossorigin src="${FIXTURE_ASSET}"></script></head>` +
  '<body><div id="root"><!--app-html--></div><!--app-body--></body></html>\n';

/**
 * What `npm run build` writes for the server beside `distDir`: the template, Vite's manifest (its
 * entry is FIXTURE_ASSET) and a server entry (dist-server/entry-server.js) of the given source.
 */
export function writeServerBuild(
  distDir: string,
  entrySource: string,
  build: { template?: string; manifest?: object } = {},
): void {
  const serverDir = `${distDir}-server`;
  mkdirSync(join(distDir, '.vite'), { recursive: true });
  mkdirSync(serverDir, { recursive: true });
  writeFileSync(
    join(distDir, '.vite', 'manifest.json'),
    JSON.stringify(
      build.manifest ?? {
        'index.html': { file: FIXTURE_ASSET.slice(1), src: 'index.html', isEntry: true },
      },
    ),
  );
  writeFileSync(join(serverDir, 'template.html'), build.template ?? FIXTURE_TEMPLATE);
  writeFileSync(join(serverDir, 'entry-server.js'), entrySource);
}

/**
 * A built site with a server renderer (dist-server/entry-server.js) that records every address it
 * renders (`fixtureRenders`) and answers as the real one does: 404 for the shared not-found pages,
 * 500 when told to fail (`failFixtureRenders`).
 */
export function makeRenderingSite(puzzles: readonly { id: string; date: string }[]): {
  distDir: string;
  remove: () => void;
} {
  const site = makeFixtureSite();
  writeServerBuild(
    site.distDir,
    `export async function renderPage({ address }) {
       const renders = (globalThis.__linchpinRenders ??= []);
       const key = address.path + (address.puzzleId ? '?' + address.puzzleId : '');
       renders.push(key);
       const failed = globalThis.__linchpinFail === true;
       const missing = address.path === '/404' || address.puzzleId === 'none';
       return { status: failed ? 500 : missing ? 404 : 200, html: '<main>' + key + '</main>',
         title: 'Linchpin', pageData: '{}' };
     }
     export function pageModules() { return []; }`,
  );
  writeServerCatalogue(site.distDir, puzzles);
  return site;
}
