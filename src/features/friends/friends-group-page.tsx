import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { StoredGroup } from '../../../core/friends-schema';
import { ROUTES } from '../../../core/routes';
import { PageLoading } from '../../components/page-loading';
import { TextPage } from '../../components/text-page';
import { loadGroup, readGroups, type GroupTable } from '../../lib/friends/friends-data';
import { useHydrated } from '../../lib/start-up/hydration';
import { useFragment } from '../../lib/use-fragment';
import { FRIENDS_STRINGS as T } from './friends-strings';
import { GroupSettings } from './group-settings';
import { TallyTable, TodayTable } from './group-tables';
import { InviteLink } from './invite-link';
import '../../components/page-notes.css';
import './friends.css';

/** While the page is open it asks again at most this often; coming back to it asks at once. */
export const REFRESH_EVERY_MS = 60_000;
/** Coming back within this is not a reason to ask again (a focus and a visibility change together). */
const RETURN_PAUSE_MS = 2_000;

/** /friends/group#<id>: one of this device's groups, its Today, This week and All time. */
export function GroupPage() {
  const hydrated = useHydrated();
  const fragment = useFragment();
  const id = (fragment ?? '').replace(/^#/, '');
  const group = hydrated ? readGroups().find((kept) => kept.id === id) : undefined;
  let view;
  if (!hydrated || fragment === null) view = <PageLoading />;
  else if (!group)
    view = (
      <>
        <p className="page-problem" role="alert">
          {T.noGroup}
        </p>
        <p>
          <Link href={ROUTES.friends}>{T.backToGroups}</Link>
        </p>
      </>
    );
  else view = <Group key={group.id} group={group} />;
  return <TextPage title={T.title}>{view}</TextPage>;
}

const time = (at: number) =>
  new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

function useGroupTable(group: StoredGroup): [GroupTable | null, () => void] {
  const [table, setTable] = useState<GroupTable | null>(null);
  const last = useRef(0);
  const refresh = useCallback(() => {
    last.current = Date.now();
    void loadGroup(group).then(setTable);
  }, [group]);
  useEffect(() => {
    refresh();
    const back = () => {
      if (document.visibilityState === 'visible' && Date.now() - last.current > RETURN_PAUSE_MS)
        refresh();
    };
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, REFRESH_EVERY_MS);
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [refresh]);
  return [table, refresh];
}

function Group({ group }: { group: StoredGroup }) {
  const [table, refresh] = useGroupTable(group);
  if (table === null) return <PageLoading />;
  if (table.kind === 'gone' || table.kind === 'unavailable')
    return (
      <>
        <h2>{group.name}</h2>
        <p className="page-problem" role="alert">
          {table.kind === 'gone' ? T.gone : T.unavailable}
        </p>
        <p>
          <Link href={ROUTES.friends}>{T.backToGroups}</Link>
        </p>
      </>
    );
  const { view } = table;
  return (
    <>
      <h2>{view.group.name}</h2>
      <p className="page-note">
        {table.kind === 'kept' ? T.asOf(time(table.at)) : T.updated(time(table.at))}
      </p>
      <TodayTable view={view} />
      <TallyTable view={view} which="week" />
      <TallyTable view={view} which="allTime" />
      <InviteLink group={group} />
      <GroupSettings group={group} view={view} onChange={refresh} />
    </>
  );
}
