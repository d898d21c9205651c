import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useHydrated } from '../start-up/hydration';
import { DEFAULTS, type Preferences } from './preferences-model';
import { storedPreferences, storePreferences } from './stored-preferences';

interface PreferencesContextValue extends Preferences {
  update: (change: Partial<Preferences>) => void;
}

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

/**
 * The player's choices: read from cookies when consent allows, kept (and stored) as they change.
 * The server's page and the browser's hydration show a first visit's choices (the page's inline
 * script has already applied the stored ones through CSS); the render right after uses them.
 */
export function PreferencesProvider({
  children,
  initial,
}: {
  children: ReactNode;
  initial?: Partial<Preferences>;
}) {
  // The stored choices come in with the transition that ends hydration: the render that applies
  // them runs in slices of a few milliseconds, never as one long task (TBT). A provider mounted
  // after hydration has them from its first render.
  const applied = useHydrated();
  const [stored] = useState(storedPreferences);
  const [changes, setChanges] = useState<Partial<Preferences>>({});
  const value = useMemo(
    () => ({
      ...DEFAULTS,
      ...(applied ? stored : {}),
      ...initial,
      ...changes,
      update: (change: Partial<Preferences>) => {
        storePreferences(change);
        setChanges((current) => ({ ...current, ...change }));
      },
    }),
    [applied, stored, initial, changes],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs a PreferencesProvider');
  return value;
}
