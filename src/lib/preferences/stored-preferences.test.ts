import { describe, expect, it } from 'vitest';
import { saveConsent } from '../player-data/storage';
import { storedPreferences, storePreferences } from './stored-preferences';

describe('stored preferences', () => {
  it('stores nothing without consent', () => {
    storePreferences({ difficulty: 'easy', palette: 'colorBlind' });
    expect(document.cookie).toBe('');
    expect(storedPreferences()).toEqual({});
  });

  it('reads back every preference stored with consent', () => {
    saveConsent('accepted');
    const all = {
      difficulty: 'easy',
      gameMode: 'dragAndDrop',
      palette: 'colorBlind',
      darkMode: true,
      seenHowToPlay: true,
      seenNote: false,
    } as const;
    storePreferences(all);
    expect(storedPreferences()).toEqual(all);
    expect(document.cookie).toContain('linchpin_color_mode=colorBlind');
  });

  it('accepts "hard" as a stored difficulty', () => {
    saveConsent('accepted');
    document.cookie = 'linchpin_difficulty=hard; path=/';
    expect(storedPreferences().difficulty).toBe('hard');
  });

  it.each([
    ['difficulty', 'impossible'],
    ['game_mode', 'arcade'],
    ['color_mode', 'neon'],
    ['dark_mode', 'yes'],
    ['has_seen_how_to_play', '1'],
    ['has_seen_note', ''],
  ])('treats a malformed %s cookie as absent', (name, value) => {
    saveConsent('accepted');
    document.cookie = `linchpin_${name}=${value}; path=/`;
    expect(storedPreferences()).toEqual({});
  });

  it('forgets dark mode when it goes back to the system setting', () => {
    saveConsent('accepted');
    storePreferences({ darkMode: false });
    expect(storedPreferences().darkMode).toBe(false);
    storePreferences({ darkMode: null });
    expect(storedPreferences()).not.toHaveProperty('darkMode');
  });
});
