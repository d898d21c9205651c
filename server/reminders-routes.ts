import { type FastifyInstance, type FastifyReply } from 'fastify';
import type * as z from 'zod/mini';
import { utcDate } from '../core/dates';
import {
  REMINDER_BODY_LIMIT,
  REMINDER_ERRORS,
  reminderDeleteSchema,
  reminderFinishedSchema,
  reminderProblem,
  reminderSettingsSchema,
} from '../core/reminders';
import { type Database } from './db/database';
import { deleteReminder, knownTimeZone, markFinished, saveReminder } from './db/reminders-store';
import { namedRateLimit } from './rate-limits';
import { requireJson } from './results-routes';
import { type Vapid } from './db/vapid-keys';

/**
 * Daily reminders (docs/server.md "Daily reminders"), JSON in and out, never cached (every /api/
 * answer is `no-store`, server/app.ts), counted by a rate limit of their own (`reminders`):
 *   GET  /api/reminders/key       200 { publicKey }   (503 { error: "remindersUnavailable" })
 *   PUT  /api/reminders           turn on, change, renew          204
 *   POST /api/reminders/finished  today's daily finished here     204 (404 { error: "noSuchReminder" })
 *   POST /api/reminders/delete    turn off, forget                204 whether or not it existed
 * A malformed body: 400 { error: <code> } (core/reminders.ts REMINDER_ERRORS).
 */

export interface RemindersOptions {
  db: Database;
  /** The server's VAPID key pair; rejects when there is none. */
  vapid: () => Promise<Vapid>;
  now: () => number;
  rateLimit: { max: number; windowMs: number };
}

function badRequest(reply: FastifyReply, error: z.core.$ZodError) {
  return reply.code(400).send({ error: reminderProblem(error) });
}

export function registerRemindersRoutes(app: FastifyInstance, options: RemindersOptions): void {
  const { db, now } = options;
  const limit = namedRateLimit(app, { name: 'reminders', ...options.rateLimit });
  const json = requireJson('Please send it as JSON.');
  const posts = { bodyLimit: REMINDER_BODY_LIMIT, onRequest: [limit, json] };

  app.get('/api/reminders/key', {
    onRequest: [limit],
    handler: async (request, reply) => {
      try {
        const { publicKey } = await options.vapid();
        return reply.send({ publicKey });
      } catch (error) {
        request.log.error({ err: error }, 'reminders: no VAPID key');
        return reply.code(503).send({ error: REMINDER_ERRORS.unavailable });
      }
    },
  });

  app.put('/api/reminders', {
    ...posts,
    handler: async (request, reply) => {
      const parsed = reminderSettingsSchema.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, parsed.error);
      const settings = parsed.data;
      if (settings.finishedDay !== null && settings.finishedDay > utcDate(now()))
        return reply.code(400).send({ error: REMINDER_ERRORS.badDay });
      // The sender reads the zone with PostgreSQL's time zone data: it must know it too.
      if (!(await knownTimeZone(db, settings.timeZone)))
        return reply.code(400).send({ error: REMINDER_ERRORS.badTimeZone });
      await saveReminder(db, settings);
      return reply.code(204).send();
    },
  });

  app.post('/api/reminders/finished', {
    ...posts,
    handler: async (request, reply) => {
      const parsed = reminderFinishedSchema.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, parsed.error);
      // "Today" is the UTC day (the product decisions: docs/product-decisions.md); a day after it is refused.
      if (parsed.data.day > utcDate(now()))
        return reply.code(400).send({ error: REMINDER_ERRORS.badDay });
      const found = await markFinished(db, parsed.data.endpoint, parsed.data.day);
      if (!found) return reply.code(404).send({ error: REMINDER_ERRORS.noSuchReminder });
      return reply.code(204).send();
    },
  });

  app.post('/api/reminders/delete', {
    ...posts,
    handler: async (request, reply) => {
      const parsed = reminderDeleteSchema.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, parsed.error);
      await deleteReminder(db, parsed.data.endpoint);
      return reply.code(204).send();
    },
  });
}
