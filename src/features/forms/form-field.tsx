import type { ReactNode } from 'react';
import { FORM_STRINGS } from './form-strings';

/** The character count shows once the text is this near its limit (docs/decisions.md). */
export const COUNT_FROM = 0.8;

interface FieldProps {
  /** The field name posted to the server; also the base of the element ids. */
  name: string;
  label: ReactNode;
  value: string;
  onChange: (name: string, value: string) => void;
  /** When the field loses focus (the builder shows a blank field's message only after). */
  onBlur?: () => void;
  error?: string | undefined;
  help?: ReactNode;
  multiline?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
  optional?: boolean;
  /** The field's limit: near it, a count shows as the player types ("4,120 of 5,000 characters"). */
  limit?: number;
}

/** A labelled input with its help text and its error message, both tied to it for screen readers. */
export function FormField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  help,
  multiline = false,
  type = 'text',
  autoComplete = 'off',
  optional = false,
  limit,
}: FieldProps) {
  const id = `field-${name}`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const counting = limit !== undefined && value.length >= limit * COUNT_FROM;
  const describedBy = [help ? helpId : null, error ? errorId : null, counting ? countId : null]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    name,
    value,
    required: !optional,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onBlur,
  } as const;
  return (
    <div className={error ? 'form-field has-error' : 'form-field'}>
      <label htmlFor={id}>{label}</label>
      {help ? (
        <p id={helpId} className="form-help">
          {help}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...common} rows={6} onChange={(event) => onChange(name, event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(name, event.target.value)} />
      )}
      {counting ? (
        <p
          id={countId}
          className={value.length > limit ? 'form-count form-count-over' : 'form-count'}
        >
          {FORM_STRINGS.characterCount(value.length, limit)}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The email field both forms ask for, with the same label, help and autofill. */
export function EmailField(props: Pick<FieldProps, 'value' | 'error' | 'onChange'>) {
  return (
    <FormField
      {...props}
      name="email"
      type="email"
      label={FORM_STRINGS.email}
      help={FORM_STRINGS.emailHelp}
      autoComplete="email"
    />
  );
}

/**
 * The honeypot (docs/product-decisions.md): out of sight, out of the tab order and of the accessibility tree.
 * People never fill it; a bot that fills every input marks its post as spam.
 */
export function Honeypot({
  value,
  onChange,
}: {
  value: string;
  onChange: (name: string, value: string) => void;
}) {
  return (
    <div className="form-honeypot" aria-hidden="true" inert>
      <label htmlFor="field-website">Website</label>
      <input
        id="field-website"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange('website', event.target.value)}
      />
    </div>
  );
}

/** The form's two live regions: progress and summaries (polite), failures (assertive). */
export function FormStatus({ status, alert }: { status: string; alert: ReactNode }) {
  return (
    <div className="form-live">
      <p className="form-progress" role="status">
        {status}
      </p>
      <div className={alert ? 'form-alert' : 'form-alert empty'} role="alert">
        {alert}
      </div>
    </div>
  );
}
