import { averageTries, decodeGrid, sortTable, type Tally } from '../../../core/friends';
import type { GroupView, MemberView } from '../../../core/friends-schema';
import { formatCount } from '../../../core/numbers';
import { SHARE_SQUARES } from '../../../core/share';
import { usePreferences } from '../../lib/preferences/preferences';
import { FRIENDS_STRINGS as T } from './friends-strings';

/** A member's name, marked when it is the viewer or the group's starter; always shown as text. */
function MemberName({ member, you }: { member: MemberView; you: string }) {
  return (
    <>
      <span className="friends-name">{member.name}</span>
      {member.id === you ? <span className="friends-mark"> {T.you}</span> : null}
      {member.starter ? <span className="friends-mark"> {T.starter}</span> : null}
    </>
  );
}

/** Today: who has played; and how, once the viewer has finished too (no spoilers). */
export function TodayTable({ view }: { view: GroupView }) {
  const { palette } = usePreferences();
  const squares = SHARE_SQUARES[palette];
  return (
    <section aria-labelledby="today-title">
      <h2 id="today-title">{T.today}</h2>
      {view.revealed ? null : <p className="page-note">{T.hidden}</p>}
      <div className="friends-table-frame">
        <table className="friends-table">
          <thead>
            <tr>
              <th scope="col">{T.member}</th>
              <th scope="col">{T.played}</th>
              {view.revealed ? (
                <>
                  <th scope="col">{T.result}</th>
                  <th scope="col">{T.grid}</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {view.members.map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  <MemberName member={member} you={view.you} />
                </th>
                <td>{member.playedToday ? T.yes : T.notYet}</td>
                {view.revealed ? (
                  <>
                    <td>
                      {member.today
                        ? member.today.won
                          ? T.won(member.today.tries)
                          : T.lost(member.today.tries)
                        : ''}
                    </td>
                    <td>
                      {member.today && member.today.grid !== '' ? (
                        <span
                          className="friends-grid"
                          role="img"
                          aria-label={T.gridLabel(member.name)}
                        >
                          {decodeGrid(member.today.grid).map((row, index) => (
                            <span key={index}>{row.map((level) => squares[level]).join('')}</span>
                          ))}
                        </span>
                      ) : null}
                    </td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const average = (tally: Tally) => {
  const value = averageTries(tally);
  return value === null ? '–' : value.toFixed(1);
};

/** This week or All time: days played, wins, average tries, current streak, in the stated order. */
export function TallyTable({ view, which }: { view: GroupView; which: 'week' | 'allTime' }) {
  const id = `${which}-title`;
  const rows = sortTable(
    view.members.map((member) => ({
      memberId: member.id,
      name: member.name,
      tally: member[which],
      streak: member.streak,
      member,
    })),
  );
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{which === 'week' ? T.thisWeek : T.allTime}</h2>
      <div className="friends-table-frame">
        <table className="friends-table">
          <thead>
            <tr>
              <th scope="col">{T.member}</th>
              <th scope="col">{T.daysPlayed}</th>
              <th scope="col">{T.wins}</th>
              <th scope="col">{T.averageTries}</th>
              <th scope="col">{T.streak}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.memberId}>
                <th scope="row">
                  <MemberName member={row.member} you={view.you} />
                </th>
                <td>{formatCount(row.tally.played)}</td>
                <td>{formatCount(row.tally.wins)}</td>
                <td>{average(row.tally)}</td>
                <td>{formatCount(row.streak)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="page-note">
        {T.sortRule}
        {view.revealed ? '' : ` ${T.weekHidden}`}
      </p>
    </section>
  );
}
