import { afterAll, describe, expect, it } from 'vitest';
import { type FriendResult, MAX_MEMBERS } from '../core/friends';
import { groupViewSchema, joinedSchema, type Joined } from '../core/friends-schema';
import { countRows, summarise } from './db/backup';
import { deleteIdleGroups, forgetMember, listGroups } from './db/friends-store';
import { FRIENDS_MESSAGES } from './friends-routes';
import { RATE_LIMIT_MESSAGE } from './rate-limits';
import { makeFixtureSite, writeServerCatalogue } from './testing/fixture-site';
import { appPerTest } from './testing/test-app';
import { ENGINES } from './testing/test-databases';

// Wednesday 25 November 2026: its week runs from Monday the 23rd.
const NOW = Date.parse('2026-11-25T12:00:00Z');
const TODAY = '2026-11-25';
const site = makeFixtureSite();
writeServerCatalogue(site.distDir, [
  { id: 'puzzle_1', date: '2026-11-23' },
  { id: 'puzzle_2', date: '2026-11-24' },
  { id: 'puzzle_3', date: '2026-11-25' },
  { id: 'puzzle_4', date: '2026-11-26' },
]);
afterAll(() => site.remove());

const WON_IN_2 = '1230' + '0000';
const result = (fields: Partial<FriendResult> = {}): FriendResult => ({
  day: TODAY,
  puzzleId: 'puzzle_3',
  won: true,
  tries: 2,
  grid: WON_IN_2,
  ...fields,
});

