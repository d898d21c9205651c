import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from '../core/html';
import { EARLY_INPUT_SCRIPT, MODULE_LOADER_SCRIPT, PREPAINT_SCRIPT } from '../core/inline-scripts';
import type { ServerEntry } from '../core/page-render';
import type { Puzzle } from '../core/puzzle';
import type { PageAddress } from '../core/routes';
import type { ServerCatalogue } from './catalogue';

/**
 * Renders each page on the server with the app's own components (src/entry-server.tsx, built into
 * dist-server/), into the built index.html: the page's HTML, its title, the data it was rendered
 * with, the inline scripts (the player's choices before the first paint, early input kept, the
 * module loader), and the route's styles inline. A page depends only on its address and its UTC
 * day, never on who asks. The same function writes the static pages of dist/ at build time
 * (scripts/prerender.ts).
 */

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageRequest {
  /** What the page shows (core/routes.ts `pageAddress`). */
  address: PageAddress;
  now?: number;
}

export interface RenderedHtml {
  status: number;
  html: string;
}

export interface PageRenderer {
  render(request: PageRequest): Promise<RenderedHtml>;
}

/**
 * The built index.html, cut once into the pieces a page is assembled from, so that no text of a
 * page (a title, an address, a puzzle) is ever read as a pattern or as markup: a page is these
 * pieces and its escaped texts, joined.
 */
export interface Template {
  /** From the start of the document to the inside of <title>. */
  beforeTitle: string;
  /** From </title> to just before </head> (where the route's styles go). */
  afterTitle: string;
  /** From </head> to the inside of <div id="root">. */
  beforeRoot: string;
  /** From the end of #root's content to the end of the document. */
  afterRoot: string;
  /** The entry module first, then the modules it preloads (the loader starts them). */
  entry: string[];
}

function cut(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`The page template has no ${marker}`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}

/** Splits the template into its pieces, taking out the script and links the loader starts. */
export function splitTemplate(
  template: string,
  inline: { icon: string | null; stylesheet: (href: string) => string },
): Template {
  const entry: string[] = [];
  const late: string[] = [];
  const shell = template
    // The manifest (and the icon it names) would be fetched beside the first paint, and a
    // request finishing before the paint counts in its simulated time (docs/decisions.md): the
    // loader adds it after the paint, from an inert <template>.
    .replace(/\s*<link rel="manifest"[^>]*>/, (tag) => {
      late.push(tag.trim());
      return '';
    })
    .replace(
      /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_tag, src: string) => {
        entry.unshift(src);
        return '';
      },
    )
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      entry.push(href);
      return '';
    })
    // The SVG icon travels inside the page (a few hundred bytes), so no icon request is made
    // beside the first paint; the .ico link stays for browsers without SVG icons.
    .replace('href="/favicon.svg"', () =>
      inline.icon === null
        ? 'href="/favicon.svg"'
        : // Only the characters a data address needs escaped; quotes become single ones.
          `href="data:image/svg+xml,${inline.icon.replace(/"/g, "'").replace(/[#%<>\n]/g, encodeURIComponent)}"`,
    )
    // The template's own stylesheet links become <style> elements.
    .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_link, href: string) =>
      inlineStyle(href, inline.stylesheet(href)),
    );
  const [head, body] = cut(shell, '</head>');
  const [beforeTitleTag, titleAndRest] = cut(head, '<title>');
  const [, afterTitle] = cut(titleAndRest, '</title>');
  // Right after the charset (or the opening of <head> in a template without one).
  const charset = '<meta charset="UTF-8" />';
  const [upToCharset, restOfHead] = beforeTitleTag.includes(charset)
    ? cut(beforeTitleTag, charset)
    : cut(beforeTitleTag, '<head>');
  const opening = beforeTitleTag.includes(charset) ? charset : '<head>';
  const [beforeRootTag, afterRootTag] = cut(body, '<div id="root"></div>');
  const [beforeBodyEnd, afterBodyEnd] = cut(afterRootTag, '</body>');
  return {
    // The player's choices are applied first thing, and early input is kept from the first paint.
    beforeTitle:
      `${upToCharset}${opening}\n    <script>${PREPAINT_SCRIPT}</script>\n    ` +
      `<script>${EARLY_INPUT_SCRIPT}</script>${restOfHead}<title>`,
    afterTitle: `</title>${afterTitle.replace(/\s*$/, '')}`,
    beforeRoot: `\n  </head>${beforeRootTag}<div id="root">`,
    afterRoot:
      `</div>${beforeBodyEnd.replace(/\s*$/, '')}\n    ` +
      `<template id="late-links">${late.join('')}</template>\n  </body>${afterBodyEnd}`,
    entry,
  };
}

