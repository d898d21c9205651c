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
        <p id={problemId} className="friends-problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
