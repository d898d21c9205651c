import { parseCookie } from 'cookie';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerEntry } from '../core/page-render';
import { catalogueFileOf, type Puzzle, type PuzzleSummary } from '../core/puzzle';

/**
 * Renders each page on the server with the app's own components (src/entry-server.tsx, built into
 * dist-server/), into the built index.html: the page's HTML, its title, the data it was rendered
 * with, the theme from the player's cookies, and links that preload the route's code and styles.
 * The same function writes the static pages of dist/ at build time (scripts/prerender.ts).
 */

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageRequest {
  path: string;
  /** The query, with or without its "?". */
  search: string;
  cookieHeader?: string | undefined;
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
 * Starts the app's code after the first paint: a page paints from its HTML and styles alone, with
 * no script fetched on the way, and then loads the entry (and preloads the route's chunks, listed
 * in #page-modules) to hydrate. It waits on the browser's paint entries, not on timers (a test's
 * frozen clock would hold timers back). One fixed text, so the Content-Security-Policy hashes it.
 */
export const MODULE_LOADER =
  '(function(){var started=0;function start(){if(started)return;started=1;' +
  'var m=JSON.parse(document.getElementById("page-modules").textContent),h=document.head;' +
  'm.slice(1).forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;h.appendChild(l)});' +
  'var s=document.createElement("script");s.type="module";s.src=m[0];h.appendChild(s);' +
  // The links nothing on the first paint needs (the web app manifest), kept inert until now.
  'var t=document.getElementById("late-links");if(t)h.appendChild(t.content)}' +
  // After the first paint: a paint entry is reported only once the frame is drawn. At load, only
  // if a paint already happened (a fast load can come before the first frame).
  'try{new PerformanceObserver(function(l){if(l.getEntries().length)start()}).observe({type:"paint",buffered:true})}catch(e){}' +
  'addEventListener("load",function(){if(!window.PerformanceObserver||performance.getEntriesByType("paint").length)start()})})()';

/** The template's own script and module preloads, taken out to be started by MODULE_LOADER. */
function takeScripts(template: string): { shell: string; entry: string[] } {
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
    .replace('</body>', `  <template id="late-links">${late.join('')}</template>\n  </body>`);
  return { shell, entry };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The code and styles a route needs at once: its chunk, what it imports, and their CSS. */
function routeAssets(manifest: Manifest, module: string | null): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (module) visit(module);
  return { js: [...js], css: [...css] };
}

/** Loads the server entry, the template, the manifest and the catalogue; null when not built. */
export async function createPageRenderer(options: {
  distDir: string;
  serverDir: string;
}): Promise<PageRenderer | null> {
  const { distDir, serverDir } = options;
  let template: string;
  let manifest: Manifest;
  let summaries: PuzzleSummary[];
  let entry: ServerEntry;
  try {
    // The page template as Vite wrote it; the build keeps a copy before it renders dist/'s pages.
    template = readFileSync(join(serverDir, 'template.html'), 'utf8');
    manifest = JSON.parse(
      readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    summaries = JSON.parse(
      // The whole catalogue, written for the server (dist/ holds only STATIC_DAYS_AHEAD days
      // ahead); each page takes what is out on its day (src/entry-server.tsx).
      readFileSync(join(serverDir, 'puzzles', 'index.json'), 'utf8'),
    ) as PuzzleSummary[];
    entry = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as ServerEntry;
  } catch {
    return null;
  }
  const taken = takeScripts(template);
  const entryModules = taken.entry;
  // The SVG icon travels inside the page (a few hundred bytes), so no icon request is made
  // beside the first paint; the .ico link stays for browsers without SVG icons.
  let shell = taken.shell;
  try {
    const icon = readFileSync(join(distDir, 'favicon.svg'), 'utf8').trim();
    shell = shell.replace(
      'href="/favicon.svg"',
      // Only the characters a data address needs escaped; quotes become single ones.
      `href="data:image/svg+xml,${icon.replace(/"/g, "'").replace(/[#%<>\n]/g, encodeURIComponent)}"`,
    );
  } catch {
    // No icon file: the page keeps its link.
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
  /** The template's own stylesheet links, as <style> elements. */
  const inlineStyles = (html: string) =>
    html.replace(
      /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
      (_link, href: string) => `<style>${stylesheet(href)}</style>`,
    );
  // Each month's catalogue file is read once, however many of its puzzles are asked for.
  const months = new Map<string, readonly Puzzle[]>();
  const month = (name: string): readonly Puzzle[] => {
    let list = months.get(name);
    if (!list) {
      try {
        list = JSON.parse(
          readFileSync(join(serverDir, 'puzzles', `${name}.json`), 'utf8'),
        ) as Puzzle[];
      } catch {
        list = [];
      }
      months.set(name, list);
    }
    return list;
  };
  const puzzle = (id: string): Puzzle | null => {
    const summary = summaries.find((item) => item.id === id);
    if (!summary) return null;
    return month(catalogueFileOf(summary.date)).find((item) => item.id === id) ?? null;
  };

  return {
    async render(request) {
      const search = request.search.replace(/^\?/, '');
      const cookies = Object.fromEntries(
        Object.entries(parseCookie(request.cookieHeader ?? '')).filter(
          (pair): pair is [string, string] => typeof pair[1] === 'string',
        ),
      );
      const page = await entry.renderPage({
        path: request.path,
        search: search ? `?${search}` : '',
        cookies,
        now: request.now ?? Date.now(),
        summaries,
        puzzle,
      });
      const assets = routeAssets(manifest, entry.routeModule(request.path));
      // The styles travel inside the page: the first paint waits for no second request. The
      // Content-Security-Policy hashes every built page's styles (server/static-site.ts).
      const headLinks = assets.css
        .filter((href) => !shell.includes(`href="/${href}"`))
        .map((href) => `<style>${stylesheet(href)}</style>`)
        .join('\n    ');
      const modules = [...new Set([...entryModules, ...assets.js.map((href) => `/${href}`)])];
      const attributes = Object.entries(page.htmlAttributes)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('');
      const html = inlineStyles(shell)
        .replace('<html lang="en">', `<html lang="en"${attributes}>`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
        .replace('</head>', `    ${headLinks}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root">${page.html}</div>\n    <script id="page-data" type="application/json">${page.pageData}</script>\n    <script id="page-modules" type="application/json">${JSON.stringify(modules)}</script>\n    <script>${MODULE_LOADER}</script>`,
        );
      return { status: page.status, html };
    },
  };
}
