import type { ReactNode } from 'react';
import './stat-tiles.css';

/** One figure: its label, and the number drawn above it. */
export type StatTile = readonly [label: string, value: ReactNode];

/**
 * Figures as tiles, each number above its label: the player's record on /stats and everyone's in
 * the "Today's crowd" panel look the same (the panel's `small`). Where they sit (columns, gaps)
 * is the place's own `className`.
 */
export function StatTiles({
  tiles,
  className,
  small = false,
  hidden = false,
}: {
  tiles: readonly StatTile[];
  className: string;
  small?: boolean;
  /** Drawn for the eye only: a sentence beside them says the same to a screen reader. */
  hidden?: boolean;
}) {
  return (
    <dl
      className={`stat-tiles${small ? ' stat-tiles-small' : ''} ${className}`}
      aria-hidden={hidden ? true : undefined}
    >
      {tiles.map(([label, value]) => (
        <div key={label} className="stat">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
