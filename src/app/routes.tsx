import { lazy } from 'react';
import { ROUTES } from '../../core/routes';
import { preloadGame } from './preload';

/** Route modules load lazily: a player fetches only the code of the page being shown. */
const LazyHomePage = lazy(() =>
  import('../features/home/home-page').then((m) => ({ default: m.HomePage })),
);
/** Home warms the game's code when the player reaches for Play. */
export const HomePage = () => <LazyHomePage warmGame={preloadGame} />;
export const GamePage = lazy(() =>
  import('../features/game/game-page').then((m) => ({ default: m.GamePage })),
);
const legalPages = () => import('../features/legal/legal-pages');

export const LAYOUT_ROUTES = [
  { path: ROUTES.home, component: HomePage },
  {
    path: ROUTES.howToPlay,
    component: lazy(() =>
      import('../features/how-to-play/how-to-play-page').then((m) => ({
        default: m.HowToPlayPage,
      })),
    ),
  },
  {
    path: ROUTES.about,
    component: lazy(() =>
      import('../features/about/about-page').then((m) => ({ default: m.AboutPage })),
    ),
  },
  {
    path: ROUTES.terms,
    component: lazy(() => legalPages().then((m) => ({ default: m.TermsPage }))),
  },
  {
    path: ROUTES.privacy,
    component: lazy(() => legalPages().then((m) => ({ default: m.PrivacyPage }))),
  },
  {
    path: ROUTES.contact,
    component: lazy(() =>
      import('../features/forms/contact-page').then((m) => ({ default: m.ContactPage })),
    ),
  },
  {
    path: ROUTES.submitPuzzle,
    component: lazy(() =>
      import('../features/forms/submit-puzzle-page').then((m) => ({ default: m.SubmitPuzzlePage })),
    ),
  },
  {
    path: ROUTES.archive,
    component: lazy(() =>
      import('../features/archive/archive-page').then((m) => ({ default: m.ArchivePage })),
    ),
  },
  {
    path: ROUTES.twodle,
    component: lazy(() =>
      import('../features/twodle/twodle-page').then((m) => ({ default: m.TwodlePage })),
    ),
  },
  {
    path: ROUTES.stats,
    component: lazy(() =>
      import('../features/stats/stats-page').then((m) => ({ default: m.StatsPage })),
    ),
  },
  {
    path: ROUTES.ad,
    component: lazy(() => import('../features/ad/ad-page').then((m) => ({ default: m.AdPage }))),
  },
] as const;
