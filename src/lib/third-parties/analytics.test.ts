import { afterEach, describe, expect, it } from 'vitest';
import { analyticsScriptUrl, trackPageView } from './analytics';
import { trackingId } from './analytics-gate';

const scripts = () => [...document.querySelectorAll('script[src*="googletagmanager"]')];

afterEach(() => {
  for (const script of scripts()) script.remove();
  delete window.dataLayer;
  delete window.gtag;
});

describe('analytics', () => {
  it('needs both an analytics id and accepted consent', () => {
    expect(trackingId({ analyticsId: null, consent: 'accepted' })).toBeNull();
    expect(trackingId({ analyticsId: 'G-1', consent: null })).toBeNull();
    expect(trackingId({ analyticsId: 'G-1', consent: 'rejected' })).toBeNull();
    expect(trackingId({ analyticsId: 'G-1', consent: 'accepted' })).toBe('G-1');
  });

  it('loads and sends nothing by default (no id configured)', () => {
    expect(trackPageView('/about')).toBe(false);
    expect(trackPageView('/about', { analyticsId: 'G-1', consent: 'rejected' })).toBe(false);
    expect(scripts()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });

  it('loads gtag.js once and sends one page view per call when allowed', () => {
    const gate = { analyticsId: 'G-TEST', consent: 'accepted' } as const;
    expect(trackPageView('/about', gate)).toBe(true);
    expect(trackPageView('/terms', gate)).toBe(true);
    expect(scripts().map((s) => s.getAttribute('src'))).toEqual([analyticsScriptUrl('G-TEST')]);
    const events = (window.dataLayer ?? [])
      .map((entry) => Array.from<unknown>(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event');
    expect(events.map((args) => (args[2] as { page_path: string }).page_path)).toEqual([
      '/about',
      '/terms',
    ]);
  });

  it('sends the page without its fragment, which carries games and puzzles', () => {
    window.history.replaceState(null, '', '/transfer#TFACAQ-games');
    const gate = { analyticsId: 'G-FRAGMENT', consent: 'accepted' } as const;
    expect(trackPageView('/transfer', gate)).toBe(true);
    const sent = JSON.stringify(window.dataLayer);
    expect(sent).toContain(`"page_location":"${window.location.origin}/transfer"`);
    expect(sent).not.toContain('TFACAQ');
    window.history.replaceState(null, '', '/');
  });
});
