import type { PuzzleSubmissionField } from '../../../core/forms';
import { FORM_STRINGS } from './form-strings';
import { FormField } from './form-field';
import type { CategoryNumber } from '../../../core/puzzle-draft';

type Values = Readonly<Record<PuzzleSubmissionField, string>>;

/** One category of a submitted puzzle: its name, three words and any gentle hints about them. */
export function CategoryFieldset({
  n,
  values,
  errors,
  hints,
  onChange,
}: {
  n: CategoryNumber;
  values: Values;
  errors: Partial<Record<PuzzleSubmissionField, string>>;
  hints: readonly string[];
  onChange: (name: string, value: string) => void;
}) {
  const legend = FORM_STRINGS.categoryLegend(n);
  const hintId = `category${n}-hints`;
  const name = `category${n}_name` as const;
  return (
    <fieldset className="category-fieldset" aria-describedby={hintId}>
      <legend>{legend}</legend>
      <FormField
        name={name}
        label={
          <>
            <span className="visually-hidden">{legend},</span> {FORM_STRINGS.categoryName}
          </>
        }
        value={values[name]}
        error={errors[name]}
        onChange={onChange}
      />
      {([1, 2, 3] as const).map((m) => {
        const field = `category${n}_word${m}` as const;
        return (
          <FormField
            key={field}
            name={field}
            label={
              <>
                <span className="visually-hidden">{legend},</span> {FORM_STRINGS.word(m)}
              </>
            }
            value={values[field]}
            error={errors[field]}
            onChange={onChange}
          />
        );
      })}
      <div id={hintId} className="form-hints" aria-live="polite">
        {hints.map((hint) => (
          <p key={hint} className="form-hint">
            {hint}
          </p>
        ))}
      </div>
    </fieldset>
  );
}
