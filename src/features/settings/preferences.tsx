import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_DIFFICULTY } from '../../../core/game/difficulty';
import type { PaletteKey } from '../../../core/game/palette';
import type { Difficulty } from '../../../core/puzzle';

export type GameMode = 'legacy' | 'dragAndDrop';

export interface Preferences {
  difficulty: Difficulty;
  gameMode: GameMode;
  palette: PaletteKey;
  /** null: follow the system's setting. */
  darkMode: boolean | null;
}

interface PreferencesContextValue extends Preferences {
  update: (change: Partial<Preferences>) => void;
}

const DEFAULTS: Preferences = {
  difficulty: DEFAULT_DIFFICULTY,
  gameMode: 'legacy',
  palette: 'default',
  darkMode: null,
};

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

export function PreferencesProvider({
  children,
  initial,
}: {
  children: ReactNode;
  initial?: Partial<Preferences>;
}) {
  const [preferences, setPreferences] = useState<Preferences>(() => ({ ...DEFAULTS, ...initial }));
  const value = useMemo(
    () => ({
      ...preferences,
      update: (change: Partial<Preferences>) =>
        setPreferences((current) => ({ ...current, ...change })),
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
