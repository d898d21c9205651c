import { describe, expect, it, vi } from 'vitest';
import { idempotencyKeySchema } from '../../../core/forms';
import { newIdempotencyKey, postForm } from './post-form';

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText });
const FIELDS = ['name', 'email'];

describe('postForm', () => {
  it('posts JSON and succeeds on any 2xx', async () => {
    const fetcher = vi.fn(() => Promise.resolve(json(201, { id: 1 })));
    await expect(postForm('/api/contact', { name: 'A' }, FIELDS, fetcher)).resolves.toEqual({
      ok: true,
    });
    expect(fetcher).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{"name":"A"}',
    });
  });

  it("sends the submission's idempotency key to the site's own API only", async () => {
    const fetcher = vi.fn((_input: string, _init: RequestInit) =>
      Promise.resolve(json(201, { id: 1 })),
    );
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    expect(newIdempotencyKey()).not.toBe(key);
    await postForm('/api/contact', { name: 'A' }, FIELDS, fetcher, key);
    expect(fetcher.mock.calls[0]?.[1].headers).toMatchObject({ 'Idempotency-Key': key });
    await postForm('https://forms.example/f/1', { name: 'A' }, FIELDS, fetcher, key);
    expect(fetcher.mock.calls[1]?.[1].headers).not.toHaveProperty('Idempotency-Key');
  });

  it('keeps the per-field messages of a 400 that belong to the form', async () => {
    const fetcher = () =>
      Promise.resolve(json(400, { error: 'x', fields: { email: 'Bad.', other: 'Nope.' } }));
    await expect(postForm('/x', {}, FIELDS, fetcher)).resolves.toEqual({
      ok: false,
      reason: 'fields',
      fieldErrors: { email: 'Bad.' },
    });
  });

  it.each([
    [429, 'rate-limited'],
    [413, 'too-large'],
    [503, 'server'],
    [400, 'server'],
  ])('reads status %i as %s', async (status, reason) => {
    const result = await postForm('/x', {}, FIELDS, () =>
      Promise.resolve(json(status, { error: 'Server says no.' })),
    );
    expect(result).toEqual({ ok: false, reason, detail: 'Server says no.' });
  });

  it('says what the status was when the answer has no message', async () => {
    const result = await postForm('/x', {}, FIELDS, () =>
      Promise.resolve(new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    expect(result).toEqual({
      ok: false,
      reason: 'server',
      detail: 'The server answered 502 Bad Gateway.',
    });
  });

  it('turns a failed fetch into a network failure instead of throwing', async () => {
    await expect(
      postForm('/x', {}, FIELDS, () => Promise.reject(new TypeError('Failed to fetch'))),
    ).resolves.toEqual({ ok: false, reason: 'network', detail: null });
  });
});