describe.each(ENGINES)('friends API on the %s database', (_name, makeDatabases) => {
  const databases = makeDatabases();
  const t = appPerTest(databases, {
    distDir: site.distDir,
    start: NOW,
    config: { groupsRateLimit: { max: 60, windowMs: 60_000 } },
  });

  const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, token?: string) =>
    t.app.inject({
      method,
      url,
      payload: JSON.stringify(payload),
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  async function start(groupName = 'The Smiths', name = 'Ann', extra = {}): Promise<Joined> {
    const response = await send('POST', '/api/friends/groups', { groupName, name, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return joinedSchema.parse(response.json());
  }
  async function join(invite: string, name: string, extra = {}): Promise<Joined> {
    const response = await send('POST', '/api/friends/members', { invite, name, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return joinedSchema.parse(response.json());
  }
  const view = async (member: Joined) => {
    const response = await get(`/api/friends/groups/${member.group.id}`, member.member.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return groupViewSchema.parse(response.json());
  };
  const postResult = (members: Joined[], fields: Partial<FriendResult> = {}) =>
    send('POST', '/api/friends/results', {
      result: result(fields),
      members: members.map((m) => m.member.token),
    });

  it('starts a group: an invite of 128 bits and more, kept only as a hash, like the member secret', async () => {
    const ann = await start();
    expect(ann.invite).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const secret = ann.member.token.split('.')[1] ?? '';
    expect(secret).toHaveLength(22);
    const stored = JSON.stringify([
      ...(await t.db.query('SELECT * FROM friend_groups')),
      ...(await t.db.query('SELECT * FROM friend_members')),
    ]);
    expect(stored).toContain('The Smiths');
    expect(stored).not.toContain(ann.invite);
    expect(stored).not.toContain(secret);
  });

  it('shows an invite’s group and members; a guessed or altered code opens nothing', async () => {
    const ann = await start();
    await join(ann.invite, 'Ben');
    const preview = await get('/api/friends/invite', ann.invite);
    expect(preview.json()).toEqual({ name: 'The Smiths', members: ['Ann', 'Ben'], full: false });
    const altered = `${ann.invite.slice(0, -1)}${ann.invite.endsWith('A') ? 'B' : 'A'}`;
    for (const code of [altered, 'A'.repeat(22), 'short']) {
      const response = await get('/api/friends/invite', code);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: FRIENDS_MESSAGES.noSuchInvite });
      const joining = await send('POST', '/api/friends/members', { invite: code, name: 'Eve' });
      expect(joining.statusCode).toBe(404);
      expect(joining.json()).toEqual({ error: FRIENDS_MESSAGES.noSuchInvite });
    }
  });

  it('lets the invite join, never act as a member', async () => {
    const ann = await start();
    const asInvite = await get(
      `/api/friends/groups/${ann.group.id}`,
      `${ann.member.id}.${ann.invite}`,
    );
    expect(asInvite.statusCode).toBe(401);
    const posted = await send('POST', '/api/friends/results', {
      result: result(),
      members: [`${ann.member.id}.${ann.invite}`],
    });
    expect(posted.json()).toEqual({ groups: {} });
    const renamed = await send(
      'PATCH',
      `/api/friends/groups/${ann.group.id}/members/${ann.member.id}`,
      { name: 'Mallory' },
      `${ann.member.id}.${ann.invite}`,
    );
    expect(renamed.statusCode).toBe(401);
  });

  it('hides how others played until the viewer has finished, then shows every result', async () => {
    const ann = await start();
    const ben = await join(ann.invite, 'Ben');
    expect((await postResult([ann])).json()).toEqual({ groups: { [ann.group.id]: 'added' } });
    const before = await view(ben);
    expect(before.revealed).toBe(false);
    const annBefore = before.members.find((m) => m.name === 'Ann');
    expect(annBefore).toMatchObject({ playedToday: true, today: null, streak: 0 });
    // Nothing of today's outcome shows through the tables either.
    expect(annBefore?.week).toEqual({ played: 0, wins: 0, wonTries: 0 });
    expect(annBefore?.allTime).toEqual({ played: 0, wins: 0, wonTries: 0 });

    const lost = { won: false, tries: 6, grid: '123312331233123312331233' };
    expect((await postResult([ben], lost)).json()).toEqual({ groups: { [ben.group.id]: 'added' } });
    const after = await view(ben);
    expect(after.revealed).toBe(true);
    expect(after.members.map((m) => [m.name, m.today, m.week, m.streak])).toEqual([
      ['Ann', { won: true, tries: 2, grid: WON_IN_2 }, { played: 1, wins: 1, wonTries: 2 }, 1],
      ['Ben', lost, { played: 1, wins: 0, wonTries: 0 }, 0],
    ]);
  });

  it('counts a result sent twice once, refuses a puzzle not out yet and a day before joining', async () => {
    const ann = await start();
    const other = await start('Work', 'Ann');
    expect((await postResult([ann, other])).json()).toEqual({
      groups: { [ann.group.id]: 'added', [other.group.id]: 'added' },
    });
    expect((await postResult([ann, other])).json()).toEqual({
      groups: { [ann.group.id]: 'already added', [other.group.id]: 'already added' },
    });
    expect((await view(ann)).members[0]?.allTime).toEqual({ played: 1, wins: 1, wonTries: 2 });

    const future = await postResult([ann], { puzzleId: 'puzzle_4', day: '2026-11-26' });
    expect(future.statusCode).toBe(404);
    const early = await postResult([ann], { puzzleId: 'puzzle_4' });
    expect(early.statusCode).toBe(404);
    const yesterday = await postResult([ann], { puzzleId: 'puzzle_2', day: '2026-11-24' });
    expect(yesterday.json()).toEqual({ groups: { [ann.group.id]: 'too late' } });
  });

  it('writes results that arrive at once together: each post told its own groups, each counted once, a wrong secret proving no one', async () => {
    const ann = await start('Rush', 'Ann');
    const players = [ann];
    for (const name of ['Bob', 'Cat', 'Dan', 'Eve', 'Fay'])
      players.push(await join(ann.invite, name));
    const [, bob, cat] = players;
    if (!bob || !cat) throw new Error('the players joined');
    const forged = `${bob.member.token.split('.')[0] ?? ''}.${'x'.repeat(22)}`;
    // All sent in one turn of the event loop: the insert queue writes them in one transaction.
    const answers = await Promise.all([
      ...players.map((player) => postResult([player])),
      postResult([cat]),
      send('POST', '/api/friends/results', { result: result(), members: [forged] }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const outcomes = answers.map((answer) => answer.json<{ groups: object }>().groups);
    const catAt = players.indexOf(cat);
    // Cat's result, sent twice at once, is added by one of the two (whichever is written first).
    const cats = [outcomes[catAt], outcomes[players.length]];
    expect(cats).toEqual(
      expect.arrayContaining([{ [ann.group.id]: 'added' }, { [ann.group.id]: 'already added' }]),
    );
    expect(outcomes.filter((_, index) => index !== catAt && index < players.length)).toEqual(
      players.slice(1).map(() => ({ [ann.group.id]: 'added' })),
    );
    expect(outcomes.at(-1)).toEqual({});
    const seen = await view(ann);
    expect(seen.members.map((member) => [member.name, member.allTime])).toEqual(
      expect.arrayContaining([
        ['Bob', { played: 1, wins: 1, wonTries: 2 }],
        ['Cat', { played: 1, wins: 1, wonTries: 2 }],
      ]),
    );
    expect(seen.members.every((member) => member.allTime.played === 1)).toBe(true);
  });

  it('adds today’s result given on joining, and keeps a week, all time and a streak', async () => {
    t.now = NOW - 2 * 86_400_000;
    const ann = await start('Family', 'Ann', {
      result: result({ day: '2026-11-23', puzzleId: 'puzzle_1' }),
    });
    t.now = NOW - 86_400_000;
    await postResult([ann], {
      day: '2026-11-24',
      puzzleId: 'puzzle_2',
      won: true,
      tries: 1,
      grid: '0000',
    });
    t.now = NOW;
    const ben = await join(ann.invite, 'Ben', {
      result: result({ tries: 3, grid: '123312330000' }),
    });
    await postResult([ann]);
    const seen = await view(ben);
    const annRow = seen.members.find((m) => m.name === 'Ann');
    expect(annRow).toMatchObject({
      week: { played: 3, wins: 3, wonTries: 5 },
      allTime: { played: 3, wins: 3, wonTries: 5 },
      streak: 3,
    });
    expect(seen.members.find((m) => m.name === 'Ben')?.today).toEqual({
      won: true,
      tries: 3,
      grid: '123312330000',
    });
  });

  it('refuses names that are empty, too long, or hold invisible characters; keeps markup as text', async () => {
    const cases: [unknown, string][] = [
      [{ groupName: '   ', name: 'Ann' }, 'Please enter group name.'],
      [
        { groupName: 'x'.repeat(41), name: 'Ann' },
        'Group name can be at most 40 characters (this has 41).',
      ],
      [{ groupName: 'Ok', name: 'A\u200Bnn' }, 'Your name can hold only visible characters'],
      [{ groupName: 'Ok', name: 'Ann\u0007' }, 'Your name can hold only visible characters'],
    ];
    for (const [body, message] of cases) {
      const response = await send('POST', '/api/friends/groups', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(message);
    }
    const markup = '<img src=x onerror=alert(1)>';
    const ann = await start(' <b>Team</b> ', markup.slice(0, 20));
    expect(ann.group.name).toBe('<b>Team</b>');
    expect((await view(ann)).members[0]?.name).toBe(markup.slice(0, 20));
  });

  it('renames, leaves and removes: seen by the others; only the starter removes', async () => {
    const ann = await start();
    const ben = await join(ann.invite, 'Ben');
    const cat = await join(ann.invite, 'Cat');
    await postResult([ben]);
    const memberUrl = (of: Joined) => `/api/friends/groups/${of.group.id}/members/${of.member.id}`;
    const renamed = await send('PATCH', memberUrl(ben), { name: 'Benny' }, ben.member.token);
    expect(renamed.json()).toEqual({ status: 'renamed' });
    const clash = await send('PATCH', memberUrl(cat), { name: 'benny' }, cat.member.token);
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ error: string }>().error).toBe(FRIENDS_MESSAGES.nameTaken);
    const notTheirs = await send('PATCH', memberUrl(ann), { name: 'Nope' }, ben.member.token);
    expect(notTheirs.statusCode).toBe(403);
    expect((await view(cat)).members.map((m) => m.name)).toEqual(['Ann', 'Benny', 'Cat']);

    const del = (of: Joined, by: Joined) =>
      t.app.inject({
        method: 'DELETE',
        url: memberUrl(of),
        headers: { authorization: `Bearer ${by.member.token}` },
      });
    const refused = await del(cat, ben);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe(FRIENDS_MESSAGES.notAllowed);
    expect((await del(ben, ann)).json()).toEqual({ status: 'removed' });
    expect(await t.db.query('SELECT * FROM friend_results')).toEqual([]);
    expect((await get(`/api/friends/groups/${ben.group.id}`, ben.member.token)).statusCode).toBe(
      401,
    );
    // The starter leaves: the longest-standing member starts the group t.now, and can remove.
    expect((await del(ann, ann)).json()).toEqual({ status: 'left' });
    expect((await view(cat)).members).toMatchObject([{ name: 'Cat', starter: true }]);
    expect((await del(cat, cat)).json()).toEqual({ status: 'left' });
    expect(await listGroups(t.db)).toEqual([]);
  });

  it(`holds at most ${MAX_MEMBERS} members`, async () => {
    const ann = await start();
    for (let n = 2; n <= MAX_MEMBERS; n += 1) await join(ann.invite, `Member ${n}`);
    const preview = await get('/api/friends/invite', ann.invite);
    expect(preview.json<{ full: boolean }>().full).toBe(true);
    const response = await send('POST', '/api/friends/members', {
      invite: ann.invite,
      name: 'One more',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toBe(FRIENDS_MESSAGES.full);
  });

  it('limits group starts and joins per client address, under a name of their own', async () => {
    await t.app.close();
    t.app = t.appWith({ groupsRateLimit: { max: 2, windowMs: 3_600_000 } });
    const ann = await start();
    await join(ann.invite, 'Ben');
    const third = await send('POST', '/api/friends/members', { invite: ann.invite, name: 'Cat' });
    expect(third.statusCode).toBe(429);
    // Results are another count.
    expect((await postResult([ann])).statusCode).toBe(200);
  });

  it('limits a group’s page per client address under a count of its own, and posts under theirs', async () => {
    const ann = await start();
    await t.app.close();
    t.app = t.appWith({ resultsRateLimit: { max: 2, windowMs: 60_000 } });
    const page = () => get(`/api/friends/groups/${ann.group.id}`, ann.member.token);
    expect((await page()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);
    const third = await page();
    expect(third.statusCode).toBe(429);
    expect(third.json<{ error: string }>().error).toBe(RATE_LIMIT_MESSAGE);
    // Sending a result is another count.
    expect((await postResult([ann])).statusCode).toBe(200);
    expect((await postResult([ann])).statusCode).toBe(200);
    expect((await postResult([ann])).statusCode).toBe(429);
  });

  it('deletes groups no one played in for 90 days; the owner lists, deletes and forgets', async () => {
    const ann = await start();
    const ben = await join(ann.invite, 'Ben');
    await postResult([ben]);
    expect(await deleteIdleGroups(t.db, '2027-02-23')).toBe(0);
    expect(await listGroups(t.db)).toMatchObject([
      { id: ann.group.id, name: 'The Smiths', members: 2, results: 1 },
    ]);
    expect(await forgetMember(t.db, ann.group.id, 'BEN')).toBe(true);
    expect((await countRows(t.db)).friend_results).toBe(0);
    expect(await deleteIdleGroups(t.db, '2027-02-24')).toBe(1);
    expect(await countRows(t.db)).toMatchObject({ friend_groups: 0, friend_members: 0 });
  });

  it('lets the owner’s tool list, delete and forget through the owner endpoints', async () => {
    await t.app.close();
    const auth = { authorization: 'Bearer owner-token' };
    t.app = t.appWith({}, { ownerToken: 'owner-token' });
    const ann = await start();
    await join(ann.invite, 'Ben');
    const listed = await t.app.inject({ method: 'GET', url: '/api/owner/groups', headers: auth });
    expect(listed.json()).toMatchObject([{ id: ann.group.id, members: 2 }]);
    const forget = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/owner/forget-member',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ group: ann.group.id, name }),
      });
    expect((await forget('ben')).statusCode).toBe(200);
    expect((await forget('ben')).statusCode).toBe(404);
    const url = `/api/owner/groups/${ann.group.id}/delete`;
    expect((await t.app.inject({ method: 'POST', url, headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url, headers: auth })).statusCode).toBe(404);
    expect(await listGroups(t.db)).toEqual([]);
  });

  it('puts groups, members and results in backups', async () => {
    const ann = await start();
    await postResult([ann]);
    expect((await summarise(t.db)).counts).toMatchObject({
      friend_groups: 1,
      friend_members: 1,
      friend_results: 1,
    });
  });
});
