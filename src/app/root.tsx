import { StrictMode, useEffect, useState } from 'react';
import { HydrationProvider, useHydrated } from '../lib/start-up/hydration';
import { StandIns } from '../lib/start-up/page-complete';
import type { StartUp } from '../lib/start-up/start-up';
import { PageProvider, type headCollector } from '../lib/page-context';
import { PlayerProvider, usePlayer } from '../lib/player-data/player-context';
import { App } from './app';

/**
 * Finishes the start-up (src/lib/start-up/start-up.ts) once the app has hydrated (or drawn) the
 * page and applied the player's data, and the page is all there (no loading line: a page drawn
 * afresh waits for its code and puzzle, src/lib/start-up/page-complete.ts). It finishes after a
 * render of its own (`complete`), so every update of the turn the page became complete in (of the
 * same priority or higher: a stored game restored, say) is drawn first, and what the player did
 * before lands on the controls now there.
 */
function Ready({ startUp }: { startUp: StartUp }) {
  const { loaded } = usePlayer();
  // And hydration is over, so the player's own choices are in (both arrive as transitions).
  const hydrated = useHydrated();
  const [complete, setComplete] = useState(false);
  useEffect(() => {
    if (!loaded || !hydrated || complete) return undefined;
    return startUp.whenComplete(() => setComplete(true));
  }, [loaded, hydrated, complete, startUp]);
  useEffect(() => {
    // Just after these effects, outside React's own work: a replayed press or typed text is then
    // handled as the player's own (inside an effect, React would draw its update only later, and
    // a field it controls would show its old value again).
    if (complete) queueMicrotask(() => startUp.finish());
  }, [complete, startUp]);
  return null;
}

/** The whole app, as both the server and the browser render it (one tree, two entry points). */
export function Root({
  today,
  head = null,
  hydrating = false,
  startUp = null,
}: {
  today: string;
  head?: ReturnType<typeof headCollector> | null;
  /** The server's render, and the browser's hydration of it (src/lib/start-up/hydration.tsx). */
  hydrating?: boolean;
  /** The browser's start-up (src/main.tsx); none on the server. */
  startUp?: StartUp | null;
}) {
  return (
    <StrictMode>
      <HydrationProvider hydrating={hydrating}>
        <PageProvider today={today} head={head}>
          <PlayerProvider>
            <StandIns value={startUp}>
              <App />
              {startUp ? <Ready startUp={startUp} /> : null}
            </StandIns>
          </PlayerProvider>
        </PageProvider>
      </HydrationProvider>
    </StrictMode>
  );
}
