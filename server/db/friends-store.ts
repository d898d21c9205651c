import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { addDays, daysBetween } from '../../core/dates';
import {
  EMPTY_TALLY,
  GROUP_IDLE_DAYS,
  ID_LENGTH,
  MAX_MEMBERS,
  nextStreak,
  streakOn,
  takesResultOf,
  tokenMember,
  weekStart,
  type FriendResult,
  type StoredStreak,
  type Tally,
} from '../../core/friends';
import type { GroupView, InvitePreview, Joined, ResultOutcome } from '../../core/friends-schema';
import { prepared, type Database, type Queryable } from './database';

/**
 * "Play with friends" (server/db/migrations/007-friend-groups.sql): groups, their members and
 * their daily results. Every query is parameterised, the same on both databases. An invite code
 * and a member's secret are kept only as SHA-256 hashes: the database alone lets no one join a
 * group or act as a member.
 */

/** 16 random bytes: 128 bits, 22 base64url characters (core/friends.ts SECRET_LENGTH). */
const newSecret = () => randomBytes(16).toString('base64url');
/** 12 random bytes: 16 base64url characters (core/friends.ts ID_LENGTH). */
const newId = () => randomBytes((ID_LENGTH * 3) / 4).toString('base64url');
export const secretHash = (secret: string): string =>
  createHash('sha256').update(secret).digest('base64url');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The member a token names, when its secret is theirs: its id; else null. */
function tokenSecret(token: string): { memberId: string; secret: string } | null {
  const memberId = tokenMember(token);
  return memberId === null ? null : { memberId, secret: token.slice(memberId.length + 1) };
}

/** Thrown inside a transaction to roll it back with an answer for the player. */
class Refusal extends Error {
  constructor(readonly outcome: 'no such group' | 'full' | 'name taken') {
    super(outcome);
  }
}

/** PostgreSQL's unique_violation: a name already in the group. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

interface NewMember {
  groupId: string;
  name: string;
  starter: boolean;
  today: string;
}

async function addMember(tx: Queryable, member: NewMember): Promise<{ id: string; token: string }> {
  const id = newId();
  const secret = newSecret();
  try {
    await tx.query(
      `INSERT INTO friend_members (id, group_id, name, secret_hash, starter, joined_on)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, member.groupId, member.name, secretHash(secret), member.starter, member.today],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal('name taken');
    throw error;
  }
  return { id, token: `${id}.${secret}` };
}

export type JoinOutcome = Joined | 'no such group' | 'full' | 'name taken';

async function refusedOr(work: () => Promise<Joined>): Promise<JoinOutcome> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
}

/** Starts a group with its starter as its first member; today's result goes in if given. */
export async function startGroup(
  db: Database,
  input: { groupName: string; name: string; today: string; result?: FriendResult | undefined },
): Promise<Joined> {
  const invite = newSecret();
  const groupId = newId();
  const joined = await db.transaction(async (tx) => {
    await tx.query(
      'INSERT INTO friend_groups (id, invite_hash, name, last_played_on) VALUES ($1, $2, $3, $4)',
      [groupId, secretHash(invite), input.groupName, input.today],
    );
    const member = await addMember(tx, {
      groupId,
      name: input.name,
      starter: true,
      today: input.today,
    });
    return { group: { id: groupId, name: input.groupName }, member, invite };
  });
  if (input.result) await addResults(db, [joined.member.token], input.result, input.today);
  return joined;
}

const groupRow = z.object({ id: z.string(), name: z.string() });

/** Who is in the group an invite opens; null for a code that opens none. */
export async function invitePreview(db: Queryable, invite: string): Promise<InvitePreview | null> {
  const rows = await db.query(
    `SELECT g.name, m.name AS member FROM friend_groups g
       LEFT JOIN friend_members m ON m.group_id = g.id
      WHERE g.invite_hash = $1 ORDER BY m.joined_at, m.id`,
    [secretHash(invite)],
  );
  const first = rows[0];
  if (!first) return null;
  const members = rows.flatMap((row) => {
    const member = z.string().nullable().parse(row.member);
    return member === null ? [] : [member];
  });
  return { name: z.string().parse(first.name), members, full: members.length >= MAX_MEMBERS };
}

