import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pushWorker, type PushJob, type PushWorker } from './push-worker';

let server: Server | undefined;
let worker: PushWorker | undefined;
afterEach(async () => {
  await worker?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A push service on loopback: what it received, and the answer it gives. */
async function pushService(answer: (request: IncomingMessage) => number | null) {
  const received: { headers: IncomingMessage['headers']; bytes: number }[] = [];
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, bytes: Buffer.concat(chunks).length });
      const status = answer(request);
      if (status === null) return; // no answer at all
      response.writeHead(status, status === 429 ? { 'retry-after': '7' } : {});
      response.end();
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

function job(endpoint: string, overrides: Partial<Omit<PushJob, 'id'>> = {}): Omit<PushJob, 'id'> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
    payload: '{"title":"Today"}',
    authorization: 'vapid t=token, k=key',
    ttlSeconds: 60,
    topic: 'linchpin-reminder',
    timeoutMs: 2000,
    ...overrides,
  };
}

describe('the push worker', () => {
  it('makes and posts each message, encrypted, with the headers the sender gave', async () => {
    const service = await pushService(() => 201);
    const pusher = pushWorker(4);
    worker = pusher;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => pusher.push(job(`${service.url}/push/${index}`))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(service.received).toHaveLength(20);
    const first = service.received[0];
    expect(first?.headers['content-encoding']).toBe('aes128gcm');
    expect(first?.headers.authorization).toBe('vapid t=token, k=key');
    expect(first?.headers.ttl).toBe('60');
    expect(first?.headers.topic).toBe('linchpin-reminder');
    // The JSON is not sent as it is: a record of salt, key and ciphertext, longer than it.
    expect(first?.bytes).toBeGreaterThan('{"title":"Today"}'.length + 16);
  });

  it("answers the push service's status and Retry-After", async () => {
    const service = await pushService((request) => (request.url?.endsWith('busy') ? 429 : 410));
    worker = pushWorker(2);
    expect(await worker.push(job(`${service.url}/busy`))).toMatchObject({
      status: 429,
      retryAfter: '7',
    });
    expect(await worker.push(job(`${service.url}/gone`))).toMatchObject({ status: 410 });
  });

  it('says so, without posting, when no message can be made of the keys', async () => {
    const service = await pushService(() => 201);
    worker = pushWorker(2);
    const answer = await worker.push(job(`${service.url}/push`, { p256dh: 'not-a-key' }));
    expect(answer.status).toBe(400);
    expect(answer.unmakeable).toBeTruthy();
    expect(service.received).toHaveLength(0);
  });

  it('answers "no answer" when the service is silent past the timeout, or the worker ends', async () => {
    const service = await pushService(() => null);
    worker = pushWorker(2);
    expect(await worker.push(job(`${service.url}/silent`, { timeoutMs: 300 }))).toMatchObject({
      status: null,
    });
    const pending = worker.push(job(`${service.url}/silent`, { timeoutMs: 60_000 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await worker.close();
    expect(await pending).toMatchObject({ status: null });
  });
});
