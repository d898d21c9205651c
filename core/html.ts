/**
 * Text written into HTML: an element's text or a double-quoted attribute's value. The one escaping
 * of the pages the server assembles (server/page-renderer.ts) and of the link preview's tags
 * (core/link-preview.ts); React escapes what it renders itself.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
