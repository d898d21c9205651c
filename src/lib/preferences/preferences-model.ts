import { DEFAULT_DIFFICULTY } from '../../../core/game/difficulty';
import type { PaletteKey } from '../../../core/game/palette';
import type { Difficulty } from '../../../core/difficulties';

/** The player's choices: what the provider holds and what stored-preferences.ts reads and writes. */
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

/** Before any choice (or without consent to keep one). */
export const DEFAULTS: Preferences = {
  difficulty: DEFAULT_DIFFICULTY,
  gameMode: 'legacy',
  palette: 'default',
  darkMode: null,
  seenHowToPlay: false,
  seenNote: false,
};
