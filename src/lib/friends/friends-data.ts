import * as z from 'zod/mini';
import { daysBetween } from '../../../core/dates';
import { MAX_GROUPS_PER_DEVICE, RESULT_LATE_DAYS, type FriendResult } from '../../../core/friends';
import {
  groupViewSchema,
  invitePreviewSchema,
  joinedSchema,
  storedGroupsSchema,
  storedResultSchema,
  storedViewsSchema,
  type GroupView,
  type InvitePreview,
  type Joined,
  type StoredGroup,
  type StoredResult,
  type StoredView,
} from '../../../core/friends-schema';
import { STORED_ITEMS } from '../../../core/stored-items';
import { todayUtc } from '../clock';
import { readConsent, readRecord, writeRecord } from '../player-data/storage';
import { fromRecord, toRecord } from '../player-data/stored-record';

/**
 * The device's groups of friends (core/friends.ts): what it keeps of them, and its requests to the
 * server (server/friends-routes.ts). Loaded only with the feature's pages or when today's puzzle
 * ends (friends-gate.ts). Nothing is kept or sent without consent "accepted".
 */
const API = '/api/friends';
const GROUPS = STORED_ITEMS.friendGroups;
const RESULT = STORED_ITEMS.friendResult;
const VIEWS = STORED_ITEMS.friendViews;

const mayStore = () => readConsent() === 'accepted';

function read<T>(name: string, schema: z.ZodMiniType<T>): T | null {
  return readRecord(
    name,
    fromRecord((value) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : undefined;
    }, todayUtc()),
  );
}

/** The device's groups, in the order it joined them. */
export const readGroups = (): StoredGroup[] => read(GROUPS.name, storedGroupsSchema) ?? [];

function writeGroups(groups: readonly StoredGroup[]): void {
  writeRecord(GROUPS.name, groups.length > 0 ? toRecord(groups, GROUPS.days) : null);
}

/**
 * Keeps the groups moved from another device together with this device's own (`/transfer`, after
 * core/transfer-merge.ts `groupsAfterMerge`): the device's list as given.
 */
export const keepMovedGroups = (groups: readonly StoredGroup[]): void => writeGroups(groups);

/** Keeps a group just joined or started (first in, first listed; the same group once). */
function keepGroup(joined: Joined): StoredGroup {
  const group: StoredGroup = {
    id: joined.group.id,
    name: joined.group.name,
    memberId: joined.member.id,
    token: joined.member.token,
    invite: joined.invite,
  };
  writeGroups([...readGroups().filter((kept) => kept.id !== group.id), group]);
  return group;
}

/** Forgets a group on this device (left, removed, or deleted), with its last table. */
export function forgetGroup(groupId: string): void {
  writeGroups(readGroups().filter((group) => group.id !== groupId));
  const { [groupId]: _gone, ...views } = readViews();
  writeViews(views);
}

/** Renames a group as this device lists it (its page brought a new name). */
function keepName(groupId: string, name: string): void {
  const groups = readGroups();
  if (groups.some((group) => group.id === groupId && group.name !== name))
    writeGroups(groups.map((group) => (group.id === groupId ? { ...group, name } : group)));
}

export const deviceIsFull = (): boolean => readGroups().length >= MAX_GROUPS_PER_DEVICE;

const readViews = (): Record<string, StoredView> => read(VIEWS.name, storedViewsSchema) ?? {};
function writeViews(views: Record<string, StoredView>): void {
  const kept = Object.entries(views)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, VIEWS.maxEntries);
  writeRecord(VIEWS.name, kept.length > 0 ? toRecord(Object.fromEntries(kept), VIEWS.days) : null);
}

/** Today's finished result, while it may still be sent (RESULT_LATE_DAYS). */
function readResult(): StoredResult | null {
  const kept = read(RESULT.name, storedResultSchema);
  if (!kept) return null;
  const late = daysBetween(kept.result.day, todayUtc());
  return late >= 0 && late <= RESULT_LATE_DAYS ? kept : null;
}

/** Today's result, when this device finished today's puzzle: a group joined now gets it. */
function todaysResult(): FriendResult | undefined {
  const kept = readResult();
  return kept && kept.result.day === todayUtc() ? kept.result : undefined;
}

/** An answer the server gave in words, or null when it was not the game's JSON. */
type Answer = { ok: true; body: unknown } | { ok: false; status: number; error: string | null };

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? null : JSON.stringify(options.body),
    credentials: 'omit',
    cache: 'no-store',
  });
  const json = (response.headers.get('content-type') ?? '').includes('application/json');
  const body: unknown = json ? await response.json().catch(() => null) : null;
  if (response.ok && json) return { ok: true, body };
  const error = z.object({ error: z.string() }).safeParse(body);
  return { ok: false, status: response.status, error: error.success ? error.data.error : null };
}

/** What a request the player asked for came to: done, or a message to show (with its field). */
export type Outcome<T> =
  { ok: true; value: T } | { ok: false; message: string | null; field?: string; status: number };

/** The server's refusal in its own words (null when it gave none: offline, or a static host). */
const refused = (answer: Extract<Answer, { ok: false }>): Outcome<never> => ({
  ok: false,
  message: answer.error,
  status: answer.status,
});

