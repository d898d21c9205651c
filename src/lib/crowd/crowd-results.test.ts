import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrowdResult } from '../../../core/crowd';
import { fetchCrowd, recordResult, sendPending } from './crowd-results';
import { saveConsent } from '../player-data/storage';

const RESULT: CrowdResult = {
  puzzleId: 'puzzle_12',
  mode: 'normal',
  won: true,
  tries: 2,
  wrongTries: [[0, 3]],
};
const PENDING = 'linchpin_crowd_pending';
const ID = 'linchpin_crowd_id';

const answer = (status: number, body: unknown = {}, type = 'application/json') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': type },
  });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
// src/test-setup.ts clears cookies and storage after each test.
afterEach(() => vi.unstubAllGlobals());

const sentBodies = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => JSON.parse((init as { body: string }).body) as Record<string, unknown>);

describe('sending a result', () => {
  it('sends and keeps nothing without consent', async () => {
    await recordResult(RESULT);
    saveConsent('rejected');
    await recordResult(RESULT);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('with consent sends the result once with a random id kept for the next one', async () => {
    saveConsent('accepted');
    fetchMock.mockResolvedValue(answer(201, { status: 'counted' }));
    await recordResult(RESULT);
    await recordResult({ ...RESULT, puzzleId: 'puzzle_13' });
    const [first, second] = sentBodies();
    const { browserId, ...sent } = first ?? {};
    expect(sent).toEqual(RESULT);
    expect(browserId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(second?.browserId).toBe(first?.browserId);
    expect(localStorage.getItem(ID)).toContain(String(first?.browserId));
    expect(localStorage.getItem(PENDING)).toBeNull();
  });

  it('keeps a result the server could not take, and sends it later', async () => {
    saveConsent('accepted');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await recordResult(RESULT);
    expect(localStorage.getItem(PENDING)).toContain('puzzle_12');
    fetchMock.mockResolvedValueOnce(answer(503, { error: 'down' }));
    await sendPending();
    expect(localStorage.getItem(PENDING)).toContain('puzzle_12');

    fetchMock.mockResolvedValueOnce(answer(200, { status: 'already counted' }));
    await sendPending();
    expect(localStorage.getItem(PENDING)).toBeNull();
    expect(sentBodies()).toHaveLength(3);
  });

  it('drops a result the server refuses for good: malformed, or not counted', async () => {
    saveConsent('accepted');
    fetchMock.mockResolvedValueOnce(answer(400, { error: 'tries: too many' }));
    await recordResult(RESULT);
    expect(localStorage.getItem(PENDING)).toBeNull();
    fetchMock.mockResolvedValueOnce(answer(200, { status: 'not counted' }));
    await recordResult(RESULT);
    expect(localStorage.getItem(PENDING)).toBeNull();
  });

  it('keeps a result for a puzzle the server does not know yet, and for a rate limit', async () => {
    saveConsent('accepted');
    fetchMock.mockResolvedValueOnce(answer(404, { error: 'There is no puzzle puzzle_12' }));
    await recordResult(RESULT);
    expect(localStorage.getItem(PENDING)).toContain('puzzle_12');
    fetchMock.mockResolvedValueOnce(answer(429, { error: 'slow down' }));
    await sendPending();
    expect(localStorage.getItem(PENDING)).toContain('puzzle_12');
    // A static host's 404 (a page, not the game's JSON) will never count it: dropped.
    fetchMock.mockResolvedValueOnce(answer(404, '<h1>Not found</h1>', 'text/html'));
    await sendPending();
    expect(localStorage.getItem(PENDING)).toBeNull();
  });
});

describe('reading the figures', () => {
  it('reads the server’s JSON answer', async () => {
    const summary = { puzzleId: 'puzzle_12', players: 3, figures: null };
    fetchMock.mockResolvedValueOnce(answer(200, summary));
    expect(await fetchCrowd('puzzle_12')).toEqual({ kind: 'figures', summary });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/results/puzzle_12');
  });

  it('knows a static host by an answer that is not JSON: no panel', async () => {
    fetchMock.mockResolvedValueOnce(answer(404, '<h1>Not found</h1>', 'text/html'));
    expect(await fetchCrowd('puzzle_12')).toEqual({ kind: 'none' });
    fetchMock.mockResolvedValueOnce(answer(200, '<!doctype html>', 'text/html'));
    expect(await fetchCrowd('puzzle_12')).toEqual({ kind: 'none' });
  });

  it('says unavailable when offline, on a server error, or on an answer it cannot read', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await fetchCrowd('puzzle_12')).toEqual({ kind: 'unavailable' });
    fetchMock.mockResolvedValueOnce(answer(500, { error: 'x' }));
    expect(await fetchCrowd('puzzle_12')).toEqual({ kind: 'unavailable' });
    fetchMock.mockResolvedValueOnce(answer(200, { players: 'many' }));
    expect(await fetchCrowd('puzzle_12')).toEqual({ kind: 'unavailable' });
  });
});
