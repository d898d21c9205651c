import { useLayoutEffect } from 'react';
import { usePreferences } from '../lib/preferences/preferences';

/** Mirrors the theme choices onto <html> so CSS can follow them. */
export function ThemeRoot() {
  const { darkMode, palette } = usePreferences();
  // Before the first paint, so a stored dark mode never flashes light.
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (darkMode === null) delete root.dataset.theme;
    else root.dataset.theme = darkMode ? 'dark' : 'light';
    root.dataset.palette = palette;
  }, [darkMode, palette]);
  return null;
}
