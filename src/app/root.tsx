import { StrictMode, useEffect } from 'react';
import { finishEarlyInput } from '../lib/early-input';
import { usePreferences } from '../lib/preferences/preferences';
import { PageProvider, type headCollector } from '../lib/page-context';
import { PlayerProvider, usePlayer } from '../lib/player-context';
import { App } from './app';

/**
 * Marks the page live once the app has hydrated (or rendered) and applied the player's data:
 * `<html data-ready>`. Then what the player did before (held by the page's recorder) is replayed,
 * after the updates of this turn have been drawn (a stored game restored, say).
 */
function Ready() {
  const { loaded } = usePlayer();
  // And the player's own choices are in (both arrive as transitions after hydration).
  const { applied: hydrated } = usePreferences();
  useEffect(() => {
    if (!loaded || !hydrated || document.documentElement.dataset.ready) return;
    document.documentElement.dataset.ready = 'true';
    const timer = window.setTimeout(() => finishEarlyInput(document.getElementById('root')), 0);
    return () => window.clearTimeout(timer);
  }, [loaded, hydrated]);
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
          <App>
            <Ready />
          </App>
        </PlayerProvider>
      </PageProvider>
    </StrictMode>
  );
}
