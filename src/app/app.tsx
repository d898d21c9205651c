import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from '../components/error-boundary';
import { NotFoundScreen } from '../components/error-screen';
import { Layout } from '../components/layout';
import { PageLoading } from '../components/page-loading';
import { ModalHost } from './modal-host';
import { ModalProvider } from '../components/modal-context';
import { ConsentGate } from '../features/consent/consent-gate';
import { GameActivityProvider } from '../lib/preferences/game-activity';
import { PreferencesProvider } from '../lib/preferences/preferences';
import { ThemeRoot } from '../components/theme-root';
import { usePageViews } from '../lib/third-parties/use-page-views';
import { GAME_SHELL_ROUTES, LAYOUT_ROUTES } from './routes';

export function App() {
  const [location] = useLocation();
  usePageViews(location);
  return (
    <PreferencesProvider>
      <GameActivityProvider>
        <ModalProvider>
          <ThemeRoot />
          <ErrorBoundary resetKey={location}>
            <Switch>
              {GAME_SHELL_ROUTES.map(({ path, component: Page }) => (
                <Route key={path} path={path}>
                  <Suspense fallback={<PageLoading />}>
                    <Page />
                  </Suspense>
                </Route>
              ))}
              <Route>
                <Layout>
                  <Suspense fallback={<PageLoading />}>
                    <Switch>
                      {LAYOUT_ROUTES.map(({ path, component }) => (
                        <Route key={path} path={path} component={component} />
                      ))}
                      <Route>
                        <NotFoundScreen />
                      </Route>
                    </Switch>
                  </Suspense>
                </Layout>
              </Route>
            </Switch>
          </ErrorBoundary>
          <ModalHost />
          <ConsentGate />
        </ModalProvider>
      </GameActivityProvider>
    </PreferencesProvider>
  );
}
