import { Agent as HttpAgent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import webpush from 'web-push';

/**
 * The reminder sender's messages made and posted off the server's main thread (server/
 * reminder-sender.ts keeps the claiming, the retries and the counts): each message's encryption
 * (RFC 8291: a new ECDH key and secret every message) and its POST cost about half a millisecond
 * of CPU, and 100,000 a minute on the main thread would leave pages and results waiting behind
 * them. One worker thread, its own keep-alive connections to the push services.
 */

/** One message to make and post: the subscription, the JSON, and the sender's VAPID header. */
export interface PushJob {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  authorization: string;
  ttlSeconds: number;
  topic: string;
  timeoutMs: number;
}

/**
 * What came of it: the push service's status and Retry-After; status null when it gave no answer
 * in time; `unmakeable` when the subscription's keys make no message (never worth a retry).
 */
export interface PushAnswer {
  id: number;
  status: number | null;
  retryAfter: string | null;
  unmakeable?: string;
}

/** In the worker: makes the message and posts it on a kept-alive connection. */
function serve(port: NonNullable<typeof parentPort>, maxSockets: number): void {
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets }),
    https: new HttpsAgent({ keepAlive: true, maxSockets }),
  };
  const post = (url: URL, headers: OutgoingHttpHeaders, body: Buffer | null, timeoutMs: number) =>
    new Promise<{ status: number; retryAfter: string | null } | null>((resolve) => {
      const secure = url.protocol === 'https:';
      const outgoing = (secure ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        headers,
        agent: secure ? agents.https : agents.http,
        timeout: timeoutMs,
      });
      outgoing.on('response', (response) => {
        response.resume();
        const retryAfter = response.headers['retry-after'] ?? null;
        response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter }));
        response.on('error', () => resolve(null));
      });
      outgoing.on('timeout', () => outgoing.destroy());
      outgoing.on('error', () => resolve(null));
      outgoing.end(body ?? undefined);
    });
  port.on('message', (job: PushJob) => {
    let made: { url: URL; headers: OutgoingHttpHeaders; body: Buffer | null };
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: job.endpoint, keys: { p256dh: job.p256dh, auth: job.auth } },
        job.payload,
        {
          TTL: job.ttlSeconds,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          topic: job.topic,
          headers: { Authorization: job.authorization },
        },
      );
      made = { url: new URL(details.endpoint), headers: details.headers, body: details.body };
    } catch (error) {
      const answer: PushAnswer = {
        id: job.id,
        status: 400,
        retryAfter: null,
        unmakeable: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(answer);
      return;
    }
    void post(made.url, made.headers, made.body, job.timeoutMs).then((posted) => {
      const answer: PushAnswer = {
        id: job.id,
        status: posted?.status ?? null,
        retryAfter: posted?.retryAfter ?? null,
      };
      port.postMessage(answer);
    });
  });
}

/** What `pushWorker` hands its thread (server/worker-boot.mjs imports `entry`). */
interface PushWorkerData {
  entry: string;
  maxSockets: number;
}

// In the thread `pushWorker` starts (and nowhere else, a test runner's own threads included).
const given = workerData as Partial<PushWorkerData> | null;
if (parentPort && given?.entry === import.meta.url) serve(parentPort, given.maxSockets ?? 1);

export interface PushWorker {
  push(job: Omit<PushJob, 'id'>): Promise<Omit<PushAnswer, 'id'>>;
  close(): Promise<void>;
}

/**
 * The worker, started at the first message: a job's answer, or "no answer" (status null) for
 * every job in flight should the worker die (the sender then tries those again, as for a push
 * service that did not answer); the next job starts a new one.
 */
export function pushWorker(
  maxSockets: number,
  /** Told when the thread fails (it is started again at the next message). */
  onError: (error: Error) => void = () => {},
): PushWorker {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, (answer: PushAnswer) => void>();
  const failAll = () => {
    for (const [id, resolve] of waiting) resolve({ id, status: null, retryAfter: null });
    waiting.clear();
  };
  const start = (): Worker => {
    const started = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { entry: import.meta.url, maxSockets } satisfies PushWorkerData,
      // Its garbage is small and short-lived (a message's buffers): a young generation of a few
      // megabytes keeps the thread's memory to what it holds, not what V8 would reserve.
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 },
    });
    started.on('message', (answer: PushAnswer) => {
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
      // The thread keeps the process alive only while it has messages to answer.
      if (waiting.size === 0) started.unref();
    });
    const gone = () => {
      if (worker === started) worker = null;
      failAll();
    };
    started.on('error', (error) => {
      onError(error);
      gone();
    });
    started.on('exit', gone);
    return started;
  };
  return {
    push(job) {
      worker ??= start();
      worker.ref();
      const id = nextId;
      nextId += 1;
      const answer = new Promise<PushAnswer>((resolve) => waiting.set(id, resolve));
      worker.postMessage({ ...job, id } satisfies PushJob);
      return answer;
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
      failAll();
    },
  };
}
