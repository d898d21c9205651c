import { type FastifyInstance } from 'fastify';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { type Database } from './db/database';
import { testConfig } from './testing/fixture-site';
import { PREPARE_TIMEOUT_MS, embeddedTestDatabases } from './testing/test-databases';

/**
 * A slow client cannot hold a connection for ever: headers that never finish, a body that never
 * finishes and a connection that sends nothing are each cut off (the limits shortened here).
 */
const databases = embeddedTestDatabases();
let db: Database;
let app: FastifyInstance;
let port = 0;

beforeAll(async () => {
  await databases.prepare();
  db = await databases.fresh();
  app = createApp({
    db,
    config: testConfig(),
    logger: false,
    timeouts: { requestMs: 600, headersMs: 400, idleMs: 1500, checkEveryMs: 100 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
}, PREPARE_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
  await db.close();
  await databases.dispose();
});

/** Opens a connection and reports what the server said and when it closed it (or 'open'). */
async function slowClient(send: (socket: Socket) => void, waitMs = 5000) {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => {});
  const started = Date.now();
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(Date.now() - started)),
  );
  send(socket);
  const result = await Promise.race([
    closed,
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), waitMs)),
  ]);
  socket.destroy();
  return { after: result, answer };
}

describe('time limits on connections', () => {
  it('closes a connection whose headers arrive slowly and never finish', async () => {
    const { after, answer } = await slowClient((socket) => {
      socket.write('POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
      socket.once('close', () => clearInterval(drip));
    });
    expect(after).not.toBe('open');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose body never finishes', async () => {
    const { after, answer } = await slowClient((socket) => {
      socket.write(
        'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"name":',
      );
    });
    expect(after).not.toBe('open');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that sends nothing', async () => {
    const { after } = await slowClient(() => {});
    expect(after).not.toBe('open');
  });
});
