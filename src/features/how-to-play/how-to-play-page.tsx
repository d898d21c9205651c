import { useState } from 'react';
import { useLocation } from 'wouter';
import { CHOOSABLE_DIFFICULTIES, DIFFICULTY_SETTINGS } from '../../../core/game/difficulty';
import { DIFFICULTY_DESCRIPTIONS } from '../../../core/game/difficulty-descriptions';
import type { Difficulty } from '../../../core/difficulties';
import { TextPage } from '../../components/text-page';
import { usePreferences } from '../../lib/preferences/preferences';
import { HowToPlayText } from './how-to-play-text';
import { HOW_TO_PLAY_STRINGS } from './how-to-play-strings';

export function HowToPlayPage() {
  const preferences = usePreferences();
  const [choice, setChoice] = useState<Difficulty>(
    preferences.difficulty === 'easy' ? 'easy' : 'normal',
  );
  const [, navigate] = useLocation();
  return (
    <TextPage title={HOW_TO_PLAY_STRINGS.title}>
      <HowToPlayText />
      <fieldset className="setting">
        <legend>{HOW_TO_PLAY_STRINGS.chooseDifficulty}</legend>
        {CHOOSABLE_DIFFICULTIES.map((difficulty) => (
          <label key={difficulty} className="choice">
            <input
              type="radio"
              name="how-difficulty"
              checked={choice === difficulty}
              onChange={() => setChoice(difficulty)}
            />
            {DIFFICULTY_SETTINGS[difficulty].label}
          </label>
        ))}
        <p className="setting-help" aria-live="polite">
          {DIFFICULTY_DESCRIPTIONS[choice]}
        </p>
      </fieldset>
      <button
        type="button"
        className="button primary"
        onClick={() => {
          preferences.update({ difficulty: choice, seenHowToPlay: true });
          navigate('/game');
        }}
      >
        Continue
      </button>
    </TextPage>
  );
}
