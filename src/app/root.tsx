import { StrictMode } from 'react';
import { PageProvider, type headCollector } from '../lib/page-context';
import { PlayerProvider } from '../lib/player-context';
import { App } from './app';

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
        </PlayerProvider>
      </PageProvider>
    </StrictMode>
  );
}
