import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULTS, type Preferences } from './preferences-model';
import { storedPreferences, storePreferences } from './stored-preferences';

interface PreferencesContextValue extends Preferences {
  update: (change: Partial<Preferences>) => void;
}

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

/** The player's choices: read from cookies when consent allows, kept (and stored) as they change. */
export function PreferencesProvider({
  children,
  initial,
}: {
  children: ReactNode;
  initial?: Partial<Preferences>;
}) {
  const [preferences, setPreferences] = useState<Preferences>(() => ({
    ...DEFAULTS,
    ...storedPreferences(),
    ...initial,
  }));
  const value = useMemo(
    () => ({
      ...preferences,
      update: (change: Partial<Preferences>) => {
        storePreferences(change);
        setPreferences((current) => ({ ...current, ...change }));
      },
    }),
    [preferences],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs a PreferencesProvider');
  return value;
}
