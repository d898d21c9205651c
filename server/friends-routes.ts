import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { utcDate } from '../core/dates';
import { MAX_MEMBERS, type FriendResult } from '../core/friends';
import {
  firstProblem,
  idSchema,
  inviteSchema,
  joinGroupSchema,
  postResultSchema,
  renameSchema,
  startGroupSchema,
  tokenSchema,
} from '../core/friends-schema';
import { type ServerCatalogue } from './catalogue';
import { type Database } from './db/database';
import {
  groupView,
  invitePreview,
  joinGroup,
  removeMember,
  renameMember,
  startGroup,
} from './db/friends-store';
import { BUSY_RETRY_AFTER_S } from './form-routes';
import { QueueFullError, type InsertQueue } from './insert-queue';
import { namedRateLimit } from './rate-limits';
import { onceASecond, requireJson } from './results-routes';

/**
 * "Play with friends" (docs/server.md "Play with friends"), JSON in and out, never kept by a shared
 * cache (every /api/ answer is `no-store`, server/app.ts). A member's token travels in the
 * `Authorization: Bearer <token>` header, an invite code in `Authorization: Bearer <code>` on
 * GET /api/friends/invite: neither is ever part of an address (nor of a log line).
 *   POST   /api/friends/groups                       start one     201 { group, member, invite }
 *   GET    /api/friends/invite                       who is in it  200 { name, members, full }
 *   POST   /api/friends/members                      join one      201 { group, member, invite }
 *   GET    /api/friends/groups/:group                its page data 200 GroupView
 *   POST   /api/friends/results                      today's result, to each of a device's groups
 *                                                    200 { groups: { <id>: outcome } }
 *   PATCH  /api/friends/groups/:group/members/:member  rename       200 { status: "renamed" }
 *   DELETE /api/friends/groups/:group/members/:member  leave/remove 200 { status: "left" | "removed" }
 * Errors: 400 malformed, 401 no such member (or not theirs), 403 not allowed (only the starter
 * removes others), 404 no such group or invite, 409 a name already taken or a full group, 413,
 * 415, 429 and 503 as for every post.
 */
export const FRIENDS_BODY_LIMIT = 1024;

export const FRIENDS_MESSAGES = {
  noSuchInvite:
    'This invite link does not open any group: it may be mistyped, cut short or changed, or the group was deleted. Ask for the link again.',
  notAMember: 'You are not in this group (any more).',
  notAllowed: 'Only the member who started this group can remove others.',
  nameTaken: 'Someone in this group already has that name. Please choose another.',
  full: `This group is full: a group has at most ${MAX_MEMBERS} members.`,
  noSuchPuzzle: 'There is no such puzzle out yet.',
  busy: 'Too many results are arriving just now. Yours will be sent again in a moment.',
} as const;

export interface FriendsOptions {
  db: Database;
  /** Results for groups are written in batches, as the crowd's are (server/insert-queue.ts). */
  queue: InsertQueue;
  catalogue: ServerCatalogue;
  now: () => number;
  /** Group starts and joins per client address (the `groups` limit). */
  groupsRateLimit: { max: number; windowMs: number };
  /** Everything else a member sends (the `friends` limit). */
  rateLimit: { max: number; windowMs: number };
}

/** The bearer credential of a request, or null. */
function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (\S+)$/.exec(header);
  return match?.[1] ?? null;
}

function badRequest(reply: FastifyReply, error: z.core.$ZodError) {
  const problem = firstProblem(error);
  return reply.code(400).send({
    error: problem.message,
    fields: problem.field ? { [problem.field]: problem.message } : {},
  });
}

/** The result's puzzle must be out on the day it was played, and that day come. */
function resultFits(result: FriendResult | undefined, catalogue: ServerCatalogue, today: string) {
  if (!result) return true;
  return result.day <= today && catalogue.released(result.puzzleId, result.day) !== null;
}

