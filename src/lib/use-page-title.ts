import { useEffect } from 'react';
import { trimPath } from '../../core/routes';
import { useServerHead } from './page-context';

/**
 * Each page's meta description (search results, link previews), by path. Kept here rather than in
 * strings.ts: importing strings.ts (or wouter) from this shared hook made the bundler split them out
 * of the entry chunk into extra preloaded chunks, about 1 KB more on the first load.
 */
export const PAGE_DESCRIPTIONS = {
  default:
    'Linchpin: the daily puzzle where one word holds four groups together. Sort nine words into four groups of three.',
  '/game':
    'Sort nine words into four groups of three; one special word, the linchpin, belongs to all four.',
  '/how-to-play':
    'How to play Linchpin: pick a colour, choose three words for each group, and find the one word that fits all four.',
  '/archive': 'Every past Linchpin puzzle, ready to play or replay, with your solved ones marked.',
  '/stats':
    'Your Linchpin statistics: games played and won, win rate, streaks and how many tries each win took.',
  '/about': 'About Linchpin, the daily puzzle where one word holds four groups together.',
  '/contact': 'Get in touch with the people who make Linchpin.',
  '/submit-puzzle': 'Send your own Linchpin puzzle: nine words, four groups and one linchpin word.',
  '/privacy': 'What Linchpin stores in your browser, and how to change your choice.',
  '/terms': 'The terms of use of Linchpin.',
  '/twodle': 'Twodle, Linchpin’s sister game: two words, one new word. Coming soon.',
} as const;

/** The meta description of a path ("/stats", "/stats/"), or the site's own for any other page. */
export function pageDescription(path: string): string {
  const trimmed = trimPath(path);
  return trimmed.startsWith('/') && Object.hasOwn(PAGE_DESCRIPTIONS, trimmed)
    ? PAGE_DESCRIPTIONS[trimmed as keyof typeof PAGE_DESCRIPTIONS]
    : PAGE_DESCRIPTIONS.default;
}

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
    setMetaDescription(pageDescription(window.location.pathname));
  }, [title]);
}

/** "Puzzle Archive · Linchpin", or the site's own title for the home page. */
export function documentTitle(title: string | null): string {
  return title ? `${title} · Linchpin` : 'Linchpin: the daily word puzzle';
}