/**
 * A built stylesheet inside the page, named by its address: the app's code loader (Vite's) then
 * knows these styles are here and does not fetch the file again before showing the page's code
 * (src/lib/inlined-styles.ts).
 */
export const inlineStyle = (href: string, text: string): string =>
  `<style data-href="/${href}">${text}</style>`;

/** The code and styles a page needs at once: its modules' chunks, what they import, and their CSS. */
function routeAssets(
  manifest: Manifest,
  modules: readonly string[],
): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { js: [...js], css: [...css] };
}

/**
 * Loads the server entry, the template and the manifest; null when not built. Puzzles come from
 * the server's one catalogue reader (server/catalogue.ts).
 */
export async function createPageRenderer(options: {
  distDir: string;
  serverDir: string;
  catalogue: ServerCatalogue;
}): Promise<PageRenderer | null> {
  const { distDir, serverDir, catalogue } = options;
  let template: string;
  let manifest: Manifest;
  let entry: ServerEntry;
  try {
    // The page template as Vite wrote it; the build keeps a copy before it renders dist/'s pages.
    template = readFileSync(join(serverDir, 'template.html'), 'utf8');
    manifest = JSON.parse(
      readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    entry = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as ServerEntry;
  } catch {
    return null;
  }
  const sheets = new Map<string, string>();
  const stylesheet = (href: string): string => {
    let text = sheets.get(href);
    if (text === undefined) {
      text = readFileSync(join(distDir, href), 'utf8').trim();
      sheets.set(href, text);
    }
    return text;
  };
  let icon: string | null = null;
  try {
    icon = readFileSync(join(distDir, 'favicon.svg'), 'utf8').trim();
  } catch {
    // No icon file: the page keeps its link.
  }
  const pieces = splitTemplate(template, { icon, stylesheet });
  // The whole catalogue; each page takes what is out on its day (src/entry-server.tsx).
  const summaries = catalogue.summaries;
  const puzzle = (id: string): Puzzle | null => catalogue.puzzle(id);

  return {
    async render(request) {
      const { address } = request;
      const page = await entry.renderPage({
        address,
        now: request.now ?? Date.now(),
        summaries,
        puzzle,
      });
      const assets = routeAssets(manifest, entry.pageModules(address.path));
      // The styles travel inside the page: the first paint waits for no second request. The
      // Content-Security-Policy hashes every built page's styles (server/static-site.ts).
      const routeStyles = assets.css
        .map((href) => inlineStyle(href, stylesheet(href)))
        .filter(
          (style) => !pieces.beforeTitle.includes(style) && !pieces.afterTitle.includes(style),
        );
      const modules = [...new Set([...pieces.entry, ...assets.js.map((href) => `/${href}`)])];
      const html = [
        pieces.beforeTitle,
        escapeHtml(page.title),
        pieces.afterTitle,
        page.headTags ? `\n    ${page.headTags}` : '',
        ...routeStyles.map((style) => `\n    ${style}`),
        pieces.beforeRoot,
        page.html,
        '</div>\n    <script id="page-data" type="application/json">',
        page.pageData,
        '</script>\n    <script id="page-modules" type="application/json">',
        JSON.stringify(modules).replace(/</g, '\\u003c'),
        `</script>\n    <script>${MODULE_LOADER_SCRIPT}</script>`,
        pieces.afterRoot.slice('</div>'.length),
      ].join('');
      return { status: page.status, html };
    },
  };
}
