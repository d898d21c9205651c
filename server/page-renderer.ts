import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from '../core/html';
import {
  EARLY_INPUT_SCRIPT,
  INLINE_SCRIPTS,
  MODULE_LOADER_SCRIPT,
  PREPAINT_SCRIPT,
} from '../core/inline-scripts';
import type { RenderedPage, ServerEntry } from '../core/page-render';
import type { Puzzle } from '../core/puzzle';
import { NOT_FOUND_ADDRESS, ROUTES, type PageAddress } from '../core/routes';
import {
  allStylesheets,
  chunkFiles,
  ENTRY,
  readBuildManifest,
  type BuildManifest,
} from './build-manifest';
import type { ServerCatalogue } from './catalogue';
import { fillTemplate, splitTemplate } from './page-template';

/**
 * Renders each page on the server with the app's own components (src/entry-server.tsx, built into
 * dist-server/), into the built index.html at its markers (server/page-template.ts): the page's
 * HTML, its title, the data it was rendered with, the inline scripts (the player's choices before
 * the first paint, early input kept, the module loader), and its stylesheets inline, all taken
 * from Vite's manifest (server/build-manifest.ts). A page depends only on its address and its UTC
 * day, never on who asks. The same function writes the static pages of dist/ at build time
 * (scripts/prerender.ts).
 */

export interface PageRequest {
  /** What the page shows (core/routes.ts `pageAddress`). */
  address: PageAddress;
  now?: number;
}

export interface RenderedHtml {
  status: number;
  html: string;
}

/** The exact texts of the inline <script> and <style> elements pages can carry. */
export interface InlineTexts {
  scripts: readonly string[];
  styles: readonly string[];
}

export interface PageRenderer {
  render(request: PageRequest): Promise<RenderedHtml>;
  /**
   * Every inline script and style any page of this renderer can carry: the scripts of
   * core/inline-scripts.ts and the stylesheets of every route's page and of the not-found page.
   * The Content-Security-Policy allows exactly these (server/security-headers.ts).
   */
  inlineTexts: InlineTexts;
}

/** Every path a page is rendered for: the app's routes and the not-found page (core/routes.ts). */
const PAGE_PATHS = [...Object.values(ROUTES), NOT_FOUND_ADDRESS.path];

/**
 * A built stylesheet inside the page, named by its address: the app's code loader (Vite's) then
 * knows these styles are here and does not fetch the file again before showing the page's code
 * (src/lib/start-up/inlined-styles.ts).
 */
const inlineStyle = (href: string, text: string): string =>
  `<style data-href="/${href}">${text}</style>`;

/** The built stylesheets' texts as pages carry them, each file read once. */
function stylesheetReader(distDir: string): (href: string) => string {
  const sheets = new Map<string, string>();
  return (href) => {
    let text = sheets.get(href);
    if (text === undefined) {
      text = readFileSync(join(distDir, href), 'utf8').trim();
      sheets.set(href, text);
    }
    return text;
  };
}

/**
 * The PNG inside an ICO file (scripts/make-icons.ts writes favicon.ico as one 32 px PNG in an ICO
 * wrapper), or null when the file is not one.
 */
export function pngInsideIco(ico: Buffer): Buffer | null {
  // ICONDIR: reserved 0, type 1 (icon), count; then 16-byte entries with the image's size and offset.
  if (ico.length < 22 || ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1) return null;
  const size = ico.readUInt32LE(14);
  const offset = ico.readUInt32LE(18);
  const png = ico.subarray(offset, offset + size);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return png.length === size && png.subarray(0, 8).equals(signature) ? png : null;
}

/**
 * The icon travels inside the page as a PNG `data:` address (the 32 px PNG of favicon.ico, 1.2 KB),
 * so no icon request is made beside the first paint. Not the SVG: a browser draws an SVG icon by
 * building a document for it on the page's main thread (7-13 ms unthrottled here, a long task at
 * the bench's calibrated slowdown), a PNG is decoded in about 1 ms. Without the file, the page
 * links it.
 */
function iconLink(distDir: string): string {
  try {
    const png = pngInsideIco(readFileSync(join(distDir, 'favicon.ico')));
    if (png)
      return `<link rel="icon" href="data:image/png;base64,${png.toString('base64')}" sizes="32x32" type="image/png" />`;
  } catch {
    // No icon file: the page links it.
  }
  return '<link rel="icon" href="/favicon.ico" sizes="32x32" />';
}

