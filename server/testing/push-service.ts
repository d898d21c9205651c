import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { z } from 'zod';

/**
 * A real Web Push service on localhost for tests: `web-push-testing` (from the web-push libraries'
 * project), run as its own process. It checks each message's VAPID Authorization (the JWT signed
 * with the key its subscription was made for) and Content-Encoding, decrypts the payload with the
 * subscription's own keys (RFC 8291), and keeps the plain text for `messages`. A subscription it
 * was told to expire is answered 410.
 */
export interface PushService {
  url: string;
  subscribe(applicationServerKey: string): Promise<PushSubscriptionData>;
  /** The decrypted messages received for a subscription, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  /** From now on the service answers 410 Gone for it. */
  expire(clientHash: string): Promise<void>;
  stop(): Promise<void>;
}

export interface PushSubscriptionData {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

const subscriptionSchema = z.object({
  data: z.object({
    endpoint: z.string(),
    keys: z.object({ p256dh: z.string(), auth: z.string() }),
    clientHash: z.string(),
  }),
});

/** A port free just now on this machine. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startPushService(port?: number): Promise<PushService> {
  const chosen = port ?? (await freePort());
  const script = createRequire(import.meta.url).resolve('web-push-testing/src/bin/server.js');
  const child = spawn(process.execPath, [script, String(chosen)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${chosen}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await fetch(`${url}/status`, { method: 'POST' }).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`web-push-testing did not start on ${url}: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const post = async (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    url,
    async subscribe(applicationServerKey) {
      const response = await post('/subscribe', {
        applicationServerKey,
        // The service wants the text, not the boolean.
        userVisibleOnly: 'true',
      });
      return subscriptionSchema.parse(await response.json()).data;
    },
    async messages(clientHash) {
      const response = await post('/get-notifications', { clientHash });
      return z
        .object({ data: z.object({ messages: z.array(z.string()) }) })
        .parse(await response.json()).data.messages;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`, {});
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
