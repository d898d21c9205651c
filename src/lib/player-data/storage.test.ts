import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { STORED_ITEMS, storedName, type CookieKey } from '../../../core/stored-items';
import {
  forgetEverything,
  readConsent,
  readCookie,
  readRecord,
  saveConsent,
  writeCookie,
  writeRecord,
} from './storage';

const cookieNames = () =>
  document.cookie
    .split('; ')
    .filter(Boolean)
    .map((pair) => pair.split('=')[0]);

describe('consent-gated storage', () => {
  it('writes nothing but the consent cookie before consent is accepted', () => {
    writeCookie('difficulty', 'easy');
    writeRecord('puzzleCompleted_2026-11-22', '{}');
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);

    saveConsent('rejected');
    writeCookie('difficulty', 'easy');
    writeRecord('puzzleCompleted_2026-11-22', '{}');
    expect(cookieNames()).toEqual(['linchpin_cookie_consent']);
    expect(localStorage.length).toBe(0);
  });

  it('reads and writes with consent accepted', () => {
    saveConsent('accepted');
    writeCookie('difficulty', 'easy');
    writeRecord('completedPuzzles', '[]');
    expect(readCookie('difficulty', (text) => text)).toBe('easy');
    expect(readRecord('completedPuzzles', (text) => text)).toBe('[]');
    expect(localStorage.getItem('linchpin_completedPuzzles')).toBe('[]');
  });

  it('reads nothing stored while consent is not accepted', () => {
    document.cookie = 'linchpin_difficulty=easy; path=/';
    expect(readCookie('difficulty', (text) => text)).toBeNull();
  });

  it('treats a value its parser refuses as absent', () => {
    saveConsent('accepted');
    document.cookie = 'linchpin_difficulty=%7Bbroken; path=/';
    expect(readCookie('difficulty', () => undefined)).toBeNull();
  });

  it('accepts only "accepted" or "rejected" as the consent', () => {
    document.cookie = 'linchpin_cookie_consent=maybe; path=/';
    expect(readConsent()).toBeNull();
    saveConsent('accepted');
    expect(readConsent()).toBe('accepted');
  });

  it('deletes everything the product stored when consent turns to rejected', () => {
    saveConsent('accepted');
    writeCookie('difficulty', 'easy');
    writeCookie('dailyStats', '{}');
    writeRecord('puzzleCompleted_2026-11-22', '{}');
    sessionStorage.setItem('linchpin_something', 'x');
    localStorage.setItem('other_site_key', 'kept');

    saveConsent('rejected');
    expect(cookieNames()).toEqual(['linchpin_cookie_consent']);
    expect(readConsent()).toBe('rejected');
    expect(Object.keys(localStorage)).toEqual(['other_site_key']);
    expect(sessionStorage.length).toBe(0);
  });

  it('forgetEverything keeps the consent cookie itself', () => {
    saveConsent('accepted');
    writeCookie('gameMode', 'legacy');
    forgetEverything();
    expect(cookieNames()).toEqual(['linchpin_cookie_consent']);
  });
});

describe('lifetimes come from the one table of stored items', () => {
  it('sets every cookie with the Max-Age core/stored-items.ts gives it', () => {
    saveConsent('accepted');
    const set = vi.spyOn(Cookies, 'set');
    const cookies = (Object.keys(STORED_ITEMS) as (keyof typeof STORED_ITEMS)[]).filter(
      (key): key is CookieKey => STORED_ITEMS[key].where === 'cookie' && key !== 'consent',
    );
    for (const key of cookies) writeCookie(key, 'x');
    for (const key of cookies) {
      expect(set).toHaveBeenCalledWith(
        storedName(key),
        'x',
        expect.objectContaining({ 'max-age': String(STORED_ITEMS[key].days * 86_400) }),
      );
    }
    set.mockRestore();
  });
});
