import { memo, type CSSProperties } from 'react';
import { BOARD_STRINGS } from './board-strings';
import type { GameState } from '../../../core/game/engine';
import type { PaletteColor } from '../../../core/game/palette';
import { tileStyle } from '../../components/tile-style';
import { useRovingFocus } from '../../components/use-roving-focus';

interface TileGridProps {
  state: GameState;
  colors: readonly PaletteColor[];
  disabled: boolean;
  onToggle: (position: number) => void;
}

function groupText(groups: readonly number[]): string {
  if (groups.length === 0) return '';
  if (groups.length === 4) return ', in all four groups';
  const names = groups.map((g) => g + 1);
  const list =
    names.length === 1 ? `${names[0]}` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `, in group${names.length > 1 ? 's' : ''} ${list}`;
}

const NO_GROUPS: readonly number[] = [];
const GRID_COLUMNS = 3;

/**
 * The 3x3 grid. Tiles are keyed by position; each shows its groups by colour and by number. A tap
 * re-renders only the tiles whose look changed (each tile is memoised on its own props).
 */
export function TileGrid({ state, colors, disabled, onToggle }: TileGridProps) {
  const { containerProps, tabIndexOf } = useRovingFocus(state.tiles.length, GRID_COLUMNS);
  return (
    <div
      className="tile-grid"
      role="group"
      aria-label={BOARD_STRINGS.wordsLabel}
      {...containerProps}
    >
      {state.tiles.map((tile) => {
        const groups = state.assignments[tile.position] ?? NO_GROUPS;
        return (
          <Tile
            key={tile.position}
            word={tile.word}
            position={tile.position}
            locked={tile.locked}
            groups={groups}
            inActive={state.activeCategory !== null && groups.includes(state.activeCategory)}
            colors={colors}
            disabled={disabled}
            tabIndex={tabIndexOf(tile.position)}
            onToggle={onToggle}
          />
        );
      })}
    </div>
  );
}

interface TileProps {
  word: string;
  position: number;
  locked: boolean;
  groups: readonly number[];
  /** In the group of the chosen colour circle. */
  inActive: boolean;
  colors: readonly PaletteColor[];
  disabled: boolean;
  /** 0 for the grid's one tab stop, -1 for the others (the arrow keys move between them). */
  tabIndex: number;
  onToggle: (position: number) => void;
}

/**
 * A word with a run of 8 or more letters that no line can break (lines break at spaces and
 * hyphens) is drawn smaller to fit its tile (`--run`, game.css), rather than cut mid-word.
 */
function fitStyle(word: string): CSSProperties | undefined {
  const run = Math.max(...word.split(/[\s-]+/).map((part) => part.length));
  return run >= 8 ? ({ '--run': run } as CSSProperties) : undefined;
}

const Tile = memo(function Tile({
  word,
  position,
  locked,
  groups,
  inActive,
  colors,
  disabled,
  tabIndex,
  onToggle,
}: TileProps) {
  const kind =
    groups.length === 4
      ? 'all'
      : groups.length > 1
        ? 'split'
        : groups.length === 1
          ? 'one'
          : 'none';
  return (
    <button
      type="button"
      className={`tile tile-${kind}${inActive ? ' tile-active' : ''}${locked ? ' tile-locked' : ''}`}
      style={tileStyle(groups, colors)}
      aria-label={`${word}${groupText(groups)}`}
      aria-disabled={disabled || undefined}
      tabIndex={tabIndex}
      data-roving-index={position}
      onClick={() => {
        if (!disabled) onToggle(position);
      }}
    >
      <span className="tile-word" style={fitStyle(word)}>
        {word}
      </span>
      {groups.length > 0 ? (
        <span className="tile-badges" aria-hidden="true">
          {groups.map((g) => (
            <span
              key={g}
              className="tile-badge"
              style={{ background: colors[g]?.fill, color: colors[g]?.ink }}
            >
              {g + 1}
            </span>
          ))}
        </span>
      ) : null}
    </button>
  );
});