/** Joins the group an invite opens: refused when it opens none, is full, or has that name. */
export async function joinGroup(
  db: Database,
  input: { invite: string; name: string; today: string; result?: FriendResult | undefined },
): Promise<JoinOutcome> {
  const outcome = await refusedOr(() =>
    db.transaction(async (tx) => {
      // The group's row, locked: two joins at once cannot both take the 50th place.
      const groups = await tx.query(
        'SELECT id, name FROM friend_groups WHERE invite_hash = $1 FOR UPDATE',
        [secretHash(input.invite)],
      );
      if (!groups[0]) throw new Refusal('no such group');
      const group = groupRow.parse(groups[0]);
      const counted = await tx.query(
        'SELECT count(*)::integer AS n FROM friend_members WHERE group_id = $1',
        [group.id],
      );
      if (z.object({ n: z.number() }).parse(counted[0]).n >= MAX_MEMBERS) throw new Refusal('full');
      const member = await addMember(tx, {
        groupId: group.id,
        name: input.name,
        starter: false,
        today: input.today,
      });
      return { group, member, invite: input.invite };
    }),
  );
  if (typeof outcome !== 'string' && input.result)
    await addResults(db, [outcome.member.token], input.result, input.today);
  return outcome;
}

const memberAuthRow = z.object({
  id: z.string(),
  group_id: z.string(),
  secret_hash: z.string(),
  joined_on: z.string(),
  starter: z.boolean(),
});
type MemberAuth = z.infer<typeof memberAuthRow>;

/** The members of these ids, for their tokens' proof (`provenBy`). */
const MEMBER_ROWS = prepared(
  'friends-member-rows',
  `SELECT id, group_id, secret_hash, joined_on::text AS joined_on, starter
     FROM friend_members WHERE id = ANY($1::text[])`,
);
/**
 * A batch of results (`addResultBatch`), one prepared statement a step: their groups locked for
 * their key, then their members for their tallies, each in the order of their ids; the results
 * inserted, one a member a day; the tallies and streaks added; the groups' last day played moved
 * on where a result is later, those rows locked in id order.
 */
const LOCK_GROUPS = prepared(
  'friends-lock-groups',
  'SELECT id FROM friend_groups WHERE id = ANY($1::text[]) ORDER BY id FOR KEY SHARE',
);
const LOCK_MEMBERS = prepared(
  'friends-lock-members',
  `SELECT id, streak, streak_before, streak_day::text AS streak_day FROM friend_members
    WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE`,
);
const INSERT_RESULTS = prepared(
  'friends-insert-results',
  `INSERT INTO friend_results (member_id, group_id, day, puzzle_id, won, tries, grid)
   SELECT m.id, m.group_id, u.day::date, u.puzzle_id, u.won, u.tries, u.grid
     FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::integer[], $6::text[])
            AS u(member_id, day, puzzle_id, won, tries, grid)
     JOIN friend_members m ON m.id = u.member_id
   ON CONFLICT (member_id, day) DO NOTHING
   RETURNING member_id, day::text AS day`,
);
const ADD_TO_TALLIES = prepared(
  'friends-add-to-tallies',
  `UPDATE friend_members m
      SET played = m.played + u.played,
          wins = m.wins + u.wins,
          won_tries = m.won_tries + u.won_tries,
          streak = u.streak, streak_before = u.before, streak_day = u.day::date
     FROM unnest($1::text[], $2::integer[], $3::integer[], $4::integer[], $5::integer[],
                 $6::integer[], $7::text[])
            AS u(id, played, wins, won_tries, streak, before, day)
    WHERE m.id = u.id`,
);
const MOVE_LAST_PLAYED = prepared(
  'friends-move-last-played',
  `UPDATE friend_groups g SET last_played_on = u.day::date
     FROM unnest($1::text[], $2::text[]) AS u(id, day)
    WHERE g.id = u.id
      AND g.id IN (SELECT f.id FROM friend_groups f
                     JOIN unnest($1::text[], $2::text[]) AS v(id, day) ON f.id = v.id
                    WHERE f.last_played_on < v.day::date
                    ORDER BY f.id FOR NO KEY UPDATE OF f)`,
);

