/**
 * The browser's cookies, read and written in the format js-cookie used (the library this module
 * replaced to keep the first load's code small, issue 42): a value is URI-encoded but for the
 * characters a cookie may hold as they are, and read back with every %XX run decoded, so the
 * cookies players already have read the same (browser-cookies.test.ts checks both against
 * js-cookie). Names are Linchpin's own (core/stored-items.ts), plain ASCII, written as they are.
 */
export type CookieAttributes = Record<string, string | boolean>;

const encodeValue = (value: string) =>
  encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);

const decodeValue = (text: string) =>
  (text.startsWith('"') ? text.slice(1, -1) : text).replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);

/** Every cookie of the page by name (the first of a name wins); a malformed one is skipped. */
export function browserCookies(): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const pair of document.cookie ? document.cookie.split('; ') : []) {
    const [name = '', ...value] = pair.split('=');
    try {
      const found = decodeURIComponent(name);
      if (!Object.hasOwn(jar, found)) jar[found] = decodeValue(value.join('='));
    } catch {
      // Not a cookie of ours: left alone.
    }
  }
  return jar;
}

/** Writes a cookie; an attribute set to true is written bare (`secure`), false is left out. */
export function setBrowserCookie(
  name: string,
  value: string,
  attributes: CookieAttributes,
): string {
  let text = `${name}=${encodeValue(value)}`;
  for (const [key, setting] of Object.entries(attributes)) {
    if (setting === true) text += `; ${key}`;
    else if (setting) text += `; ${key}=${setting.split(';')[0] ?? ''}`;
  }
  document.cookie = text;
  return text;
}

/** Deletes a cookie: the same name and path, expired a day ago. */
export function removeBrowserCookie(name: string, path: string): void {
  setBrowserCookie(name, '', { path, expires: new Date(Date.now() - 864e5).toUTCString() });
}
