/** Every client route of the app (SPEC §2). The server answers unknown paths with a 404 page. */
export const ROUTES = {
  home: '/',
  howToPlay: '/how-to-play',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  submitPuzzle: '/submit-puzzle',
  archive: '/archive',
  twodle: '/twodle',
  stats: '/stats',
  ad: '/ad',
  game: '/game',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

const KNOWN = new Set<string>(Object.values(ROUTES));

/** True when `pathname` (without query or trailing slash) is a page of the app. */
export function isAppRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN.has(trimmed);
}
