import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EARLY_INPUT_SCRIPT, PREPAINT_SCRIPT } from '../core/inline-scripts';
import { pageAddress } from '../core/routes';
import { readServerCatalogue, serverCatalogueDir } from './catalogue';
import { createPageRenderer } from './page-renderer';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Linchpin</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A built site whose server entry echoes the address into the title, the HTML and the data. */
function builtSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'linchpin-render-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(`${dist}-server`, 'puzzles'), { recursive: true });
  writeFileSync(join(`${dist}-server`, 'template.html'), TEMPLATE);
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(`${dist}-server`, 'puzzles', 'index.json'), '[]');
  writeFileSync(
    join(`${dist}-server`, 'entry-server.js'),
    `export async function renderPage({ address }) {
       const id = address.puzzleId ?? '';
       return { status: 404, html: '<p>Puzzle ' + id + " $' $$ was not found.</p>",
         title: 'A $& title $\` ' + id, pageData: JSON.stringify({ id }) };
     }
     export function pageModules() { return []; }`,
  );
  return dist;
}

describe('assembling a page', () => {
  it('never reads a text of the page as a pattern: $ sequences in an address or a title stay as they are', async () => {
    const dist = builtSite();
    const renderer = await createPageRenderer({
      distDir: dist,
      serverDir: `${dist}-server`,
      catalogue: readServerCatalogue(serverCatalogueDir(dist)),
    });
    const id = "$&$`$'$$";
    const { status, html } = (await renderer?.render({
      address: pageAddress('/game', `?puzzleId=${encodeURIComponent(id)}`),
    })) ?? { status: 0, html: '' };
    expect(status).toBe(404);
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<html lang="en">/g)).toHaveLength(1);
    expect(html).toContain(`<title>A $&amp; title $\` ${id.replace(/&/g, '&amp;')}</title>`);
    expect(html).toContain(`<p>Puzzle ${id} $' $$ was not found.</p>`);
    const data = /<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual({ id });
  });

  it('carries the player’s-choices script and the early-input recorder first in <head>', async () => {
    const dist = builtSite();
    const renderer = await createPageRenderer({
      distDir: dist,
      serverDir: `${dist}-server`,
      catalogue: readServerCatalogue(serverCatalogueDir(dist)),
    });
    const { html } = (await renderer?.render({ address: pageAddress('/', '') })) ?? { html: '' };
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf(`<script>${PREPAINT_SCRIPT}</script>`)).toBeGreaterThan(0);
    expect(head.indexOf(`<script>${EARLY_INPUT_SCRIPT}</script>`)).toBeGreaterThan(
      head.indexOf(PREPAINT_SCRIPT),
    );
    expect(head.indexOf(PREPAINT_SCRIPT)).toBeLessThan(head.indexOf('<title>'));
    expect(html).not.toMatch(/<script[^>]+src=/);
  });
});
