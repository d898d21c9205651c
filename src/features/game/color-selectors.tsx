import { groupsOf, type GameState } from '../../../core/game/engine';
import type { PaletteColor } from '../../../core/game/palette';
import { useRovingFocus } from '../../components/use-roving-focus';
import { STRINGS } from '../../strings';
import { BOARD_STRINGS } from './board-strings';

interface ColorSelectorsProps {
  state: GameState;
  colors: readonly PaletteColor[];
  disabled: boolean;
  onChoose: (category: number) => void;
}

/** The four colour circles: choose one, then tap words. Once solved, each shows its category name. */
export function ColorSelectors({ state, colors, disabled, onChoose }: ColorSelectorsProps) {
  const groups = groupsOf(state);
  const { containerProps, tabIndexOf } = useRovingFocus(colors.length);
  return (
    <div className="selectors" role="group" aria-label={STRINGS.groupsLabel} {...containerProps}>
      {colors.map((color, index) => {
        const trueCategory = state.solutionOrder?.[index];
        const name =
          trueCategory === undefined ? null : state.puzzle.categories[trueCategory]?.name;
        const chosen = state.activeCategory === index;
        const count = groups[index]?.length ?? 0;
        const captionId = `selector-caption-${index}`;
        return (
          <div key={color.name} className="selector">
            <button
              type="button"
              className={`selector-circle${chosen ? ' selector-chosen' : ''}`}
              style={{ background: color.fill, color: color.ink }}
              aria-pressed={chosen}
              aria-describedby={captionId}
              aria-disabled={disabled || undefined}
              tabIndex={tabIndexOf(index)}
              data-roving-index={index}
              onClick={() => {
                if (!disabled) onChoose(index);
              }}
            >
              <span aria-hidden="true">{index + 1}</span>
              <span className="visually-hidden">{STRINGS.category(index + 1)}</span>
            </button>
            {/* More than three words is said in words too, not by colour alone. */}
            <span
              id={captionId}
              className={`selector-caption${name === null && count > 3 ? ' selector-over' : ''}`}
            >
              {name ?? `${count}/3`}
              {name === null && count > 3 ? ` ${BOARD_STRINGS.groupOver}` : null}
            </span>
          </div>
        );
      })}
    </div>
  );
}
