import { describe, expect, it } from 'vitest';
import { fillTemplate, MARKERS, splitTemplate, WEB_APP_MANIFEST } from './page-template';

/** index.html as Vite and vite-plugin-pwa write it: their tags before </head>. */
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-scripts-->
    <!--app-icon-->
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-b2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c3.css">
  <link rel="manifest" href="${WEB_APP_MANIFEST}"></head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--app-body-->
  </body>
</html>
`;
const ENTRY_FILES = ['assets/index-a1.js', 'assets/shared-b2.js', 'assets/index-c3.css'];
const FILLS = { headScripts: 'S', icon: 'I', head: 'H', html: 'R', body: 'B' };

describe('the page template', () => {
  it('is cut at its markers, without the tags the build wrote for its entry', () => {
    const template = splitTemplate(BUILT, ENTRY_FILES);
    expect(fillTemplate(template, FILLS)).toBe(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    S
    I
    H</head>
  <body>
    <div id="root">R</div>
    B
  </body>
</html>
`);
    expect(template.lateLinks).toEqual([`<link rel="manifest" href="${WEB_APP_MANIFEST}">`]);
  });

  it('knows the build’s tags by the files they name, whatever the order of their attributes', () => {
    const reordered = BUILT.replace(
      '<script type="module" crossorigin src="/assets/index-a1.js">',
      '<script src="/assets/index-a1.js" crossorigin type="module">',
    ).replace(
      '<link rel="stylesheet" crossorigin href="/assets/index-c3.css">',
      '<link href="/assets/index-c3.css" rel="stylesheet">',
    );
    expect(fillTemplate(splitTemplate(reordered, ENTRY_FILES), FILLS)).toBe(
      fillTemplate(splitTemplate(BUILT, ENTRY_FILES), FILLS),
    );
  });

  it.each(Object.values(MARKERS))('refuses a template without %s, naming it', (marker) => {
    expect(() => splitTemplate(BUILT.replace(marker, ''), ENTRY_FILES)).toThrow(
      `The page template (index.html) has no ${marker} marker`,
    );
  });

  it('refuses a marker twice, or out of order', () => {
    expect(() =>
      splitTemplate(
        BUILT.replace('<!--app-body-->', '<!--app-body--><!--app-body-->'),
        ENTRY_FILES,
      ),
    ).toThrow('has 2 <!--app-body--> markers');
    const swapped = BUILT.replace('<!--app-icon-->', '@')
      .replace('<!--app-head-scripts-->', '<!--app-icon-->')
      .replace('@', '<!--app-head-scripts-->');
    expect(() => splitTemplate(swapped, ENTRY_FILES)).toThrow(
      'has its <!--app-icon--> marker out of order',
    );
  });

  it('refuses a tag of the build it does not know, rather than dropping it unseen', () => {
    const extra = BUILT.replace('</head>', '<script src="/assets/other-d4.js"></script></head>');
    expect(() => splitTemplate(extra, ENTRY_FILES)).toThrow(
      'The build wrote <script src="/assets/other-d4.js"> before </head>',
    );
    // A manifest from another build names other files: its entry's tags are not these.
    expect(() => splitTemplate(BUILT, ['assets/index-zz.js', 'assets/index-zz.css'])).toThrow(
      '<script type="module" crossorigin src="/assets/index-a1.js">',
    );
  });
});
