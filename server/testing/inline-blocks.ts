import { createHash } from 'node:crypto';

/**
 * What a test reads out of a page and its Content-Security-Policy, to check one against the other:
 * the page's inline scripts that a browser runs (no `src`, no data type such as the page's JSON)
 * and its inline styles, each as the hash the policy would name; and the hashes each directive of
 * a policy names.
 */
export const sha256Source = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function inlineBlockHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => {
      if (/\bsrc\s*=/i.test(attributes)) return false;
      const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1];
      return type === undefined || type === 'module' || /javascript/i.test(type);
    })
    .map(([, , body = '']) => sha256Source(body));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, body = '']) =>
    sha256Source(body),
  );
  return { scripts, styles };
}

/** The sources a directive of the policy lists, e.g. `policySources(csp, 'style-src')`. */
export function policySources(policy: string, directive: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found ? found.slice(1) : [];
}
