import Cookies from 'js-cookie';

/**
 * Where cookies are read from: the browser's own, or, while the server renders a page, the reader
 * the server sets. A page is the same for everyone (src/entry-server.tsx sets a reader with no
 * cookie), and the browser reads its own only after hydration (src/lib/start-up/hydration.tsx).
 */
type CookieReader = () => Record<string, string>;
let serverReader: CookieReader | null = null;

/** The server's hook: read cookies from the request being rendered. */
export function setServerCookieReader(reader: CookieReader | null): void {
  serverReader = reader;
}

export function cookieValue(name: string): string | undefined {
  return serverReader ? serverReader()[name] : Cookies.get(name);
}

export function allCookies(): Record<string, string> {
  return serverReader ? serverReader() : Cookies.get();
}

/** True while the server renders: there is no browser storage, clock or window to read. */
export const onServer = (): boolean => typeof window === 'undefined';