/** The rows of the members these tokens name, by id (proven or not: `provenBy` checks). */
async function memberRows(
  db: Queryable,
  tokens: readonly string[],
): Promise<Map<string, MemberAuth>> {
  const ids = tokens.flatMap((token) => tokenSecret(token)?.memberId ?? []);
  if (ids.length === 0) return new Map();
  const rows = await db.query(MEMBER_ROWS, [[...new Set(ids)]]);
  return new Map(rows.map((row) => memberAuthRow.parse(row)).map((row) => [row.id, row]));
}

/** Of these rows, the members these tokens prove (a token whose secret is wrong proves no one). */
function provenBy(rows: Map<string, MemberAuth>, tokens: readonly string[]): MemberAuth[] {
  const proven = new Map<string, MemberAuth>();
  for (const token of tokens) {
    const claim = tokenSecret(token);
    const member = claim && rows.get(claim.memberId);
    if (claim && member && sameHash(member.secret_hash, secretHash(claim.secret)))
      proven.set(member.id, member);
  }
  return [...proven.values()];
}

/** The members these tokens prove, by id. */
async function membersOf(
  db: Queryable,
  tokens: readonly string[],
): Promise<Map<string, MemberAuth>> {
  const proven = provenBy(await memberRows(db, tokens), tokens);
  return new Map(proven.map((member) => [member.id, member]));
}

/** The member a token proves, when they are in `groupId`; else null. */
export async function memberOf(
  db: Queryable,
  groupId: string,
  token: string,
): Promise<MemberAuth | null> {
  const [member] = (await membersOf(db, [token])).values();
  return member && member.group_id === groupId ? member : null;
}

/** A result row the batch's insert added (its RETURNING). */
const insertedRow = z.object({ member_id: z.string(), day: z.string() });
const streakRow = z.object({
  id: z.string(),
  streak: z.number().int(),
  streak_before: z.number().int(),
  streak_day: z.string().nullable(),
});

/** One player's finished daily, for the groups of the members its tokens prove. */
export interface ResultPost {
  tokens: readonly string[];
  result: FriendResult;
  /** Today (UTC) when it arrived. */
  today: string;
}

/** A result one member takes: a row of friend_results, and the post it came from. */
interface Taken {
  post: number;
  member: MemberAuth;
  result: FriendResult;
}

/**
 * A finished daily result, for the group of each member a token proves, keyed by group id. Stored
 * once a member a day (sent again: "already added"); a day before the member joined, or more
 * than RESULT_LATE_DAYS ago: "too late". Each member's tally and streak follow in the same
 * transaction, and each group's last day played.
 */
export async function addResults(
  db: Database,
  tokens: readonly string[],
  result: FriendResult,
  today: string,
): Promise<Record<string, ResultOutcome>> {
  const [outcomes = {}] = await addResultBatch(db, [{ tokens, result, today }]);
  return outcomes;
}

/**
 * Many posts' results in one transaction, one commit (the insert queue's friends lane, server/
 * insert-queue.ts: a rush of finished games is written in batches, as the crowd's results are):
 * each post's outcomes, in order, as `addResults` gives them for one.
 */
