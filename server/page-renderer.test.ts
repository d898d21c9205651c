import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EARLY_INPUT_SCRIPT, INLINE_SCRIPTS, PREPAINT_SCRIPT } from '../core/inline-scripts';
import { NOT_FOUND_ADDRESS, pageAddress, ROUTES } from '../core/routes';
import { readServerCatalogue, serverCatalogueDir } from './catalogue';
import { createPageRenderer, pngInsideIco } from './page-renderer';
import { inlineBlockHashes, sha256Source } from './testing/inline-blocks';
import {
  FIXTURE_ASSET,
  FIXTURE_TEMPLATE,
  makeFixtureSite,
  writeServerBuild,
  writeServerCatalogue,
} from './testing/fixture-site';

const sites: { remove: () => void }[] = [];
afterAll(() => {
  for (const site of sites) site.remove();
});

/** A built site whose server entry echoes the address into the title, the HTML and the data. */
function echoingSite(): string {
  const site = makeFixtureSite();
  sites.push(site);
  writeServerBuild(
    site.distDir,
    `export async function renderPage({ address }) {
       const id = address.puzzleId ?? '';
       return { status: 404, html: '<p>Puzzle ' + id + " $' $$ was not found.</p>",
         title: 'A $& title $\` ' + id, pageData: JSON.stringify({ id }) };
     }
     export function pageModules() { return []; }`,
  );
  writeServerCatalogue(site.distDir, []);
  return site.distDir;
}

const rendererOf = async (distDir: string) => {
  const renderer = await createPageRenderer({
    distDir,
    serverDir: `${distDir}-server`,
    catalogue: readServerCatalogue(serverCatalogueDir(distDir)),
  });
  if (!renderer) throw new Error('no renderer');
  return renderer;
};

describe('the icon', () => {
  const ico = readFileSync(join(import.meta.dirname, '..', 'public', 'favicon.ico'));

  it('travels inside each page as the PNG of favicon.ico: no request, and no SVG document for the browser to build', async () => {
    const distDir = echoingSite();
    copyFileSync(
      join(import.meta.dirname, '..', 'public', 'favicon.ico'),
      join(distDir, 'favicon.ico'),
    );
    const { html } = await (await rendererOf(distDir)).render({ address: pageAddress('/', '') });
    const links = html.match(/<link rel="icon"[^>]*>/g) ?? [];
    expect(links).toHaveLength(1);
    const [, data] =
      /href="data:image\/png;base64,([^"]+)" sizes="32x32" type="image\/png"/.exec(
        links[0] ?? '',
      ) ?? [];
    expect(Buffer.from(data ?? '', 'base64').equals(pngInsideIco(ico) ?? Buffer.alloc(0))).toBe(
      true,
    );
    expect(html).not.toContain('image/svg+xml');
  });

  it('is linked as /favicon.ico, as an ICO (no PNG type), by a build without the file', async () => {
    const { html } = await (
      await rendererOf(echoingSite())
    ).render({
      address: pageAddress('/', ''),
    });
    expect(html.match(/<link rel="icon"[^>]*>/g)).toEqual([
      '<link rel="icon" href="/favicon.ico" sizes="32x32" />',
    ]);
  });

  it('reads the PNG out of an ICO file, and nothing out of another file', () => {
    const png = pngInsideIco(ico);
    expect(png?.subarray(1, 4).toString()).toBe('PNG');
    expect(png?.length).toBe(ico.length - 22);
    expect(pngInsideIco(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(pngInsideIco(ico.subarray(0, ico.length - 1))).toBeNull();
  });
});

describe('assembling a page', () => {
  it('never reads a text of the page as a pattern: $ sequences in an address or a title stay as they are', async () => {
    const renderer = await rendererOf(echoingSite());
    const id = "$&$`$'$$";
    const { status, html } = await renderer.render({
      address: pageAddress('/game', `?puzzleId=${encodeURIComponent(id)}`),
    });
    expect(status).toBe(404);
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<html lang="en">/g)).toHaveLength(1);
    expect(html).toContain(`<title>A $&amp; title $\` ${id.replace(/&/g, '&amp;')}</title>`);
    expect(html).toContain(`<p>Puzzle ${id} $' $$ was not found.</p>`);
    const data = /<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual({ id });
  });

  it('carries the player’s-choices script and the early-input recorder first in <head>', async () => {
    const { html } = await (
      await rendererOf(echoingSite())
    ).render({
      address: pageAddress('/', ''),
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf(`<script>${PREPAINT_SCRIPT}</script>`)).toBeGreaterThan(0);
    expect(head.indexOf(`<script>${EARLY_INPUT_SCRIPT}</script>`)).toBeGreaterThan(
      head.indexOf(PREPAINT_SCRIPT),
    );
    expect(head.indexOf(PREPAINT_SCRIPT)).toBeLessThan(head.indexOf('<title>'));
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toContain('<!--app-');
  });

  it('refuses a template without one of its markers, naming it', async () => {
    const distDir = echoingSite();
    writeFileSync(
      join(`${distDir}-server`, 'template.html'),
      FIXTURE_TEMPLATE.replace('<!--app-html-->', ''),
    );
    await expect(rendererOf(distDir)).rejects.toThrow(
      'The page template (index.html) has no <!--app-html--> marker',
    );
  });
});

