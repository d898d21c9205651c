export type PaletteKey = 'default' | 'colorBlind';

export interface PaletteColor {
  name: string;
  /** Tile and circle fill. */
  fill: string;
  /** Text on the fill. */
  ink: string;
}

export interface Palette {
  key: PaletteKey;
  label: string;
  colors: readonly [PaletteColor, PaletteColor, PaletteColor, PaletteColor];
}

export const PALETTES: Record<PaletteKey, Palette> = {
  default: {
    key: 'default',
    label: 'Default',
    colors: [
      { name: 'blue', fill: '#bfdbfe', ink: '#0b1f3a' },
      { name: 'yellow', fill: '#fde68a', ink: '#2e2300' },
      { name: 'green', fill: '#bbf7d0', ink: '#052e16' },
      { name: 'purple', fill: '#ddd6fe', ink: '#23124d' },
    ],
  },
  colorBlind: {
    key: 'colorBlind',
    label: 'Color Blind Friendly',
    colors: [
      { name: 'blue', fill: '#0072b2', ink: '#ffffff' },
      { name: 'amber', fill: '#f0b429', ink: '#1f1500' },
      { name: 'orange', fill: '#e66100', ink: '#1a0a00' },
      { name: 'violet', fill: '#7e3fa8', ink: '#ffffff' },
    ],
  },
};