export async function addResultBatch(
  db: Database,
  posts: readonly ResultPost[],
): Promise<Record<string, ResultOutcome>[]> {
  const rows = await memberRows(
    db,
    posts.flatMap((post) => post.tokens),
  );
  const outcomes = posts.map((): Record<string, ResultOutcome> => ({}));
  const taking: Taken[] = [];
  posts.forEach((post, index) => {
    for (const member of provenBy(rows, post.tokens)) {
      const takes = takesResultOf(post.result.day, post.today, member.joined_on);
      (outcomes[index] ?? {})[member.group_id] = takes ? 'already added' : 'too late';
      if (takes) taking.push({ post: index, member, result: post.result });
    }
  });
  if (taking.length === 0) return outcomes;
  // One row a member a day: of the same result sent twice in one batch, the first is the one.
  const rowKey = (taken: Taken) => `${taken.member.id} ${taken.result.day}`;
  const firsts = [...new Map(taking.toReversed().map((taken) => [rowKey(taken), taken])).values()];
  await db.transaction(async (tx) => {
    // Rows are locked as every transaction here locks them: groups before members, each in
    // the order of their ids, so no two transactions wait for each other (server/
    // friends-process.test.ts). The groups first, for their key only (a result's row needs
    // its group to stay): a leave or removal, which locks its group before the member, waits
    // here instead of holding the member this transaction would then wait for.
    await tx.query(LOCK_GROUPS, [[...new Set(firsts.map((taken) => taken.member.group_id))]]);
    const locked = await tx.query(LOCK_MEMBERS, [
      [...new Set(firsts.map((taken) => taken.member.id))],
    ]);
    const inserted = await tx.query(INSERT_RESULTS, [
      firsts.map((taken) => taken.member.id),
      firsts.map((taken) => taken.result.day),
      firsts.map((taken) => taken.result.puzzleId),
      firsts.map((taken) => taken.result.won),
      firsts.map((taken) => taken.result.tries),
      firsts.map((taken) => taken.result.grid),
    ]);
    const added = new Set(
      inserted.map((row) => {
        const { member_id, day } = insertedRow.parse(row);
        return `${member_id} ${day}`;
      }),
    );
    const stored = firsts.filter((taken) => added.has(rowKey(taken)));
    if (stored.length > 0) {
      // Each member's tally and streak, their results taken in the order of their days.
      const next = new Map(
        locked.map((row) => {
          const parsed = streakRow.parse(row);
          const streak: StoredStreak = {
            streak: parsed.streak,
            before: parsed.streak_before,
            day: parsed.streak_day,
          };
          return [parsed.id, { tally: EMPTY_TALLY, streak }];
        }),
      );
      for (const taken of [...stored].sort((a, b) => a.result.day.localeCompare(b.result.day))) {
        const member = next.get(taken.member.id);
        if (!member) continue;
        const { won, tries } = taken.result;
        member.tally = {
          played: member.tally.played + 1,
          wins: member.tally.wins + (won ? 1 : 0),
          wonTries: member.tally.wonTries + (won ? tries : 0),
        };
        member.streak = nextStreak(member.streak, taken.result.day, won);
      }
      const changed = [...next].filter(([, member]) => member.tally.played > 0);
      await tx.query(ADD_TO_TALLIES, [
        changed.map(([id]) => id),
        changed.map(([, member]) => member.tally.played),
        changed.map(([, member]) => member.tally.wins),
        changed.map(([, member]) => member.tally.wonTries),
        changed.map(([, member]) => member.streak.streak),
        changed.map(([, member]) => member.streak.before),
        changed.map(([, member]) => member.streak.day),
      ]);
      // A group's last day played: the latest of its new results. Only the day's first result
      // moves it on; those rows locked in id order.
      const latest = new Map<string, string>();
      for (const taken of stored) {
        const group = taken.member.group_id;
        const day = latest.get(group);
        if (day === undefined || taken.result.day > day) latest.set(group, taken.result.day);
      }
      const groups = [...latest.keys()].sort();
      await tx.query(MOVE_LAST_PLAYED, [groups, groups.map((group) => latest.get(group))]);
    }
    for (const taken of stored) {
      const post = outcomes[taken.post];
      if (post) post[taken.member.group_id] = 'added';
    }
  });
  return outcomes;
}

/** A group's members in the order they joined, each with their results from $2 to $3, one row a
 * result (or one row with none). */
const GROUP_VIEW = prepared(
  'friends-group-view',
  `SELECT g.name AS group_name, m.id, m.name, m.secret_hash, m.starter, m.played, m.wins,
      m.won_tries, m.streak, m.streak_before, m.streak_day::text AS streak_day,
      r.day::text AS day, r.won, r.tries, r.grid
     FROM friend_groups g JOIN friend_members m ON m.group_id = g.id
     LEFT JOIN friend_results r
       ON r.member_id = m.id AND r.day >= $2::date AND r.day <= $3::date
    WHERE g.id = $1 ORDER BY m.joined_at, m.id`,
);

