import { afterEach, describe, expect, it, vi } from 'vitest';
import { canUseShareSheet, shareWithSheet } from './share-sheet';

const data = { text: 'I solved it!', url: 'https://linchpin.example/' };

function stubNavigator(share: ((data: unknown) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
}
function stubPointer(coarse: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: coarse && query === '(pointer: coarse)',
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  stubNavigator(undefined);
  vi.restoreAllMocks();
});

describe('canUseShareSheet', () => {
  it('only on a touch device (coarse pointer) that has a share sheet', () => {
    stubNavigator(() => Promise.resolve());
    stubPointer(true);
    expect(canUseShareSheet()).toBe(true);
    stubPointer(false);
    expect(canUseShareSheet()).toBe(false);
    stubNavigator(undefined);
    stubPointer(true);
    expect(canUseShareSheet()).toBe(false);
  });
});

describe('shareWithSheet', () => {
  it('hands the sheet the text and the link', async () => {
    const share = vi.fn(() => Promise.resolve());
    stubNavigator(share);
    expect(await shareWithSheet(data)).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
  });

  it('a cancelled sheet (AbortError) is "cancelled", without a word in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubNavigator(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    expect(await shareWithSheet(data)).toBe('cancelled');
    expect(warn).not.toHaveBeenCalled();
  });

  it('any other failure is "failed", so the caller copies instead', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubNavigator(() => Promise.reject(new DOMException('No', 'NotAllowedError')));
    expect(await shareWithSheet(data)).toBe('failed');
    stubNavigator(() => Promise.reject(new TypeError('bad data')));
    expect(await shareWithSheet(data)).toBe('failed');
  });
});
