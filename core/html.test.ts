import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes what could end a text or a double-quoted attribute, and the ampersand first', () => {
    expect(escapeHtml('<script>"Tom & Jerry"</script>')).toBe(
      '&lt;script&gt;&quot;Tom &amp; Jerry&quot;&lt;/script&gt;',
    );
  });

  it('escapes an escaped text again rather than leaving it as markup', () => {
    expect(escapeHtml('&lt;b&gt;')).toBe('&amp;lt;b&amp;gt;');
  });

  it('leaves single quotes, $ sequences and other text as they are', () => {
    expect(escapeHtml("Linchpin #7: It's $1 $' $$ — café")).toBe(
      "Linchpin #7: It's $1 $' $$ — café",
    );
  });
});