/** A member of the group with one of their results of the week, if any (a LEFT JOIN's row). */
const memberResultRow = z.object({
  group_name: z.string(),
  id: z.string(),
  name: z.string(),
  secret_hash: z.string(),
  starter: z.boolean(),
  played: z.number().int(),
  wins: z.number().int(),
  won_tries: z.number().int(),
  streak: z.number().int(),
  streak_before: z.number().int(),
  streak_day: z.string().nullable(),
  day: z.string().nullable(),
  won: z.boolean().nullable(),
  tries: z.number().int().nullable(),
  grid: z.string().nullable(),
});
type MemberResultRow = z.infer<typeof memberResultRow>;
interface WeekResult {
  day: string;
  won: boolean;
  tries: number;
  grid: string;
}

const add = (tally: Tally, won: boolean, tries: number, sign = 1): Tally => ({
  played: tally.played + sign,
  wins: tally.wins + (won ? sign : 0),
  wonTries: tally.wonTries + (won ? sign * tries : 0),
});

/**
 * A group's page data as the member a token proves sees it (null for anyone else): today's
 * results only once that member has finished today's puzzle, and until then the week's and all
 * time's tables and streaks as they stood before today (no spoilers).
 */
export async function groupView(
  db: Queryable,
  groupId: string,
  token: string,
  today: string,
): Promise<GroupView | null> {
  const claim = tokenSecret(token);
  if (!claim) return null;
  // One round trip: the members in the order they joined, each with their results of this week
  // (Monday to today), one row a result (or one row with none).
  const rows = (await db.query(GROUP_VIEW, [groupId, weekStart(today), today])).map((row) =>
    memberResultRow.parse(row),
  );
  const members = new Map<string, { member: MemberResultRow; results: WeekResult[] }>();
  for (const row of rows) {
    const entry = members.get(row.id) ?? { member: row, results: [] };
    members.set(row.id, entry);
    if (row.day !== null && row.won !== null && row.tries !== null && row.grid !== null)
      entry.results.push({ day: row.day, won: row.won, tries: row.tries, grid: row.grid });
  }
  const yours = members.get(claim.memberId);
  if (!yours || !sameHash(yours.member.secret_hash, secretHash(claim.secret))) return null;
  const you = yours.member;
  const revealed = yours.results.some((row) => row.day === today);
  return {
    group: { id: groupId, name: you.group_name },
    you: you.id,
    today,
    revealed,
    members: [...members.values()].map(({ member, results: own }) => {
      const todays = own.find((row) => row.day === today) ?? null;
      let week = EMPTY_TALLY;
      for (const row of own)
        if (revealed || row.day !== today) week = add(week, row.won, row.tries);
      let allTime: Tally = { played: member.played, wins: member.wins, wonTries: member.won_tries };
      if (todays && !revealed) allTime = add(allTime, todays.won, todays.tries, -1);
      const stored: StoredStreak = {
        streak: member.streak,
        before: member.streak_before,
        day: member.streak_day,
      };
      return {
        id: member.id,
        name: member.name,
        starter: member.starter,
        playedToday: todays !== null,
        today:
          todays && revealed ? { won: todays.won, tries: todays.tries, grid: todays.grid } : null,
        week,
        allTime,
        streak: streakOn(stored, today, !revealed),
      };
    }),
  };
}

export type MemberChange = 'done' | 'not a member' | 'not allowed' | 'name taken';

/** A member's new name, by themselves. */
export async function renameMember(
  db: Queryable,
  input: { groupId: string; memberId: string; token: string; name: string },
): Promise<MemberChange> {
  const actor = await memberOf(db, input.groupId, input.token);
  if (!actor) return 'not a member';
  if (actor.id !== input.memberId) return 'not allowed';
  try {
    await db.query('UPDATE friend_members SET name = $2 WHERE id = $1', [actor.id, input.name]);
  } catch (error) {
    if (isUniqueViolation(error)) return 'name taken';
    throw error;
  }
  return 'done';
}

