import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_ERRORS, AD_TIMING, adScriptUrl, runAd, type AdHost } from './ads';

const IDS = { adClient: 'ca-pub-123', adSlot: '456' };

function fakeHost(change: Partial<AdHost> = {}) {
  const push = vi.fn((_item: object): unknown => 1);
  const host = {
    loadScript: vi.fn((_src: string) => Promise.resolve()),
    hasContainer: () => true,
    queue: () => ({ push }),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
    ...change,
  } satisfies AdHost;
  return { host, push };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runAd', () => {
  it('fails at once without a client or slot id, and requests nothing', async () => {
    for (const ids of [
      { adClient: null, adSlot: null },
      { adClient: 'ca-pub-1', adSlot: null },
      { adClient: null, adSlot: '1' },
    ]) {
      const { host } = fakeHost();
      const onError = vi.fn();
      runAd(ids, host, onError);
      expect(onError).toHaveBeenCalledWith('AdSense: adClient and adSlot are required props.');
      await vi.runAllTimersAsync();
      expect(host.loadScript).not.toHaveBeenCalled();
    }
  });

  it('loads the script after 100 ms and pushes once', async () => {
    const { host, push } = fakeHost();
    const onPushed = vi.fn();
    const onError = vi.fn();
    runAd(IDS, host, onError, onPushed);
    await vi.advanceTimersByTimeAsync(AD_TIMING.scriptDelayMs - 1);
    expect(host.loadScript).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(host.loadScript).toHaveBeenCalledWith(adScriptUrl('ca-pub-123'));
    expect(push).toHaveBeenCalledTimes(1);
    expect(onPushed).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('tries a failing push 3 times, 1 s apart, then gives up', async () => {
    const { host, push } = fakeHost();
    push.mockImplementation(() => {
      throw new Error('no fill');
    });
    const onError = vi.fn();
    runAd(IDS, host, onError);
    await vi.advanceTimersByTimeAsync(100);
    expect(push).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(push).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(push).toHaveBeenCalledTimes(2);
    expect(onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(push).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenCalledWith('Failed to push ad after 3 attempts');
    await vi.runAllTimersAsync();
    expect(push).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('succeeds on a later push', async () => {
    const { host, push } = fakeHost();
    push.mockImplementationOnce(() => {
      throw new Error('not yet');
    });
    const onPushed = vi.fn();
    const onError = vi.fn();
    runAd(IDS, host, onError, onPushed);
    await vi.advanceTimersByTimeAsync(1100);
    expect(push).toHaveBeenCalledTimes(2);
    expect(onPushed).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it.each([
    [
      'the script fails to load',
      { loadScript: () => Promise.reject(new Error('blocked')) },
      AD_ERRORS.scriptFailed,
    ],
    ['the container is missing', { hasContainer: () => false }, AD_ERRORS.noContainer],
    ['the network did not set up its queue', { queue: () => null }, AD_ERRORS.notInitialised],
  ])('reports when %s', async (_case, change: Partial<AdHost>, message) => {
    const { host } = fakeHost(change);
    const onError = vi.fn();
    runAd(IDS, host, onError);
    await vi.advanceTimersByTimeAsync(100);
    expect(onError).toHaveBeenCalledWith(message);
  });

  it('stops everything pending when cancelled', async () => {
    const { host, push } = fakeHost();
    push.mockImplementation(() => {
      throw new Error('no fill');
    });
    const onError = vi.fn();
    const stop = runAd(IDS, host, onError);
    await vi.advanceTimersByTimeAsync(100);
    stop();
    await vi.runAllTimersAsync();
    expect(push).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();

    const second = fakeHost();
    runAd(IDS, second.host, onError)();
    await vi.runAllTimersAsync();
    expect(second.host.loadScript).not.toHaveBeenCalled();
  });
});
