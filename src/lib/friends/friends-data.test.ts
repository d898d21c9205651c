import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_GROUPS_PER_DEVICE, type FriendResult } from '../../../core/friends';
import type { GroupView, Joined } from '../../../core/friends-schema';
import { saveConsent } from '../player-data/storage';
import {
  deviceIsFull,
  joinGroup,
  loadGroup,
  readGroups,
  recordFriendResult,
  startGroup,
} from './friends-data';

const id = (n: number) => `group${String(n).padStart(11, '0')}`;
const member = (n: number) => `member${String(n).padStart(10, '0')}`;
const joined = (n: number): Joined => ({
  group: { id: id(n), name: `Group ${n}` },
  member: { id: member(n), token: `${member(n)}.${'s'.repeat(22)}` },
  invite: 'i'.repeat(21) + String(n % 10),
});
const today = () => new Date().toISOString().slice(0, 10);
const RESULT = (): FriendResult => ({
  day: today(),
  puzzleId: 'puzzle_3',
  won: true,
  tries: 1,
  grid: '0000',
});
const VIEW = (n: number): GroupView => ({
  group: { id: id(n), name: `Group ${n}` },
  you: member(n),
  today: today(),
  revealed: false,
  members: [],
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
// src/test-setup.ts clears cookies and storage after each test.
afterEach(() => vi.unstubAllGlobals());

const bodies = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: (init as RequestInit).method,
    body: (init as { body: string | null }).body,
  }));

describe('the device’s groups', () => {
  it('are kept only with consent', async () => {
    fetchMock.mockResolvedValue(json(201, joined(1)));
    const answer = await startGroup('Family', 'Ann');
    expect(answer.ok).toBe(true);
    expect(readGroups()).toEqual([]);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('carry today’s result when one is joined the day it was finished, nothing older', async () => {
    saveConsent('accepted');
    fetchMock.mockResolvedValue(json(200, { groups: {} }));
    await recordFriendResult(RESULT());
    fetchMock.mockResolvedValue(json(201, joined(2)));
    await joinGroup(joined(2).invite, 'Ben');
    const sent = bodies().find((call) => call.url === '/api/friends/members');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      invite: joined(2).invite,
      name: 'Ben',
      result: RESULT(),
    });
    expect(readGroups().map((group) => group.id)).toEqual([id(2)]);
  });

  it('send a finished result to every group in one request, and again to a group that missed it', async () => {
    saveConsent('accepted');
    fetchMock.mockResolvedValueOnce(json(201, joined(1)));
    await joinGroup(joined(1).invite, 'Ann');
    fetchMock.mockResolvedValueOnce(json(201, joined(2)));
    await joinGroup(joined(2).invite, 'Ann');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await recordFriendResult(RESULT());
    fetchMock.mockResolvedValue(json(200, { groups: { [id(1)]: 'added', [id(2)]: 'added' } }));
    await recordFriendResult(RESULT());
    await recordFriendResult(RESULT());
    const posts = bodies().filter((call) => call.url === '/api/friends/results');
    // Once failed (offline), once delivered; then nothing waits.
    expect(posts).toHaveLength(2);
    expect(JSON.parse(posts[1]?.body ?? '{}')).toEqual({
      result: RESULT(),
      members: [joined(1).member.token, joined(2).member.token],
    });
  });

  it('show the last table seen when offline, and forget a group the server says one left', async () => {
    saveConsent('accepted');
    fetchMock.mockResolvedValueOnce(json(201, joined(1)));
    const group = await joinGroup(joined(1).invite, 'Ann');
    if (!group.ok) throw new Error('not joined');
    fetchMock.mockResolvedValueOnce(json(200, VIEW(1)));
    const fresh = await loadGroup(group.value);
    expect(fresh.kind).toBe('fresh');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const kept = await loadGroup(group.value);
    expect(kept).toMatchObject({ kind: 'kept', view: VIEW(1) });
    fetchMock.mockResolvedValueOnce(json(401, { error: 'You are not in this group (any more).' }));
    expect(await loadGroup(group.value)).toEqual({
      kind: 'gone',
      message: 'You are not in this group (any more).',
    });
    expect(readGroups()).toEqual([]);
  });

  it(`are at most ${MAX_GROUPS_PER_DEVICE} on a device`, async () => {
    saveConsent('accepted');
    for (let n = 1; n <= MAX_GROUPS_PER_DEVICE; n += 1) {
      expect(deviceIsFull()).toBe(false);
      fetchMock.mockResolvedValueOnce(json(201, joined(n)));
      await joinGroup(joined(n).invite, 'Ann');
    }
    expect(readGroups()).toHaveLength(MAX_GROUPS_PER_DEVICE);
    expect(deviceIsFull()).toBe(true);
  });
});
