import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { GroupView, StoredGroup } from '../../../core/friends-schema';
import { ROUTES } from '../../../core/routes';
import { leaveGroup, removeMember, renameMember } from '../../lib/friends/friends-data';
import { FRIENDS_STRINGS as T } from './friends-strings';
import { checkYourName, YourNameField } from './name-field';

/** The member's own name, the starter's "Remove", and "Leave this group". */
export function GroupSettings({
  group,
  view,
  onChange,
}: {
  group: StoredGroup;
  view: GroupView;
  onChange: () => void;
}) {
  const [said, setSaid] = useState('');
  const me = view.members.find((member) => member.id === view.you);
  const others = view.members.filter((member) => member.id !== view.you);
  return (
    <>
      <Rename group={group} current={me?.name ?? ''} onDone={onChange} />
      {me?.starter && others.length > 0 ? (
        <section aria-labelledby="members-title">
          <h2 id="members-title">{T.members}</h2>
          <ul className="friends-members">
            {others.map((member) => (
              <li key={member.id}>
                <span className="friends-name">{member.name}</span>{' '}
                <button
                  type="button"
                  className="button"
                  aria-label={T.removeLabel(member.name)}
                  onClick={() => {
                    void removeMember(group, member.id).then((answer) => {
                      setSaid(answer.ok ? T.removed(member.name) : (answer.message ?? T.tryAgain));
                      onChange();
                    });
                  }}
                >
                  {T.remove}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="page-status" role="status">
        {said}
      </p>
      <Leave group={group} />
    </>
  );
}

function Rename({
  group,
  current,
  onDone,
}: {
  group: StoredGroup;
  current: string;
  onDone: () => void;
}) {
  const [name, setName] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkYourName(name);
    setProblem(checked.ok ? null : checked.message);
    setSaved(false);
    if (!checked.ok) return;
    void renameMember(group, checked.name).then((answer) => {
      if (answer.ok) {
        setSaved(true);
        onDone();
      } else setProblem(answer.message ?? T.tryAgain);
    });
  };
  return (
    <section aria-labelledby="rename-title">
      <h2 id="rename-title">{T.renameTitle}</h2>
      <form className="friends-form" noValidate onSubmit={submit}>
        <YourNameField value={name} problem={problem} onChange={setName} />
        <button type="submit" className="button">
          {T.saveName}
        </button>
      </form>
      <p className="page-status" role="status">
        {saved ? T.nameSaved : ''}
      </p>
    </section>
  );
}

function Leave({ group }: { group: StoredGroup }) {
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);
  return (
    <section className="friends-leave">
      {asking ? (
        <div role="group" aria-labelledby="leave-question">
          <p id="leave-question" ref={question} tabIndex={-1}>
            {T.leaveNote}
          </p>
          <div className="friends-actions">
            <button
              type="button"
              className="button primary"
              onClick={() => {
                void leaveGroup(group).then((answer) => {
                  if (answer.ok) navigate(ROUTES.friends);
                  else setFailure(answer.message ?? T.tryAgain);
                });
              }}
            >
              {T.leaveConfirm}
            </button>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              {T.stay}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setAsking(true)}>
          {T.leave}
        </button>
      )}
      {failure ? (
        <p className="page-problem" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
