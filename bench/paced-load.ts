/**
 * Requests at a steady rate, each at its own moment, for a budget stated as "p99 at N requests a
 * second". autocannon's `overallRate` is not that: each connection sends its whole second's share
 * back to back when the second begins, then waits for the next (node_modules/autocannon/lib/
 * httpClient.js, `reqsMadeThisSecond`), so "1,000 a second" arrives as a burst of 1,000 at the
 * top of every second and its p99 is the p99 of a saturated server. Here request i is due at
 * start + i / rate, and its latency runs from when it was due, not from when a free connection
 * took it: a server that falls behind is charged for the wait it causes (no coordinated omission).
 */
import { Agent, request as httpRequest } from 'node:http';
import { percentile } from './stats';

export interface PacedRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface PacedResult {
  /** Requests sent (all that fell due). */
  sent: number;
  /** Answers by status code. */
  statuses: Record<number, number>;
  /** Requests that got no answer (a socket error). */
  errors: number;
  /** Latencies in milliseconds, from each request's due moment to the end of its answer. */
  p50: number;
  p99: number;
  max: number;
  /** The slowest answers: when each fell due (ms after the start) and its latency. */
  slowest: { dueMs: number; ms: number }[];
}

/**
 * GETs at `rate` a second in all, spread evenly over `targets` (base URLs, each with
 * `connections` keep-alive connections at most), for `seconds`.
 */
export async function pacedLoad(options: {
  targets: readonly string[];
  rate: number;
  seconds: number;
  connections: number;
  request: (index: number) => PacedRequest;
}): Promise<PacedResult> {
  const { targets, rate, seconds, connections } = options;
  const agents = targets.map(() => new Agent({ keepAlive: true, maxSockets: connections }));
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const timed: { dueMs: number; ms: number }[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let sent = 0;
  const answers: Promise<void>[] = [];

  const start = performance.now();
  const send = (index: number, due: number) => {
    const target = new URL(targets[index % targets.length] ?? '');
    const { path, headers = {} } = options.request(index);
    answers.push(
      new Promise<void>((resolve) => {
        const outgoing = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            path,
            headers,
            agent: agents[index % targets.length],
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              const ms = performance.now() - due;
              latencies.push(ms);
              timed.push({ dueMs: due - start, ms });
              const code = response.statusCode ?? 0;
              statuses[code] = (statuses[code] ?? 0) + 1;
              resolve();
            });
          },
        );
        outgoing.on('error', () => {
          errors += 1;
          resolve();
        });
        outgoing.end();
      }),
    );
  };

  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        send(sent, start + sent * interval);
        sent += 1;
      }
      if (sent >= total) return done();
      setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(answers);
  for (const agent of agents) agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent,
    statuses,
    errors,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    slowest: timed.sort((a, b) => b.ms - a.ms).slice(0, 10),
  };
}
