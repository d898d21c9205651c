import { lazy } from 'react';
import { ROUTES } from '../../core/routes';

/** Route modules load lazily: a player fetches only the code of the page being shown. */
export const HomePage = lazy(() =>
  import('../features/home/home-page').then((m) => ({ default: m.HomePage })),
);
export const GamePage = lazy(() =>
  import('../features/game/game-page').then((m) => ({ default: m.GamePage })),
);
const pages = () => import('../features/pages/simple-pages');

export const LAYOUT_ROUTES = [
  { path: ROUTES.home, component: HomePage },
  {
    path: ROUTES.howToPlay,
    component: lazy(() => pages().then((m) => ({ default: m.HowToPlayPage }))),
  },
  { path: ROUTES.about, component: lazy(() => pages().then((m) => ({ default: m.AboutPage }))) },
  { path: ROUTES.terms, component: lazy(() => pages().then((m) => ({ default: m.TermsPage }))) },
  {
    path: ROUTES.privacy,
    component: lazy(() => pages().then((m) => ({ default: m.PrivacyPage }))),
  },
  {
    path: ROUTES.contact,
    component: lazy(() => pages().then((m) => ({ default: m.ContactPage }))),
  },
  {
    path: ROUTES.submitPuzzle,
    component: lazy(() => pages().then((m) => ({ default: m.SubmitPuzzlePage }))),
  },
  {
    path: ROUTES.archive,
    component: lazy(() => pages().then((m) => ({ default: m.ArchivePage }))),
  },
  { path: ROUTES.twodle, component: lazy(() => pages().then((m) => ({ default: m.TwodlePage }))) },
  { path: ROUTES.stats, component: lazy(() => pages().then((m) => ({ default: m.StatsPage }))) },
  { path: ROUTES.ad, component: lazy(() => pages().then((m) => ({ default: m.AdPage }))) },
] as const;
