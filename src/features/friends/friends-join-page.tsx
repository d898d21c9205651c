import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { groupPath, INVITE_PATTERN } from '../../../core/friends';
import type { InvitePreview } from '../../../core/friends-schema';
import { ROUTES } from '../../../core/routes';
import { PageLoading } from '../../components/page-loading';
import { TextPage } from '../../components/text-page';
import { deviceIsFull, joinGroup, readGroups, readInvite } from '../../lib/friends/friends-data';
import { useHydrated } from '../../lib/start-up/hydration';
import { useFragment } from '../../lib/use-fragment';
import { SendControls, useConsentedSend } from './consented-send';
import { FRIENDS_STRINGS as T } from './friends-strings';
import { checkYourName, YourNameField } from './name-field';
import '../../components/page-notes.css';
import './friends.css';

type Invite =
  | { kind: 'loading' }
  | { kind: 'open'; preview: InvitePreview }
  | { kind: 'refused'; message: string };

/**
 * /friends/join#<code>: the group an invite opens, its members, and "Join this group". The code
 * is only in the fragment; it is sent to the server to read the group, and nothing of the player
 * is sent or stored before they join, with consent.
 */
export function JoinGroupPage() {
  const hydrated = useHydrated();
  const fragment = useFragment();
  const code = (fragment ?? '').replace(/^#/, '');
  return (
    <TextPage title={T.joinTitle}>
      {!hydrated || fragment === null ? <PageLoading /> : <Invitation key={code} code={code} />}
    </TextPage>
  );
}

function Invitation({ code }: { code: string }) {
  // A code of the wrong shape (none, cut short, altered) can open no group: said at once, with no
  // request the server could only answer 404.
  const wellFormed = INVITE_PATTERN.test(code);
  const [invite, setInvite] = useState<Invite>(
    wellFormed ? { kind: 'loading' } : { kind: 'refused', message: T.noSuchInvite },
  );
  useEffect(() => {
    if (!wellFormed) return;
    let current = true;
    void readInvite(code).then((answer) => {
      if (!current) return;
      if (answer.ok) setInvite({ kind: 'open', preview: answer.value });
      else
        setInvite({
          kind: 'refused',
          message: answer.status === 404 ? T.noSuchInvite : (answer.message ?? T.noServer),
        });
    });
    return () => {
      current = false;
    };
  }, [code, wellFormed]);
  const mine = readGroups().find((group) => group.invite === code);
  if (mine)
    return (
      <p className="friends-actions">
        <span>{T.alreadyIn}</span>
        <Link href={groupPath(mine.id)} className="button primary">
          {T.openGroup}
        </Link>
      </p>
    );
  if (invite.kind === 'loading') return <PageLoading />;
  if (invite.kind === 'refused')
    return (
      <>
        <p className="page-problem" role="alert">
          {invite.message}
        </p>
        <p>
          <Link href={ROUTES.friends}>{T.backToGroups}</Link>
        </p>
      </>
    );
  const { preview } = invite;
  return (
    <section aria-labelledby="invited-title">
      <h2 id="invited-title">{preview.name}</h2>
      <h3 id="members-title">{T.members}</h3>
      <ul className="friends-members" aria-labelledby="members-title">
        {preview.members.map((member) => (
          <li key={member}>{member}</li>
        ))}
      </ul>
      {preview.full ? (
        <p className="page-problem">{T.full}</p>
      ) : deviceIsFull() ? (
        <p className="page-note">{T.deviceFull}</p>
      ) : (
        <JoinForm code={code} />
      )}
    </section>
  );
}

function JoinForm({ code }: { code: string }) {
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const flow = useConsentedSend(async () => {
    const answer = await joinGroup(code, name);
    if (answer.ok) {
      navigate(groupPath(answer.value.id));
      return null;
    }
    // A name already in the group is said at the field.
    if (answer.status === 409 && answer.message) {
      setProblem(answer.message);
      return null;
    }
    return answer.message ?? T.noServer;
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkYourName(name);
    setProblem(checked.ok ? null : checked.message);
    if (checked.ok) flow.submit();
  };
  return (
    <>
      <p className="page-note">{T.joinNote}</p>
      <form className="friends-form" noValidate onSubmit={submit}>
        <YourNameField value={name} problem={problem} onChange={setName} />
        <SendControls flow={flow} label={T.join} busy={T.joining} />
      </form>
    </>
  );
}
