import type { PageMode } from './game/engine';

/** Every client route of the app (docs/spec.md §2). The server answers unknown paths with a 404 page. */
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
  /** The puzzle builder. */
  create: '/create',
  /** A player's puzzle, carried whole in the fragment (core/puzzle-link.ts). */
  play: '/play',
  /** A player's games moving to another device, carried whole in the fragment (core/transfer.ts). */
  transfer: '/transfer',
  /** "Play with friends": this device's groups, and starting one (core/friends.ts). */
  friends: '/friends',
  /** A group's invite, its code only in the fragment: `/friends/join#<code>`. */
  friendsJoin: '/friends/join',
  /** A group's page, its id in the fragment: `/friends/group#<id>`. */
  friendsGroup: '/friends/group',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

const KNOWN = new Set<string>(Object.values(ROUTES));

/** A path without its trailing slashes ("/stats/" is "/stats"; "/" stays "/"). */
export function trimPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** True when `pathname` (without query or trailing slash) is a page of the app. */
export function isAppRoute(pathname: string): boolean {
  return KNOWN.has(trimPath(pathname));
}

/**
 * A path the server answers with a page rather than a file: its last part (trailing slashes aside)
 * has no file extension as Node's `path.extname` reads one (a "." after its first character; ".."
 * has none), and it is not the API's. deploy/varnish.vcl applies the same rule.
 */
export function isPagePath(pathname: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return last === '..' || last.lastIndexOf('.') < 1;
}

/**
 * The one way to build an address of the game: today's puzzle with no id, else a puzzle in a
 * mode, through the Quick Break page (/ad) when asked. The Quick Break passes the same two
 * parameters on to /game.
 */
export function gameHref(
  target: { puzzleId?: string | null; mode?: PageMode } = {},
  viaQuickBreak = false,
): string {
  const path = viaQuickBreak ? ROUTES.ad : ROUTES.game;
  if (!target.puzzleId) return path;
  const query = new URLSearchParams({ puzzleId: target.puzzleId, mode: target.mode ?? 'play' });
  return `${path}?${query.toString()}`;
}

/** What a /game (or /ad) address asks for: a puzzle id or null (today's), and a mode (play by default). */
export function readGameAddress(search: string): { puzzleId: string | null; mode: PageMode } {
  const params = new URLSearchParams(search);
  const mode = params.get('mode');
  return {
    puzzleId: params.get('puzzleId') || null,
    mode: mode === 'retry' || mode === 'solution' ? mode : 'play',
  };
}

/** The routes whose page depends on the query: the puzzle and mode of the board (and of /ad, which passes them on). */
const READS_QUERY = new Set<string>([ROUTES.game, ROUTES.ad]);

/**
 * What a page depends on: its path (trimmed) and the query parameters its route reads, nothing
 * else (a tracking parameter such as `fbclid` or `utm_source` is not part of it). The server's
 * renderer, its render cache and the browser's check before it hydrates all go by this.
 */
export interface PageAddress {
  path: string;
  puzzleId: string | null;
  mode: PageMode;
}

export function pageAddress(pathname: string, search: string): PageAddress {
  const path = trimPath(pathname);
  return READS_QUERY.has(path)
    ? { path, ...readGameAddress(search) }
    : { path, puzzleId: null, mode: 'play' };
}

/** One text per address: equal for two requests exactly when they show the same page. */
export function addressKey(address: PageAddress): string {
  if (!address.puzzleId && address.mode === 'play') return address.path;
  const query = new URLSearchParams();
  if (address.puzzleId) query.set('puzzleId', address.puzzleId);
  query.set('mode', address.mode);
  return `${address.path}?${query.toString()}`;
}

/**
 * The address a page is rendered (and kept) for. A page that cannot exist shares one rendering
 * with every other of its kind, so junk addresses cost no render and no room in the page cache:
 * an unknown path is `NOT_FOUND_ADDRESS`; a board (or Quick Break) for a puzzle that is not out is
 * the one for `NO_SUCH_PUZZLE`. The page it shows names no address, so it is right for them all;
 * the browser sees an address not its own and draws the page afresh (src/main.tsx).
 */
export const NOT_FOUND_ADDRESS: PageAddress = { path: '/404', puzzleId: null, mode: 'play' };
/** A puzzle id no puzzle has (ids are `puzzle_N`, core/puzzle.ts). */
export const NO_SUCH_PUZZLE = 'none';

export function renderedAddress(
  address: PageAddress,
  isOut: (puzzleId: string) => boolean,
): PageAddress {
  if (!isAppRoute(address.path)) return NOT_FOUND_ADDRESS;
  if (address.puzzleId !== null && !isOut(address.puzzleId))
    return { path: address.path, puzzleId: NO_SUCH_PUZZLE, mode: 'play' };
  return address;
}