/**
 * A member leaves (by themselves) or is removed (by the group's starter), with their results. A
 * starter who leaves passes the part to the longest-standing member; the last one to leave
 * deletes the group.
 */
export async function removeMember(
  db: Database,
  input: { groupId: string; memberId: string; token: string },
): Promise<'left' | 'removed' | 'not a member' | 'not allowed'> {
  const actor = await memberOf(db, input.groupId, input.token);
  if (!actor) return 'not a member';
  const self = actor.id === input.memberId;
  if (!self && !actor.starter) return 'not allowed';
  const gone = await db.transaction((tx) =>
    deleteMember(tx, input.groupId, 'id = $2', input.memberId),
  );
  if (!gone) return 'not a member';
  return self ? 'left' : 'removed';
}

/**
 * Deletes a group's member (found by `where` on $2) with their results, in one transaction: a
 * starter passes the part to the longest-standing member, and the last member takes the group.
 */
async function deleteMember(
  tx: Queryable,
  groupId: string,
  where: string,
  value: string,
): Promise<boolean> {
  await tx.query('SELECT id FROM friend_groups WHERE id = $1 FOR UPDATE', [groupId]);
  const gone = await tx.query(
    `DELETE FROM friend_members WHERE group_id = $1 AND ${where} RETURNING starter`,
    [groupId, value],
  );
  if (!gone[0]) return false;
  const left = await tx.query(
    'SELECT id FROM friend_members WHERE group_id = $1 ORDER BY joined_at, id LIMIT 1',
    [groupId],
  );
  if (!left[0]) await tx.query('DELETE FROM friend_groups WHERE id = $1', [groupId]);
  else if (z.object({ starter: z.boolean() }).parse(gone[0]).starter)
    await tx.query('UPDATE friend_members SET starter = true WHERE id = $1', [
      z.string().parse(left[0].id),
    ]);
  return true;
}

/** Deletes the groups no one has played in for GROUP_IDLE_DAYS days (their members and results go too). */
export async function deleteIdleGroups(db: Queryable, today: string): Promise<number> {
  const rows = await db.query(
    'DELETE FROM friend_groups WHERE last_played_on < $1::date RETURNING id',
    [addDays(today, -GROUP_IDLE_DAYS)],
  );
  return rows.length;
}

/** A group as the owner's tool lists it (no names of members, no secret). */
export interface GroupSummary {
  id: string;
  name: string;
  createdAt: string;
  lastPlayedOn: string;
  members: number;
  results: number;
}

export const groupSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastPlayedOn: z.string(),
  members: z.number().int(),
  results: z.number().int(),
});

const summaryRow = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.date(),
  last_played_on: z.string(),
  members: z.number().int(),
  results: z.number().int(),
});

export async function listGroups(db: Queryable): Promise<GroupSummary[]> {
  const rows = await db.query(
    `SELECT g.id, g.name, g.created_at, g.last_played_on::text AS last_played_on,
            (SELECT count(*)::integer FROM friend_members m WHERE m.group_id = g.id) AS members,
            (SELECT count(*)::integer FROM friend_results r WHERE r.group_id = g.id) AS results
       FROM friend_groups g ORDER BY g.created_at, g.id`,
  );
  return rows.map((row) => {
    const parsed = summaryRow.parse(row);
    return {
      id: parsed.id,
      name: parsed.name,
      createdAt: parsed.created_at.toISOString(),
      lastPlayedOn: parsed.last_played_on,
      members: parsed.members,
      results: parsed.results,
    };
  });
}

/** The owner deletes a group with its members and results; false when there is none. */
export async function deleteGroup(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM friend_groups WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** The owner forgets a member (by group and name) with their results; false when there is none. */
export async function forgetMember(db: Database, groupId: string, name: string): Promise<boolean> {
  return db.transaction((tx) => deleteMember(tx, groupId, 'lower(name) = lower($2)', name));
}

/** Days since a group was last played in (for the owner's list). */
export const idleDays = (summary: GroupSummary, today: string): number =>
  daysBetween(summary.lastPlayedOn, today);
