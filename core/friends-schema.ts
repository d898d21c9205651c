import * as z from 'zod/mini';
import { isIsoDate } from './dates';
import { MAX_TRIES } from './game/difficulty';
import { PUZZLE_ID_PATTERN } from './puzzle';
import {
  checkName,
  GRID_ROW,
  GROUP_NAME_MAX,
  ID_PATTERN,
  INVITE_PATTERN,
  MAX_GROUPS_PER_DEVICE,
  MAX_MEMBERS,
  MEMBER_NAME_MAX,
  resultProblem,
  TOKEN_PATTERN,
  type FriendResult,
  type Tally,
} from './friends';

/**
 * The one schema of everything "Play with friends" sends and keeps (core/friends.ts): what the
 * browser posts and the server checks, what the server answers and the browser reads, and what
 * the browser stores. zod/mini, so the browser's copy stays small; loaded only with the feature.
 */

/** Field labels, as the forms name them: a problem with a name says which. */
export const GROUP_NAME_LABEL = 'Group name';
export const MEMBER_NAME_LABEL = 'Your name';

const name = (max: number, label: string) =>
  z.string().check(
    z.maxLength(max * 4),
    z.trim(),
    z.superRefine((value, context) => {
      const checked = checkName(value, max, label);
      if (!checked.ok)
        context.issues.push({ code: 'custom', message: checked.message, input: value });
    }),
  );

export const groupNameSchema = name(GROUP_NAME_MAX, GROUP_NAME_LABEL);
export const memberNameSchema = name(MEMBER_NAME_MAX, MEMBER_NAME_LABEL);
export const idSchema = z.string().check(z.regex(ID_PATTERN));
export const inviteSchema = z.string().check(z.regex(INVITE_PATTERN));
export const tokenSchema = z.string().check(z.regex(TOKEN_PATTERN));
const day = z.string().check(z.refine(isIsoDate, 'a day, YYYY-MM-DD'));
const tries = z.int().check(z.minimum(1), z.maximum(MAX_TRIES));
const grid = z.string().check(z.maxLength(MAX_TRIES * GRID_ROW), z.regex(/^[0-3]*$/));

const fits = z.superRefine((result: Pick<FriendResult, 'won' | 'tries' | 'grid'>, context) => {
  const problem = resultProblem(result);
  if (problem) context.issues.push({ code: 'custom', message: problem, input: result });
});

export const friendResultSchema: z.ZodMiniType<FriendResult> = z
  .strictObject({
    day,
    puzzleId: z.string().check(z.maxLength(40), z.regex(PUZZLE_ID_PATTERN)),
    won: z.boolean(),
    tries,
    grid,
  })
  .check(fits);

/** POST /api/friends/groups: start a group. */
export const startGroupSchema = z.strictObject({
  groupName: groupNameSchema,
  name: memberNameSchema,
  result: z.optional(friendResultSchema),
});
export type StartGroup = z.infer<typeof startGroupSchema>;

/** POST /api/friends/members: join a group by its invite code. */
export const joinGroupSchema = z.strictObject({
  invite: inviteSchema,
  name: memberNameSchema,
  result: z.optional(friendResultSchema),
});
export type JoinGroup = z.infer<typeof joinGroupSchema>;

/** PATCH /api/friends/groups/:id/members/:id: a member's new name. */
export const renameSchema = z.strictObject({ name: memberNameSchema });

/** POST /api/friends/results: a finished daily puzzle, for each of the device's groups. */
export const postResultSchema = z.strictObject({
  result: friendResultSchema,
  members: z.array(tokenSchema).check(z.minLength(1), z.maxLength(MAX_GROUPS_PER_DEVICE)),
});
export type PostResult = z.infer<typeof postResultSchema>;

/** What became of a result in one group. */
export const RESULT_OUTCOMES = ['added', 'already added', 'too late', 'not a member'] as const;
export type ResultOutcome = (typeof RESULT_OUTCOMES)[number];
export const postResultAnswerSchema = z.object({
  groups: z.record(z.string(), z.enum(RESULT_OUTCOMES)),
});

/** A group joined or started: what the browser keeps (its invite link, the member's token). */
export const joinedSchema = z.object({
  group: z.object({ id: idSchema, name: z.string() }),
  member: z.object({ id: idSchema, token: tokenSchema }),
  invite: inviteSchema,
});
export type Joined = z.infer<typeof joinedSchema>;

/** GET /api/friends/invite: who is in the group an invite opens. */
export const invitePreviewSchema = z.object({
  name: z.string(),
  members: z.array(z.string()).check(z.maxLength(MAX_MEMBERS)),
  full: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

const count = z.int().check(z.minimum(0));
const tallySchema: z.ZodMiniType<Tally> = z.object({ played: count, wins: count, wonTries: count });

/** Today's result of a member as the viewer may see it: how, only once the viewer has finished. */
const shownResult = z.object({ won: z.boolean(), tries, grid });

export const memberViewSchema = z.object({
  id: idSchema,
  name: z.string(),
  starter: z.boolean(),
  playedToday: z.boolean(),
  /** Null until the viewer has finished today's puzzle (no spoilers), or when not played. */
  today: z.nullable(shownResult),
  week: tallySchema,
  allTime: tallySchema,
  streak: count,
});
export type MemberView = z.infer<typeof memberViewSchema>;

/** GET /api/friends/groups/:id: a group's page data, as its member `you` may see it. */
export const groupViewSchema = z.object({
  group: z.object({ id: idSchema, name: z.string() }),
  you: idSchema,
  /** The server's UTC day. */
  today: day,
  /** The viewer has finished today's puzzle: results of today are shown and counted. */
  revealed: z.boolean(),
  members: z.array(memberViewSchema).check(z.maxLength(MAX_MEMBERS)),
});
export type GroupView = z.infer<typeof groupViewSchema>;

/** The device's groups, as stored (core/stored-items.ts `friendGroups`). */
export const storedGroupSchema = z.object({
  id: idSchema,
  name: z.string(),
  memberId: idSchema,
  token: tokenSchema,
  invite: inviteSchema,
});
export type StoredGroup = z.infer<typeof storedGroupSchema>;
export const storedGroupsSchema = z
  .array(storedGroupSchema)
  .check(z.maxLength(MAX_GROUPS_PER_DEVICE));

/** Today's finished result, kept until every group has it (`friendResult`). */
export const storedResultSchema = z.object({
  result: friendResultSchema,
  /** The groups (ids) that have it. */
  sentTo: z.array(idSchema),
});
export type StoredResult = z.infer<typeof storedResultSchema>;

/** The last table seen of each group, with when, for offline (`friendViews`). */
export const storedViewSchema = z.object({ at: z.number(), view: groupViewSchema });
export type StoredView = z.infer<typeof storedViewSchema>;
export const storedViewsSchema = z.record(z.string(), storedViewSchema);

/** A problem in words: the field and the first message (for an answer or a form). */
export function firstProblem(error: z.core.$ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return {
    field: issue?.path.map(String)[0] ?? '',
    message: issue?.message ?? 'This is not valid.',
  };
}
