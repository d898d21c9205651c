import { vi } from 'vitest';

/** The server's answer to a form's post: a status and a JSON body. */
export const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** `fetch` answers every post with `result` (or fails with it); the mock records each call. */
export function mockFetch(result: Response | Error) {
  const fetchMock = vi.fn((_input: string, _init?: RequestInit) =>
    result instanceof Error ? Promise.reject(result) : Promise.resolve(result),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