/**
 * A build of three pages' modules, as Vite's manifest names them: the entry with its stylesheet,
 * the board's page and the statistics page sharing a chunk (and its stylesheet), the cookie
 * banner every page carries, and a modal no page carries inline.
 */
const MODULES = {
  game: 'src/features/game/game-page.tsx',
  stats: 'src/features/stats/stats-page.tsx',
  banner: 'src/features/consent/cookie-banner.tsx',
};
const MANIFEST = {
  'index.html': {
    file: FIXTURE_ASSET.slice(1),
    src: 'index.html',
    isEntry: true,
    css: ['assets/index-e.css'],
  },
  [MODULES.game]: {
    file: 'assets/game-page-g.js',
    imports: ['index.html', '_shared-s.js'],
    css: ['assets/game-g.css'],
  },
  [MODULES.stats]: {
    file: 'assets/stats-page-t.js',
    imports: ['index.html', '_shared-s.js'],
    css: ['assets/stats-t.css'],
  },
  '_shared-s.js': {
    file: 'assets/shared-s.js',
    imports: ['index.html'],
    css: ['assets/shared-s.css'],
  },
  [MODULES.banner]: {
    file: 'assets/cookie-banner-c.js',
    imports: ['index.html'],
    css: ['assets/banner-c.css'],
  },
  'src/features/how-to-play/how-to-play-modal.tsx': {
    file: 'assets/modal-m.js',
    css: ['assets/modal-m.css'],
  },
};
const SHEETS = ['index-e', 'game-g', 'stats-t', 'shared-s', 'banner-c', 'modal-m'];

function routedSite(): string {
  const site = makeFixtureSite();
  sites.push(site);
  mkdirSync(join(site.distDir, 'assets'), { recursive: true });
  for (const sheet of SHEETS)
    writeFileSync(join(site.distDir, 'assets', `${sheet}.css`), `.${sheet}{content:"${sheet}"}\n`);
  writeServerBuild(
    site.distDir,
    `const MODULES = ${JSON.stringify(MODULES)};
     export async function renderPage({ address }) {
       return { status: 200, html: '<main>' + address.path + '</main>', title: 'Linchpin',
         headTags: '<meta property="og:title" content="Linchpin" />', pageData: '{}' };
     }
     export function pageModules(path) {
       const page = path === '/game' ? MODULES.game : path === '/stats' ? MODULES.stats : null;
       return page ? [page, MODULES.banner] : [MODULES.banner];
     }`,
    {
      manifest: MANIFEST,
      template: FIXTURE_TEMPLATE.replace(
        '</head>',
        '<link rel="stylesheet" crossorigin href="/assets/index-e.css">' +
          '<link rel="manifest" href="/manifest.webmanifest"></head>',
      ),
    },
  );
  writeServerCatalogue(site.distDir, []);
  return site.distDir;
}

describe('a page’s code and styles, from the build’s manifest', () => {
  it('inlines the entry’s styles, then the route’s and the banner’s, each file once', async () => {
    const { html } = await (
      await rendererOf(routedSite())
    ).render({
      address: pageAddress('/game', ''),
    });
    const styles = [...html.matchAll(/<style data-href="([^"]+)">([^<]*)<\/style>/g)];
    expect(styles.map(([, href]) => href)).toEqual([
      '/assets/index-e.css',
      '/assets/game-g.css',
      '/assets/shared-s.css',
      '/assets/banner-c.css',
    ]);
    expect(styles[1]?.[2]).toBe('.game-g{content:"game-g"}');
    // The entry's styles right after the title; the link preview's tags before the route's.
    expect(html).toMatch(
      /<\/title>\n {4}<style data-href="\/assets\/index-e.css">[^<]*<\/style>\n {4}<meta property="og:title"/,
    );
    const modules = /<script id="page-modules" type="application\/json">(.*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(JSON.parse(modules ?? '[]')).toEqual([
      FIXTURE_ASSET,
      '/assets/game-page-g.js',
      '/assets/shared-s.js',
      '/assets/cookie-banner-c.js',
    ]);
    expect(html).toContain(
      '<template id="late-links"><link rel="manifest" href="/manifest.webmanifest"></template>',
    );
    expect(html).not.toMatch(/<link rel="(stylesheet|modulepreload)"|<script[^>]+src=/);
  });

  it('names every inline text any page can carry, and nothing else', async () => {
    const renderer = await rendererOf(routedSite());
    const scripts = new Set<string>();
    const styles = new Set<string>();
    for (const path of [...Object.values(ROUTES), NOT_FOUND_ADDRESS.path]) {
      const { html } = await renderer.render({ address: pageAddress(path, '') });
      const found = inlineBlockHashes(html);
      for (const hash of found.scripts) scripts.add(hash);
      for (const hash of found.styles) styles.add(hash);
    }
    expect(new Set(renderer.inlineTexts.scripts.map(sha256Source))).toEqual(scripts);
    expect(new Set(renderer.inlineTexts.styles.map(sha256Source))).toEqual(styles);
    expect(renderer.inlineTexts.scripts).toEqual(INLINE_SCRIPTS);
    // The modal's styles are never inside a page.
    expect(renderer.inlineTexts.styles).not.toContain('.modal-m{content:"modal-m"}');
    expect(renderer.inlineTexts.styles).toHaveLength(SHEETS.length - 1);
  });
});
