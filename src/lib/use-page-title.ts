import { useEffect } from 'react';
import { ROUTES, trimPath } from '../../core/routes';
import { useServerHead } from './page-context';

/** Whether a page other than home has been shown, so the meta may no longer be the site's. */
let describedAnother = false;

function setMetaDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Sets the document title, e.g. "Puzzle Archive · Linchpin", and the page's meta description.
 * Every page calls it, and a navigation renders the new page, so both follow the route.
 */
export function usePageTitle(title: string | null): void {
  // The server renders no effects: it takes the title from the collector into the page's <head>.
  useServerHead({ title: documentTitle(title) });
  useEffect(() => {
    document.title = documentTitle(title);
    const path = window.location.pathname;
    // Every page's HTML carries the site's description, which is also the home page's: the first
    // load of / needs no table of descriptions (the entry's bytes, issue 42).
    if (!describedAnother && trimPath(path) === ROUTES.home) return;
    describedAnother = true;
    void import('./page-descriptions').then(({ pageDescription }) => {
      if (window.location.pathname === path) setMetaDescription(pageDescription(path));
    });
  }, [title]);
}

/** "Puzzle Archive · Linchpin", or the site's own title for the home page. */
export function documentTitle(title: string | null): string {
  return title ? `${title} · Linchpin` : 'Linchpin: the daily word puzzle';
}
