import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type Database } from './db/database';
import { INBOX_KINDS, getInboxEntry, listInbox, markHandled } from './db/inbox-store';
import { resultTallies, resultsNotCounted } from './db/results-store';

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
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

const params = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.coerce.number().int().positive().optional(),
});
const query = z.object({ unhandled: z.enum(['true', 'false', '1', '0']).optional() });

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
