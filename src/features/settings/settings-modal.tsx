import { useState } from 'react';
import { CHOOSABLE_DIFFICULTIES, DIFFICULTY_SETTINGS } from '../../../core/game/difficulty';
import { DIFFICULTY_DESCRIPTIONS } from '../../../core/game/difficulty-descriptions';
import { MESSAGES } from '../../../core/game/messages';
import { PALETTES } from '../../../core/game/palette';
import { Modal } from '../../components/modal';
import { MoveGamesLink } from '../../components/move-games-link';
import { FriendsLink } from '../../components/friends-link';
import { DailyReminder } from '../../components/daily-reminder';
import { boardColorOrder } from '../../lib/board-colors';
import { useGameActivity } from '../../lib/preferences/game-activity';
import { usePreferences } from '../../lib/preferences/preferences';
import type { GameMode } from '../../lib/preferences/preferences-model';
import { SETTINGS_STRINGS } from './settings-strings';

const MODES: { value: GameMode; label: string }[] = [
  { value: 'legacy', label: SETTINGS_STRINGS.legacy },
  { value: 'dragAndDrop', label: SETTINGS_STRINGS.dragAndDrop },
];

export function SettingsModal({ onClose }: { onClose: () => void }) {
  const preferences = usePreferences();
  const { gameActive } = useGameActivity();
  const [colorOrder] = useState(boardColorOrder);
  // The preview shows the board's colours in the board's order (with no board open, the palette's).
  const palette = PALETTES[preferences.palette];
  const colors = colorOrder
    ? colorOrder.map((i) => palette.colors[i] ?? palette.colors[0])
    : palette.colors;
  const [lockMessage, setLockMessage] = useState<string | null>(null);
  const systemDark =
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches;
  const dark = preferences.darkMode ?? systemDark;
  return (
    <Modal title={SETTINGS_STRINGS.title} onClose={onClose}>
      <fieldset className="setting">
        <legend>{SETTINGS_STRINGS.gameMode}</legend>
        {MODES.map((mode) => (
          <label key={mode.value} className="choice">
            <input
              type="radio"
              name="game-mode"
              checked={preferences.gameMode === mode.value}
              onChange={() => preferences.update({ gameMode: mode.value })}
            />
            {mode.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="setting">
        <legend>{SETTINGS_STRINGS.difficulty}</legend>
        {CHOOSABLE_DIFFICULTIES.map((difficulty) => (
          <label key={difficulty} className="choice">
            <input
              type="radio"
              name="difficulty"
              checked={preferences.difficulty === difficulty}
              aria-describedby="difficulty-lock"
              onChange={() => {
                if (gameActive) setLockMessage(MESSAGES.difficultyLocked);
                else preferences.update({ difficulty });
              }}
            />
            {DIFFICULTY_SETTINGS[difficulty].label}
          </label>
        ))}
        <p className="setting-help">{DIFFICULTY_DESCRIPTIONS[preferences.difficulty]}</p>
        <p id="difficulty-lock" className="setting-error" role="alert">
          {lockMessage}
        </p>
      </fieldset>
      <fieldset className="setting">
        <legend>{SETTINGS_STRINGS.colors}</legend>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={preferences.palette === 'colorBlind'}
            onChange={(event) =>
              preferences.update({ palette: event.target.checked ? 'colorBlind' : 'default' })
            }
          />
          Color-blind palette
        </label>
        <div className="palette-preview" aria-label={`${palette.label} palette preview`} role="img">
          {colors.map((color, index) => (
            <span key={color.name} style={{ background: color.fill, color: color.ink }}>
              {index + 1}
            </span>
          ))}
        </div>
        <p className="setting-help">
          {palette.label}: {colors.map((c) => c.name).join(', ')}
        </p>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={dark}
            onChange={(event) => preferences.update({ darkMode: event.target.checked })}
          />
          Dark mode
        </label>
      </fieldset>
      <DailyReminder />
      <p className="setting">
        <MoveGamesLink className="link-button" />
      </p>
      <p className="setting">
        <FriendsLink className="link-button" />
      </p>
    </Modal>
  );
}
