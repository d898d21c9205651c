import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_DIFFICULTY } from '../../../core/game/difficulty';
import type { PaletteKey } from '../../../core/game/palette';
import type { Difficulty } from '../../../core/puzzle';
import { storedPreferences, storePreferences } from './stored-preferences';

export type GameMode = 'legacy' | 'dragAndDrop';

export interface Preferences {
  difficulty: Difficulty;
  gameMode: GameMode;
  palette: PaletteKey;
  /** null: follow the system's setting. */
  darkMode: boolean | null;
  seenHowToPlay: boolean;
  /** The author's note has been opened: the header's dot stops pulsing. */
  seenNote: boolean;
}

interface PreferencesContextValue extends Preferences {
  update: (change: Partial<Preferences>) => void;
}

const DEFAULTS: Preferences = {
  difficulty: DEFAULT_DIFFICULTY,
  gameMode: 'legacy',
  palette: 'default',
  darkMode: null,
  seenHowToPlay: false,
  seenNote: false,
};

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
