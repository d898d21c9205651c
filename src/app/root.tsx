import { StrictMode, useEffect } from 'react';
import { finishEarlyInput } from '../lib/start-up/early-input';
import { HydrationProvider, useHydrated } from '../lib/start-up/hydration';
import { whenPageComplete } from '../lib/start-up/page-complete';
import { PageProvider, type headCollector } from '../lib/page-context';
import { PlayerProvider, usePlayer } from '../lib/player-data/player-context';
import { App } from './app';

/**
 * Marks the page live once the app has hydrated (or rendered) and applied the player's data, and
 * the page is all there (no loading line: a page rendered afresh waits for its code and puzzle,
 * src/lib/start-up/page-complete.ts): `<html data-ready>`. Then what the player did before (held by the
 * page's recorder) is replayed, after the updates of this turn have been drawn (a stored game
 * restored, say), on the controls now there.
 */
function Ready({ onReady }: { onReady: () => void }) {
  const { loaded } = usePlayer();
  // And hydration is over, so the player's own choices are in (both arrive as transitions).
  const hydrated = useHydrated();
  useEffect(() => {
    if (!loaded || !hydrated || document.documentElement.dataset.ready) return;
    let timer = 0;
    const cancel = whenPageComplete(() => {
      document.documentElement.dataset.ready = 'true';
      onReady();
      timer = window.setTimeout(() => finishEarlyInput(document.getElementById('root')), 0);
    });
    return () => {
      cancel();
      window.clearTimeout(timer);
    };
  }, [loaded, hydrated, onReady]);
  return null;
}

const nothing = () => {};

/** The whole app, as both the server and the browser render it (one tree, two entry points). */
export function Root({
  today,
  head = null,
  hydrating = false,
  onReady = nothing,
}: {
  today: string;
  head?: ReturnType<typeof headCollector> | null;
  /** The server's render, and the browser's hydration of it (src/lib/start-up/hydration.tsx). */
  hydrating?: boolean;
  /** Told once the page is ready, after `<html data-ready>` is set (the browser's entry). */
  onReady?: () => void;
}) {
  return (
    <StrictMode>
      <HydrationProvider hydrating={hydrating}>
        <PageProvider today={today} head={head}>
          <PlayerProvider>
            <App />
            <Ready onReady={onReady} />
          </PlayerProvider>
        </PageProvider>
      </HydrationProvider>
    </StrictMode>
  );
}
