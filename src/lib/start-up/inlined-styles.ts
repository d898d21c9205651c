/**
 * The server puts each page's stylesheets inside the page (`<style data-href="/assets/x.css">`,
 * server/page-renderer.ts), so the first paint waits for no second request. Vite's loader of a
 * page's code knows a stylesheet is present only by a `<link rel="stylesheet">` with its address;
 * without one it fetches the file again, and holds the page's code until it has come: a whole
 * round trip between the first paint and a working page on a phone.
 *
 * So each inlined stylesheet is also named by a disabled link, made from script: a disabled
 * stylesheet link made this way is never fetched and applies nothing; it only tells the loader
 * the styles are already here. Called once, before any of the page's code is asked for.
 */
export function nameInlinedStyles(doc: Document): void {
  for (const style of doc.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const href = style.dataset.href ?? '';
    if (!href || doc.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) continue;
    const link = doc.createElement('link');
    // Disabled before it has an address: it is never fetched.
    link.setAttribute('disabled', '');
    link.rel = 'stylesheet';
    link.href = href;
    doc.head.append(link);
  }
}
