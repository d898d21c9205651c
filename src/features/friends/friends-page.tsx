import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { checkName, GROUP_NAME_MAX, groupPath } from '../../../core/friends';
import { PageLoading } from '../../components/page-loading';
import { TextPage } from '../../components/text-page';
import { deviceIsFull, readGroups, startGroup } from '../../lib/friends/friends-data';
import type { StoredGroup } from '../../../core/friends-schema';
import { useHydrated } from '../../lib/start-up/hydration';
import { SendControls, useConsentedSend } from './consented-send';
import { FRIENDS_STRINGS as T } from './friends-strings';
import { InviteLink } from './invite-link';
import { checkYourName, NameField, YourNameField } from './name-field';
import '../../components/page-notes.css';
import './friends.css';

/**
 * /friends: this device's groups, and "Start a group" (docs/decisions.md "Groups of friends").
 * The page is the same for everyone (the groups are read from this device's storage once the
 * app is here).
 */
export function FriendsPage() {
  const hydrated = useHydrated();
  const [started, setStarted] = useState<StoredGroup | null>(null);
  return (
    <TextPage title={T.title}>
      {!hydrated ? (
        <PageLoading />
      ) : started ? (
        <Started group={started} />
      ) : (
        <>
          <p>{T.intro}</p>
          <GroupList />
          <StartForm onStarted={setStarted} />
        </>
      )}
    </TextPage>
  );
}

function GroupList() {
  const groups = readGroups();
  return (
    <section aria-labelledby="your-groups">
      <h2 id="your-groups">{T.yourGroups}</h2>
      {groups.length === 0 ? (
        <p className="page-note">{T.noGroups}</p>
      ) : (
        <ul className="friends-groups">
          {groups.map((group) => (
            <li key={group.id}>
              <Link href={groupPath(group.id)}>{group.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StartForm({ onStarted }: { onStarted: (group: StoredGroup) => void }) {
  const [groupName, setGroupName] = useState('');
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<{ groupName: string | null; name: string | null }>({
    groupName: null,
    name: null,
  });
  const flow = useConsentedSend(async () => {
    const answer = await startGroup(groupName, name);
    if (!answer.ok) return answer.message ?? T.noServer;
    onStarted(answer.value);
    return null;
  });
  if (deviceIsFull()) return <p className="page-note">{T.deviceFull}</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkedGroup = checkName(groupName, GROUP_NAME_MAX, T.groupName);
    const checkedName = checkYourName(name);
    setProblems({
      groupName: checkedGroup.ok ? null : checkedGroup.message,
      name: checkedName.ok ? null : checkedName.message,
    });
    if (checkedGroup.ok && checkedName.ok) flow.submit();
  };
  return (
    <section aria-labelledby="start-title">
      <h2 id="start-title">{T.startTitle}</h2>
      <form className="friends-form" noValidate onSubmit={submit}>
        <NameField
          id="group-name"
          label={T.groupName}
          hint={T.groupNameHint}
          value={groupName}
          problem={problems.groupName}
          max={GROUP_NAME_MAX}
          onChange={setGroupName}
        />
        <YourNameField value={name} problem={problems.name} onChange={setName} />
        <SendControls flow={flow} label={T.start} busy={T.starting} />
      </form>
    </section>
  );
}

/** A group just started: its invite link, to pass on. */
function Started({ group }: { group: StoredGroup }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="started-title">
      <h2 id="started-title" ref={heading} tabIndex={-1}>
        {group.name}
      </h2>
      <InviteLink group={group} />
      <p className="friends-actions">
        <Link href={groupPath(group.id)} className="button primary">
          {T.openGroup}
        </Link>
      </p>
    </section>
  );
}
