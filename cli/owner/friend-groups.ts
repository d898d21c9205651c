import { type GroupSummary } from '../../server/db/friends-store';
import { formatTable, formatTime, visible } from './format';
import { type OwnerSource } from './source';

/**
 * The owner's commands for groups of friends (docs/server.md "Play with friends"): list them,
 * delete one with its members and results, forget one member (by group and name).
 */
interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

export function formatGroups(groups: readonly GroupSummary[]): string {
  const rows = groups.map((group) => [
    group.id,
    visible(group.name),
    String(group.members),
    String(group.results),
    formatTime(group.createdAt),
    group.lastPlayedOn,
  ]);
  const header = ['id', 'name', 'members', 'results', 'started', 'last played'];
  const count = `${groups.length} ${groups.length === 1 ? 'group' : 'groups'}`;
  return [...formatTable(header, rows), '', count].join('\n');
}

export async function groupsCommand(io: Io, source: OwnerSource, json: boolean): Promise<number> {
  const groups = await source.groups();
  io.out(json ? JSON.stringify(groups, null, 2) : formatGroups(groups));
  return 0;
}

export async function groupDeleteCommand(io: Io, source: OwnerSource, id: string): Promise<number> {
  if (!(await source.deleteGroup(id))) {
    io.err(`There is no group ${id}.`);
    return 1;
  }
  io.out(`Deleted group ${id}, its members and their results.`);
  return 0;
}

export async function forgetMemberCommand(
  io: Io,
  source: OwnerSource,
  groupId: string,
  name: string,
): Promise<number> {
  if (!(await source.forgetMember(groupId, name))) {
    io.err(`Group ${groupId} has no member named ${visible(name)}.`);
    return 1;
  }
  io.out(`Deleted ${visible(name)} from group ${groupId}, with their results.`);
  return 0;
}