export function registerFriendsRoutes(app: FastifyInstance, options: FriendsOptions): void {
  const { db, queue, catalogue, now } = options;
  const busyLog = onceASecond();
  const groupsLimit = namedRateLimit(app, { name: 'groups', ...options.groupsRateLimit });
  const friendsLimit = namedRateLimit(app, { name: 'friends', ...options.rateLimit });
  // A group's page, asked on every return to it and once a minute while open: the same numbers,
  // counted in each process, as a count in the database cost more than the page (docs/server.md).
  const readsLimit = namedRateLimit(app, {
    name: 'friends-reads',
    ...options.rateLimit,
    perProcess: true,
  });
  const today = () => utcDate(now());
  const posts = { bodyLimit: FRIENDS_BODY_LIMIT };
  const json = requireJson('Please send it as JSON.');

  app.post('/api/friends/groups', {
    ...posts,
    onRequest: [groupsLimit, json],
    handler: async (request, reply) => {
      const parsed = startGroupSchema.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, parsed.error);
      const day = today();
      const { result } = parsed.data;
      if (!resultFits(result, catalogue, day))
        return reply.code(404).send({ error: FRIENDS_MESSAGES.noSuchPuzzle });
      const joined = await startGroup(db, { ...parsed.data, today: day, result });
      return reply.code(201).send(joined);
    },
  });

  app.get('/api/friends/invite', {
    onRequest: [friendsLimit],
    handler: async (request, reply) => {
      const invite = inviteSchema.safeParse(bearer(request));
      const preview = invite.success ? await invitePreview(db, invite.data) : null;
      if (!preview) return reply.code(404).send({ error: FRIENDS_MESSAGES.noSuchInvite });
      return reply.send(preview);
    },
  });

  app.post('/api/friends/members', {
    ...posts,
    onRequest: [groupsLimit, json],
    handler: async (request, reply) => {
      const parsed = joinGroupSchema.safeParse(request.body);
      if (!parsed.success) {
        // A guessed or altered code is said as such, not as a malformed field.
        const problem = firstProblem(parsed.error);
        if (problem.field === 'invite')
          return reply.code(404).send({ error: FRIENDS_MESSAGES.noSuchInvite });
        return badRequest(reply, parsed.error);
      }
      const day = today();
      const { result } = parsed.data;
      if (!resultFits(result, catalogue, day))
        return reply.code(404).send({ error: FRIENDS_MESSAGES.noSuchPuzzle });
      const outcome = await joinGroup(db, { ...parsed.data, today: day, result });
      if (outcome === 'no such group')
        return reply.code(404).send({ error: FRIENDS_MESSAGES.noSuchInvite });
      if (outcome === 'full') return reply.code(409).send({ error: FRIENDS_MESSAGES.full });
      if (outcome === 'name taken')
        return reply.code(409).send({
          error: FRIENDS_MESSAGES.nameTaken,
          fields: { name: FRIENDS_MESSAGES.nameTaken },
        });
      return reply.code(201).send(outcome);
    },
  });

  app.get<{ Params: { group: string } }>('/api/friends/groups/:group', {
    onRequest: [readsLimit],
    handler: async (request, reply) => {
      const group = idSchema.safeParse(request.params.group);
      const token = tokenSchema.safeParse(bearer(request));
      const view =
        group.success && token.success
          ? await groupView(db, group.data, token.data, today())
          : null;
      if (!view) return reply.code(401).send({ error: FRIENDS_MESSAGES.notAMember });
      return reply.send(view);
    },
  });

  app.post('/api/friends/results', {
    ...posts,
    onRequest: [friendsLimit, json],
    handler: async (request, reply) => {
      const parsed = postResultSchema.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, parsed.error);
      const day = today();
      const { result, members } = parsed.data;
      if (!resultFits(result, catalogue, day))
        return reply.code(404).send({ error: FRIENDS_MESSAGES.noSuchPuzzle });
      try {
        const groups = await queue.insertFriendResult({
          tokens: [...new Set(members)],
          result,
          today: day,
        });
        return reply.send({ groups });
      } catch (error) {
        if (!(error instanceof QueueFullError)) throw error;
        busyLog.warn(request, 'results queue full: a result for groups answered 503');
        return reply
          .code(503)
          .header('Retry-After', String(BUSY_RETRY_AFTER_S))
          .send({ error: FRIENDS_MESSAGES.busy });
      }
    },
  });

  app.patch<{ Params: { group: string; member: string } }>(
    '/api/friends/groups/:group/members/:member',
    {
      ...posts,
      onRequest: [friendsLimit, json],
      handler: async (request, reply) => {
        const parsed = renameSchema.safeParse(request.body);
        if (!parsed.success) return badRequest(reply, parsed.error);
        const outcome = await memberChange(request, (ids, token) =>
          renameMember(db, { ...ids, token, name: parsed.data.name }),
        );
        if (outcome === 'done') return reply.send({ status: 'renamed' });
        if (outcome === 'name taken')
          return reply.code(409).send({
            error: FRIENDS_MESSAGES.nameTaken,
            fields: { name: FRIENDS_MESSAGES.nameTaken },
          });
        return refuseChange(reply, outcome);
      },
    },
  );

  app.delete<{ Params: { group: string; member: string } }>(
    '/api/friends/groups/:group/members/:member',
    {
      onRequest: [friendsLimit],
      handler: async (request, reply) => {
        const outcome = await memberChange(request, (ids, token) =>
          removeMember(db, { ...ids, token }),
        );
        if (outcome === 'left' || outcome === 'removed') return reply.send({ status: outcome });
        return refuseChange(reply, outcome);
      },
    },
  );
}

/** The ids of a member's address and the caller's token, checked; 'not a member' when malformed. */
async function memberChange<T>(
  request: FastifyRequest<{ Params: { group: string; member: string } }>,
  change: (ids: { groupId: string; memberId: string }, token: string) => Promise<T>,
): Promise<T | 'not a member'> {
  const group = idSchema.safeParse(request.params.group);
  const member = idSchema.safeParse(request.params.member);
  const token = tokenSchema.safeParse(bearer(request));
  if (!group.success || !member.success || !token.success) return 'not a member';
  return change({ groupId: group.data, memberId: member.data }, token.data);
}

function refuseChange(reply: FastifyReply, outcome: 'not a member' | 'not allowed') {
  return outcome === 'not allowed'
    ? reply.code(403).send({ error: FRIENDS_MESSAGES.notAllowed })
    : reply.code(401).send({ error: FRIENDS_MESSAGES.notAMember });
}
