import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type Database } from './db/database';
import { PassThrough, type Readable } from 'node:stream';
import { BackupError, NotEmptyError, backupText, restoreBackup, writeBackupTo } from './db/backup';
import { INBOX_KINDS, forgetSender, getInboxEntry, listInbox, markHandled } from './db/inbox-store';
import { categoryMistakes, resultTallies, resultsNotCounted } from './db/results-store';

/**
 * The owner's tool reaches the embedded database through these while the server holds the data
 * folder. Only for requests from this machine that carry the token the server keeps in the data
 * folder, and never for requests a proxy forwarded; anything else is answered 404 as if they did
 * not exist.
 *   GET  /api/owner/ping
 *   GET  /api/owner/:kind?unhandled=true      kind = messages | submissions
 *   GET  /api/owner/:kind/:id
 *   POST /api/owner/:kind/:id/handle
 *   GET  /api/owner/puzzle-stats              the crowd's results of every puzzle (resultTallies)
 *   GET  /api/owner/results-not-counted       results over their address's limit, by puzzle
 *   GET  /api/owner/category-mistakes         wrong tries that missed each category, by puzzle
 *   GET  /api/owner/backup                    a backup (server/db/backup.ts), gzip, streamed
 *   POST /api/owner/restore?replace=true      a backup's bytes in; 409 with the counts when the
 *                                             database is not empty and replace is not given
 *   POST /api/owner/forget                    {"email"}: deletes everything sent from it
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

const params = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.coerce.number().int().positive().optional(),
});
const query = z.object({ unhandled: z.enum(['true', 'false', '1', '0']).optional() });
const restoreQuery = z.object({ replace: z.enum(['true', 'false']).optional() });
const forgetBody = z.object({ email: z.string().trim().min(1).max(320) });

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function isFromThisMachine(request: FastifyRequest): boolean {
  const { remoteAddress, localAddress } = request.raw.socket;
  if (!remoteAddress) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK.test(remoteAddress) || remoteAddress === localAddress;
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ error: 'Not found.' });
}

export function ownerRoutes(
  app: FastifyInstance,
  options: { db: Database; token: string },
  done: () => void,
): void {
  const expected = digest(`Bearer ${options.token}`);
  const { db } = options;

  app.addHook('onRequest', (request, reply, next) => {
    const given = digest(request.headers.authorization ?? '');
    if (!isFromThisMachine(request) || !timingSafeEqual(given, expected)) {
      void notFound(reply);
      return;
    }
    reply.header('Cache-Control', 'no-store');
    next();
  });

  app.get('/ping', () => ({ ok: true }));

  app.get('/puzzle-stats', () => resultTallies(db, null));
  app.get('/results-not-counted', () => resultsNotCounted(db));
  app.get('/category-mistakes', () => categoryMistakes(db));

  app.get('/backup', (request, reply) => {
    const body = new PassThrough();
    writeBackupTo(db, body).catch((error: unknown) => {
      request.log.error({ err: error }, 'backup failed');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply.type('application/gzip').send(body);
  });

  // A backup's bytes arrive as a stream, of any size (the forms' body limit is not for this).
  app.addContentTypeParser('application/gzip', (_request, payload, done) => done(null, payload));

  app.post('/restore', async (request, reply) => {
    const q = restoreQuery.safeParse(request.query);
    if (!q.success) return notFound(reply);
    try {
      const summary = await restoreBackup(db, backupText(request.body as Readable), {
        replace: q.data.replace === 'true',
      });
      return summary;
    } catch (error) {
      if (error instanceof NotEmptyError)
        return reply.code(409).send({ error: error.message, counts: error.counts });
      if (error instanceof BackupError) return reply.code(400).send({ error: error.message });
      throw error;
    }
  });

  app.post('/forget', async (request, reply) => {
    const body = forgetBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'Give the email address to forget.' });
    return forgetSender(db, body.data.email);
  });

  app.get('/:kind', async (request, reply) => {
    const p = params.safeParse(request.params);
    const q = query.safeParse(request.query);
    if (!p.success || !q.success) return notFound(reply);
    const unhandled = q.data.unhandled === 'true' || q.data.unhandled === '1';
    return listInbox(db, p.data.kind, { unhandled });
  });

  app.get('/:kind/:id', async (request, reply) => {
    const p = params.safeParse(request.params);
    if (!p.success || p.data.id === undefined) return notFound(reply);
    return (await getInboxEntry(db, p.data.kind, p.data.id)) ?? notFound(reply);
  });

  app.post('/:kind/:id/handle', async (request, reply) => {
    const p = params.safeParse(request.params);
    if (!p.success || p.data.id === undefined) return notFound(reply);
    return (await markHandled(db, p.data.kind, p.data.id)) ?? notFound(reply);
  });
  done();
}
