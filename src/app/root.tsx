import { StrictMode, useEffect } from 'react';
import { PageProvider, type headCollector } from '../lib/page-context';
import { PlayerProvider } from '../lib/player-context';
import { App } from './app';

/**
 * Marks the page live once the app has hydrated (or rendered): `<html data-ready>`. Until then the
 * page is the server's HTML, painted but not yet answering clicks; the end-to-end tests wait for it.
 */
function Ready() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

/** The whole app, as both the server and the browser render it (one tree, two entry points). */
export function Root({
  today,
  head = null,
}: {
  today: string;
  head?: ReturnType<typeof headCollector> | null;
}) {
  return (
    <StrictMode>
      <PageProvider today={today} head={head}>
        <PlayerProvider>
          <App />
          <Ready />
        </PlayerProvider>
      </PageProvider>
    </StrictMode>
  );
}
