import { type ComponentType } from 'react';
import { ROUTES, trimPath, type RoutePath } from '../../core/routes';
import { preloadable } from '../lib/lazy-module';

/**
 * Every page's module, loaded lazily: a player fetches only the code of the page being shown. The
 * file names are the keys, so the server can preload (and link the styles of) the very module a
 * route renders, from the build's manifest.
 */
const PAGE_MODULES = import.meta.glob<Record<string, ComponentType>>([
  '../features/*/*-page.tsx',
  '../features/legal/legal-pages.tsx',
]);

export interface PageRoute {
  path: RoutePath;
  component: ComponentType;
  /** The page's source file, as the build's manifest names it (e.g. src/features/game/game-page.tsx). */
  module: string;
  /** Loads the page's code (to warm it before it is needed). */
  load: () => Promise<unknown>;
}

function page(path: RoutePath, file: string, name: string): PageRoute {
  const loader = PAGE_MODULES[file];
  if (!loader) throw new Error(`No page module ${file}`);
  const { Component, load } = preloadable(() =>
    loader().then((module) => {
      const Page = module[name];
      if (!Page) throw new Error(`${file} has no ${name}`);
      return Page;
    }),
  );
  return { path, component: Component, module: file.replace(/^\.\.\//, 'src/'), load };
}

export const GAME_ROUTE = page(ROUTES.game, '../features/game/game-page.tsx', 'GamePage');

/** Pages with the game's own header instead of the site's layout: the board's pages. */
export const GAME_SHELL_ROUTES: readonly PageRoute[] = [
  GAME_ROUTE,
  page(ROUTES.play, '../features/game/custom-game-page.tsx', 'CustomGamePage'),
];

/** Warms the game's code when the player reaches for Play, so it is usually there by the click. */
const preloadGame = () => void GAME_ROUTE.load();

const home = page(ROUTES.home, '../features/home/home-page.tsx', 'HomePage');
const LazyHome = home.component as ComponentType<{ warmGame: () => void }>;
/** Home warms the game's code when the player reaches for Play. */
const HomePage = () => <LazyHome warmGame={preloadGame} />;

export const LAYOUT_ROUTES: readonly PageRoute[] = [
  { ...home, component: HomePage },
  page(ROUTES.howToPlay, '../features/how-to-play/how-to-play-page.tsx', 'HowToPlayPage'),
  page(ROUTES.about, '../features/about/about-page.tsx', 'AboutPage'),
  page(ROUTES.terms, '../features/legal/legal-pages.tsx', 'TermsPage'),
  page(ROUTES.privacy, '../features/legal/legal-pages.tsx', 'PrivacyPage'),
  page(ROUTES.contact, '../features/forms/contact-page.tsx', 'ContactPage'),
  page(ROUTES.submitPuzzle, '../features/forms/submit-puzzle-page.tsx', 'SubmitPuzzlePage'),
  page(ROUTES.create, '../features/forms/create-page.tsx', 'CreatePage'),
  page(ROUTES.archive, '../features/archive/archive-page.tsx', 'ArchivePage'),
  page(ROUTES.twodle, '../features/twodle/twodle-page.tsx', 'TwodlePage'),
  page(ROUTES.stats, '../features/stats/stats-page.tsx', 'StatsPage'),
  page(ROUTES.transfer, '../features/transfer/transfer-page.tsx', 'TransferPage'),
  page(ROUTES.friends, '../features/friends/friends-page.tsx', 'FriendsPage'),
  page(ROUTES.friendsJoin, '../features/friends/friends-join-page.tsx', 'JoinGroupPage'),
  page(ROUTES.friendsGroup, '../features/friends/friends-group-page.tsx', 'GroupPage'),
  page(ROUTES.ad, '../features/ad/ad-page.tsx', 'AdPage'),
];

/** The cookie banner's module: every page carries the banner, so its code comes with the page's. */
export const COOKIE_BANNER_MODULE = 'src/features/consent/cookie-banner.tsx';

/** The page route of a path, or null (the 404 screen). */
export function routeOf(path: string): PageRoute | null {
  const trimmed = trimPath(path);
  return [...GAME_SHELL_ROUTES, ...LAYOUT_ROUTES].find((route) => route.path === trimmed) ?? null;
}
