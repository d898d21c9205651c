import { checkName, MEMBER_NAME_MAX, type NameCheck } from '../../../core/friends';
import { FRIENDS_STRINGS as T } from './friends-strings';

/** A name to type (a group's or a member's), with its hint and its problem tied to it. */
export function NameField({
  id,
  label,
  hint,
  value,
  problem,
  max,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  problem: string | null;
  max: number;
  onChange: (value: string) => void;
}) {
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  return (
    <div className={problem ? 'friends-field has-problem' : 'friends-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        required
        autoComplete="off"
        // Room for spaces the check trims; the check says when it is too long.
        maxLength={max * 2}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="friends-hint">
        {hint}
      </p>
      {problem ? (
        <p id={problemId} className="page-problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The member's own name ("Your name"): when starting or joining a group, and renaming oneself. */
export function YourNameField(props: {
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <NameField
      id="your-name"
      label={T.yourName}
      hint={T.yourNameHint}
      max={MEMBER_NAME_MAX}
      {...props}
    />
  );
}

/** The member's own name as typed, checked (core/friends.ts checkName). */
export const checkYourName = (name: string): NameCheck =>
  checkName(name, MEMBER_NAME_MAX, T.yourName);
