import type { CSSProperties } from 'react';
import type { PaletteColor } from '../../core/game/palette';

/**
 * How a word tile is filled for the groups it is in: one colour, or a split of two or three (a
 * word in all four groups is drawn by its CSS class). Shared by the board and the How to Play demo.
 */
export function tileStyle(
  groups: readonly number[],
  colors: readonly PaletteColor[],
): CSSProperties | undefined {
  const fills = groups.map((group) => colors[group]?.fill ?? 'transparent');
  if (fills.length === 1) return { background: fills[0], color: colors[groups[0] ?? 0]?.ink };
  if (fills.length === 2 || fills.length === 3) {
    const step = 100 / fills.length;
    const stops = fills.map((fill, i) => `${fill} ${i * step}% ${(i + 1) * step}%`).join(', ');
    return { background: `linear-gradient(135deg, ${stops})` };
  }
  return undefined;
}
