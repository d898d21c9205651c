import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type Database } from './db/database';
import { PassThrough, type Readable } from 'node:stream';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  BackupError,
  NotEmptyError,
  backupText,
  prepareBatchedRestore,
  writeBackupTo,
} from './db/backup';
import { INBOX_KINDS, forgetSender, getInboxEntry, listInbox, markHandled } from './db/inbox-store';
import { categoryMistakes, resultTallies, resultsNotCounted } from './db/results-store';
import { deleteGroup, forgetMember, listGroups } from './db/friends-store';
import { deleteReminder } from './db/reminders-store';

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
 *                                             database is not empty and replace is not given;
 *                                             else JSON lines: progress, then the summary
 *   POST /api/owner/forget                    {"email"}: deletes everything sent from it
 *   POST /api/owner/forget-reminder           {"endpoint"}: deletes that daily reminder
 */
/** A restore through the server may take this long (its own limit, not the requests' 30 s). */
export const RESTORE_TIME_LIMIT_MS = 60 * 60 * 1000;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

const params = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.coerce.number().int().positive().optional(),
});
const query = z.object({ unhandled: z.enum(['true', 'false', '1', '0']).optional() });
const restoreQuery = z.object({ replace: z.enum(['true', 'false']).optional() });
const forgetBody = z.object({ email: z.string().trim().min(1).max(320) });
const forgetReminderBody = z.object({ endpoint: z.string().trim().min(1).max(2000) });
const forgetMemberBody = z.object({
  group: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
});
const groupParams = z.object({ id: z.string().min(1).max(64) });

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function isFromThisMachine(request: FastifyRequest): boolean {
  const { remoteAddress, localAddress } = request.raw.socket;
  if (!remoteAddress) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK.test(remoteAddress) || remoteAddress === localAddress;
}

/** A connection's idle limit (a test's injected request has no real socket to set). */
function setIdleLimit(request: FastifyRequest, ms: number): void {
  const socket: Partial<Pick<Socket, 'setTimeout'>> = request.raw.socket;
  socket.setTimeout?.(ms);
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

  // A restore of any size: the upload is kept in a file of its own first (so the request is read
  // whole at once, well within the server's request time limit), checked whole, then restored in
  // batches with posts stored in between (prepareBatchedRestore), under a time limit of its own.
  // The answer is JSON lines: progress while it runs, then {"restored": summary} or {"error"}.
  app.post('/restore', async (request, reply) => {
    const q = restoreQuery.safeParse(request.query);
    if (!q.success) return notFound(reply);
    const folder = await mkdtemp(join(tmpdir(), 'linchpin-restore-'));
    const file = join(folder, 'upload.backup.gz');
    const cleanUp = () => rm(folder, { recursive: true, force: true });
    let restore: Awaited<ReturnType<typeof prepareBatchedRestore>>;
    try {
      await pipeline(request.body as Readable, createWriteStream(file, { mode: 0o600 }));
      // The socket's idle limit would end a long restore's connection: its own limit instead.
      setIdleLimit(request, RESTORE_TIME_LIMIT_MS);
      restore = await prepareBatchedRestore(db, () => backupText(createReadStream(file)), {
        replace: q.data.replace === 'true',
      });
    } catch (error) {
      await cleanUp();
      if (error instanceof NotEmptyError)
        return reply.code(409).send({ error: error.message, counts: error.counts });
      if (error instanceof BackupError) return reply.code(400).send({ error: error.message });
      throw error;
    }
    const lines = new PassThrough();
    const total = Object.values(restore.summary.counts).reduce((sum, count) => sum + count, 0);
    let lastProgress = 0;
    void restore
      .run((rows) => {
        if (Date.now() - lastProgress < 1000) return;
        lastProgress = Date.now();
        lines.write(`${JSON.stringify({ progress: { rows, of: total } })}\n`);
      }, AbortSignal.timeout(RESTORE_TIME_LIMIT_MS))
      .then(
        (result) => lines.end(`${JSON.stringify({ restored: result.summary })}\n`),
        (error: unknown) => {
          request.log.error({ err: error }, 'restore failed');
          const timedOut = error instanceof Error && error.name === 'TimeoutError';
          lines.end(
            `${JSON.stringify({
              error: timedOut
                ? `The restore took longer than ${RESTORE_TIME_LIMIT_MS / 60_000} minutes and was stopped; what it restored stays. Stop the server and restore with --replace.`
                : `The restore stopped half-way (${error instanceof Error ? error.message : String(error)}); what it restored stays. Restore again with --replace.`,
            })}\n`,
          );
        },
      )
      .finally(() => {
        setIdleLimit(request, app.server.timeout);
        void cleanUp();
      });
    return reply.type('application/x-ndjson').send(lines);
  });

  app.post('/forget', async (request, reply) => {
    const body = forgetBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'Give the email address to forget.' });
    return forgetSender(db, body.data.email);
  });

  app.post('/forget-reminder', async (request, reply) => {
    const body = forgetReminderBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'Give the endpoint to forget.' });
    return { deleted: await deleteReminder(db, body.data.endpoint) };
  });

  // Groups of friends (cli/owner/friend-groups.ts).
  app.get('/groups', () => listGroups(db));
  app.post('/groups/:id/delete', async (request, reply) => {
    const p = groupParams.safeParse(request.params);
    if (!p.success || !(await deleteGroup(db, p.data.id))) return notFound(reply);
    return { deleted: p.data.id };
  });
  app.post('/forget-member', async (request, reply) => {
    const body = forgetMemberBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'Give the group and the name.' });
    if (!(await forgetMember(db, body.data.group, body.data.name))) return notFound(reply);
    return { forgotten: body.data.name };
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
