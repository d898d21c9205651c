/**
 * The page template: index.html as the build wrote it, cut at the explicit markers the source
 * index.html carries. A page is the template's pieces with what the renderer writes at each
 * marker (server/page-renderer.ts), joined: no text of a page (a title, an address, a puzzle) is
 * ever read as a pattern or as markup. A marker missing fails the build (scripts/prerender.ts
 * renders every route with this template) with an error naming it.
 */

/** Each marker, in the order it stands in index.html, and what the renderer writes there. */
export const MARKERS = {
  /** Right after the charset: the scripts that run before the first paint. */
  headScripts: '<!--app-head-scripts-->',
  /** The icon, inside the page (server/page-renderer.ts). */
  icon: '<!--app-icon-->',
  /** Last in <head>: the title, the stylesheets inline and the link preview's tags. */
  head: '<!--app-head-->',
  /** Inside <div id="root">: the app's HTML. */
  html: '<!--app-html-->',
  /** Last in <body>: the page's data, its modules, the loader and the late links. */
  body: '<!--app-body-->',
} as const;

export type MarkerName = keyof typeof MARKERS;
const ORDER = Object.keys(MARKERS) as MarkerName[];

/**
 * vite-plugin-pwa's web app manifest (vite.config.ts): its link is the one tag of the build's
 * the page keeps, inert until after the first paint.
 */
export const WEB_APP_MANIFEST = '/manifest.webmanifest';

export interface Template {
  /** The template's text around the markers: one piece more than there are markers. */
  pieces: string[];
  /** The build's tags that join the page once its code starts (the web app manifest's link). */
  lateLinks: string[];
}

export class TemplateError extends Error {}

/**
 * Cuts the built index.html at its markers, and takes out the tags the build wrote before
 * </head>: Vite writes the entry's script, preloads and stylesheets there (their files are
 * `entryFiles`, from the manifest: the renderer loads and inlines them its own way), and
 * vite-plugin-pwa its manifest link. Any other tag there is refused rather than dropped unseen.
 */
export function splitTemplate(template: string, entryFiles: readonly string[]): Template {
  for (const marker of Object.values(MARKERS)) {
    const count = template.split(marker).length - 1;
    if (count !== 1)
      throw new TemplateError(
        `The page template (index.html) has ${count === 0 ? 'no' : count} ${marker} marker${count > 1 ? 's' : ''}: it needs one (server/page-template.ts).`,
      );
  }
  const pieces: string[] = [];
  let rest = template;
  for (const name of ORDER) {
    const at = rest.indexOf(MARKERS[name]);
    if (at < 0)
      throw new TemplateError(
        `The page template (index.html) has its ${MARKERS[name]} marker out of order (server/page-template.ts).`,
      );
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at + MARKERS[name].length);
  }
  pieces.push(rest);
  // After <!--app-head-->: the build's tags, then </head> and the body up to <!--app-html-->.
  const afterHead = ORDER.indexOf('head') + 1;
  const piece = pieces[afterHead] ?? '';
  const headEnd = piece.indexOf('</head>');
  if (headEnd < 0)
    throw new TemplateError(`The page template (index.html) has no </head> after ${MARKERS.head}.`);
  pieces[afterHead] = piece.slice(headEnd);
  return { pieces, lateLinks: buildTags(piece.slice(0, headEnd), entryFiles) };
}

/** The build's tags: the entry's are left out, the web app manifest's kept for later. */
function buildTags(text: string, entryFiles: readonly string[]): string[] {
  const unknown = (what: string) =>
    new TemplateError(
      `The build wrote ${what} before </head>; the page renderer knows only the entry's files (the build's manifest) and ${WEB_APP_MANIFEST} there (server/page-template.ts).`,
    );
  const [leading = '', ...parts] = text.split('<');
  if (leading.trim() !== '') throw unknown(leading.trim());
  const late: string[] = [];
  for (const part of parts) {
    const end = part.indexOf('>') + 1;
    const tag = `<${part.slice(0, end)}`;
    if (end === 0 || part.slice(end).trim() !== '') throw unknown(`<${part.trim()}`);
    if (tag.startsWith('</') || entryFiles.some((file) => tag.includes(`/${file}`))) continue;
    if (!tag.includes(WEB_APP_MANIFEST)) throw unknown(tag);
    late.push(tag);
  }
  return late;
}

/** The page: the template's pieces with each marker's text in its place. */
export function fillTemplate(template: Template, fills: Record<MarkerName, string>): string {
  return template.pieces
    .map((piece, index) => {
      const name = ORDER[index];
      return name === undefined ? piece : piece + fills[name];
    })
    .join('');
}
