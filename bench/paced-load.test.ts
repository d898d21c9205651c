import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoad } from './paced-load';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A local server that notes when each request arrived and answers after `delayMs(index)`. */
async function recordingServer(delayMs: (index: number) => number) {
  const arrivals: number[] = [];
  server = createServer((request, response) => {
    const index = arrivals.length;
    arrivals.push(performance.now());
    setTimeout(() => response.end('ok'), delayMs(index));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, arrivals };
}

describe('a paced load', () => {
  it('sends its requests evenly through the second, not in a burst when each second begins', async () => {
    const { url, arrivals } = await recordingServer(() => 1);
    const result = await pacedLoad({
      targets: [url],
      rate: 200,
      seconds: 1,
      connections: 8,
      request: () => ({ path: '/' }),
    });
    expect(result.sent).toBe(200);
    expect(result.statuses).toEqual({ 200: 200 });
    // 200 a second is 20 in any 100 ms; a burst would put all 200 in the first few.
    const busiest = Math.max(
      ...arrivals.map((at) => arrivals.filter((other) => other >= at && other < at + 100).length),
    );
    expect(busiest).toBeLessThanOrEqual(30);
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThan(900);
  });

  it('counts a wait from when the request was due, so a stalled server is charged for the queue behind it', async () => {
    // One connection; the 10th answer takes 300 ms, and the ~30 requests due meanwhile wait.
    const { url } = await recordingServer((index) => (index === 10 ? 300 : 1));
    const result = await pacedLoad({
      targets: [url],
      rate: 100,
      seconds: 1,
      connections: 1,
      request: () => ({ path: '/' }),
    });
    expect(result.sent).toBe(100);
    expect(result.max).toBeGreaterThanOrEqual(300);
    // Measured from when each was sent, only one answer would be slow and p99 a few ms.
    expect(result.p99).toBeGreaterThan(150);
    expect(result.p50).toBeLessThan(50);
  });
});