/**
 * The inline texts of a build served without its renderer (no dist-server/): the built
 * index.html, rendered by the build, carries the same scripts and some of the build's
 * stylesheets, so the policy allows every stylesheet the manifest names.
 */
export function builtInlineTexts(distDir: string): InlineTexts {
  let manifest: BuildManifest;
  try {
    manifest = readBuildManifest(distDir);
  } catch {
    return { scripts: INLINE_SCRIPTS, styles: [] };
  }
  return {
    scripts: INLINE_SCRIPTS,
    styles: allStylesheets(manifest).map(stylesheetReader(distDir)),
  };
}

/**
 * One build's way of assembling pages: the template cut at its markers, the icon, and for each
 * path the modules and stylesheets the manifest names for it (the entry's first).
 */
function pageAssembler(options: {
  distDir: string;
  templateText: string;
  pageModules: ServerEntry['pageModules'];
}) {
  const manifest = readBuildManifest(options.distDir);
  const stylesheet = stylesheetReader(options.distDir);
  const entryFiles = chunkFiles(manifest, [ENTRY]);
  const entryStyles = new Set(entryFiles.css);
  const template = splitTemplate(options.templateText, [...entryFiles.js, ...entryFiles.css]);
  const icon = iconLink(options.distDir);
  const filesOf = (path: string) => chunkFiles(manifest, [ENTRY, ...options.pageModules(path)]);
  const styles = (sheets: readonly string[]) =>
    sheets.map((href) => `\n    ${inlineStyle(href, stylesheet(href))}`).join('');
  return {
    inlineTexts: {
      scripts: INLINE_SCRIPTS,
      styles: [...new Set(PAGE_PATHS.flatMap((path) => filesOf(path).css))].map(stylesheet),
    },
    /** The page at `path`, around what the server entry rendered. */
    assemble(page: RenderedPage, path: string): string {
      const files = filesOf(path);
      const modules = JSON.stringify(files.js.map((file) => `/${file}`)).replace(/</g, '\\u003c');
      return fillTemplate(template, {
        // The player's choices are applied first thing, and early input is kept from the first paint.
        headScripts: `<script>${PREPAINT_SCRIPT}</script>\n    <script>${EARLY_INPUT_SCRIPT}</script>`,
        icon,
        // The styles travel inside the page: the first paint waits for no second request. The
        // entry's come first, then (after the link preview) the route's and the cookie banner's.
        head:
          `<title>${escapeHtml(page.title)}</title>` +
          styles(entryFiles.css) +
          (page.headTags ? `\n    ${page.headTags}` : '') +
          styles(files.css.filter((href) => !entryStyles.has(href))) +
          '\n  ',
        html: page.html,
        body:
          `<script id="page-data" type="application/json">${page.pageData}</script>\n    ` +
          `<script id="page-modules" type="application/json">${modules}</script>\n    ` +
          `<script>${MODULE_LOADER_SCRIPT}</script>\n    ` +
          // What nothing on the first paint needs (the web app manifest), added by the loader.
          `<template id="late-links">${template.lateLinks.join('')}</template>`,
      });
    },
  };
}

/**
 * Loads the server entry, the template and the manifest; null when not built. A template without
 * one of its markers, or a manifest without the entry, throws. Puzzles come from the server's one
 * catalogue reader (server/catalogue.ts).
 */
export async function createPageRenderer(options: {
  distDir: string;
  serverDir: string;
  catalogue: ServerCatalogue;
}): Promise<PageRenderer | null> {
  const { distDir, serverDir, catalogue } = options;
  let templateText: string;
  let entry: ServerEntry;
  try {
    // The page template as Vite wrote it; the build keeps a copy before it renders dist/'s pages.
    templateText = readFileSync(join(serverDir, 'template.html'), 'utf8');
    entry = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as ServerEntry;
  } catch {
    return null;
  }
  const pages = pageAssembler({
    distDir,
    templateText,
    pageModules: (path) => entry.pageModules(path),
  });
  // The whole catalogue; each page takes what is out on its day (src/entry-server.tsx).
  const summaries = catalogue.summaries;
  const puzzle = (id: string): Puzzle | null => catalogue.puzzle(id);
  return {
    inlineTexts: pages.inlineTexts,
    async render({ address, now }) {
      const page = await entry.renderPage({ address, now: now ?? Date.now(), summaries, puzzle });
      return { status: page.status, html: pages.assemble(page, address.path) };
    },
  };
}
