/** The Settings dialog's text (a lazily loaded feature keeps its own strings). */
export const SETTINGS_STRINGS = {
  title: 'Settings',
  gameMode: 'Game mode',
  legacy: 'Legacy',
  dragAndDrop: 'Drag and Drop',
  difficulty: 'Difficulty',
  colors: 'Colors',
} as const;
