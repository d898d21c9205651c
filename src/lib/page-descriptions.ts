import { trimPath } from '../../core/routes';

/**
 * Each page's meta description (search results, link previews), by path. A module of its own, loaded only when a
 * page other than the one the HTML describes is shown (src/lib/use-page-title.ts): the first load
 * of / carries none of it.
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
