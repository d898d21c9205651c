import { useState } from 'react';
import { useLocation } from 'wouter';
import { CHOOSABLE_DIFFICULTIES, DIFFICULTY_SETTINGS } from '../../../core/game/difficulty';
import type { Difficulty } from '../../../core/puzzle';
import { TextPage } from '../../components/text-page';
import { usePreferences } from '../../lib/preferences/preferences';
import { HowToPlayText } from './how-to-play-text';

export function HowToPlayPage() {
  const preferences = usePreferences();
  const [choice, setChoice] = useState<Difficulty>(
    preferences.difficulty === 'easy' ? 'easy' : 'normal',
  );
  const [, navigate] = useLocation();
  return (
    <TextPage title="How to Play">
      <HowToPlayText />
      <fieldset className="setting">
        <legend>Choose your difficulty</legend>
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
          {DIFFICULTY_SETTINGS[choice].description}
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