async function ask<T>(
  schema: z.ZodMiniType<T>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Outcome<T>> {
  let answer: Answer;
  try {
    answer = await call(method, path, options);
  } catch {
    return { ok: false, message: null, status: 0 };
  }
  if (!answer.ok) return refused(answer);
  const parsed = schema.safeParse(answer.body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: null, status: 500 };
}

/** Starts a group (consent is given by now); today's result, if finished, goes in at once. */
export async function startGroup(groupName: string, name: string): Promise<Outcome<StoredGroup>> {
  const answer = await ask(joinedSchema, 'POST', '/groups', {
    body: { groupName, name, result: todaysResult() },
  });
  return answer.ok ? { ok: true, value: keepGroup(answer.value) } : answer;
}

/** Who is in the group an invite opens. */
export const readInvite = (invite: string): Promise<Outcome<InvitePreview>> =>
  ask(invitePreviewSchema, 'GET', '/invite', { token: invite });

/** Joins a group by its invite (consent is given by now); today's result goes in if finished. */
export async function joinGroup(invite: string, name: string): Promise<Outcome<StoredGroup>> {
  const answer = await ask(joinedSchema, 'POST', '/members', {
    body: { invite, name, result: todaysResult() },
  });
  return answer.ok ? { ok: true, value: keepGroup(answer.value) } : answer;
}

/** A group's table: fresh from the server, or the last one seen (offline) with its time. */
export type GroupTable =
  | { kind: 'fresh'; view: GroupView; at: number }
  | { kind: 'kept'; view: GroupView; at: number }
  | { kind: 'gone'; message: string | null }
  | { kind: 'unavailable' };

export async function loadGroup(group: StoredGroup): Promise<GroupTable> {
  // Today's result reaches the group before its table is read.
  await sendPending();
  const answer = await ask(groupViewSchema, 'GET', `/groups/${group.id}`, { token: group.token });
  if (answer.ok) {
    const at = Date.now();
    if (mayStore()) {
      writeViews({ ...readViews(), [group.id]: { at, view: answer.value } });
      keepName(group.id, answer.value.group.name);
    }
    return { kind: 'fresh', view: answer.value, at };
  }
  // No longer a member (removed, or the group was deleted): forgotten here too.
  if (answer.status === 401) {
    forgetGroup(group.id);
    return { kind: 'gone', message: answer.message };
  }
  const kept = readViews()[group.id];
  return kept ? { kind: 'kept', view: kept.view, at: kept.at } : { kind: 'unavailable' };
}

const statusSchema = z.object({ status: z.string() });

export const renameMember = (group: StoredGroup, name: string) =>
  ask(statusSchema, 'PATCH', `/groups/${group.id}/members/${group.memberId}`, {
    body: { name },
    token: group.token,
  });

/** Leaves a group: its results go with the member, and this device forgets it. */
export async function leaveGroup(group: StoredGroup): Promise<Outcome<unknown>> {
  const answer = await ask(
    statusSchema,
    'DELETE',
    `/groups/${group.id}/members/${group.memberId}`,
    {
      token: group.token,
    },
  );
  // Already out of it (removed, or the group deleted): this device forgets it all the same.
  const gone = answer.ok || answer.status === 401;
  if (gone) forgetGroup(group.id);
  return gone ? { ok: true, value: null } : answer;
}

/** The group's starter removes a member. */
export const removeMember = (group: StoredGroup, memberId: string) =>
  ask(statusSchema, 'DELETE', `/groups/${group.id}/members/${memberId}`, { token: group.token });

let queue: Promise<void> = Promise.resolve();

/** Sends the kept result to each group that does not have it yet; keeps it for those it missed. */
export function sendPending(): Promise<void> {
  queue = queue.then(async () => {
    if (!mayStore()) return;
    const kept = readResult();
    if (!kept) return;
    const waiting = readGroups().filter((group) => !kept.sentTo.includes(group.id));
    if (waiting.length === 0) return;
    let answer: Answer;
    try {
      answer = await call('POST', '/results', {
        body: { result: kept.result, members: waiting.map((group) => group.token) },
      });
    } catch {
      return;
    }
    // The server down or busy, or its clock behind (the puzzle not out there yet): sent again on
    // the next visit. Any other answer is final, for every group it went to.
    const retry = [404, 408, 429].includes(answer.ok ? 200 : answer.status);
    if (!answer.ok && (retry || answer.status >= 500)) return;
    const final = waiting.map((group) => group.id);
    const now = readResult();
    if (now && now.result.day === kept.result.day)
      writeRecord(
        RESULT.name,
        toRecord({ ...now, sentTo: [...new Set([...now.sentTo, ...final])] }, RESULT.days),
      );
  });
  return queue;
}

/** Today's puzzle just ended: kept (the first result of a day stands) and sent to every group. */
export function recordFriendResult(result: FriendResult): Promise<void> {
  if (!mayStore()) return Promise.resolve();
  const kept = readResult();
  if (!kept || kept.result.day !== result.day)
    writeRecord(RESULT.name, toRecord({ result, sentTo: [] }, RESULT.days));
  return sendPending();
}
