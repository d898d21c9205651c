import Cookies from 'js-cookie';
import { allCookies, cookieValue, onServer } from './cookie-source';
import {
  STORAGE_PREFIX,
  STORED_ITEMS,
  storedName,
  type CookieKey,
} from '../../../core/stored-items';

/**
 * The only code that touches cookies or Web Storage (docs/product-decisions.md "Persistence and privacy").
 * Nothing but the consent cookie is written unless consent is "accepted"; every read takes a
 * parser, and a value it refuses is treated as absent.
 */
const PREFIX = STORAGE_PREFIX;
/** The items of core/stored-items.ts are written only here, by their key. */

export type Consent = 'accepted' | 'rejected';
/** Turns stored text into a value; null or undefined when the text is not a valid value. */
export type Parse<T> = (text: string) => T | null | undefined;

const cookieName = (key: CookieKey) => storedName(key);

const DAY_SECONDS = 24 * 60 * 60;

function setCookie(key: CookieKey, value: string): void {
  Cookies.set(cookieName(key), value, {
    // Max-Age counts from when the browser stores the cookie, so a device clock that is off
    // (or a test's frozen clock) cannot make a fresh cookie expire at once, as Expires could.
    'max-age': String(STORED_ITEMS[key].days * DAY_SECONDS),
    path: '/',
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
  });
}

export function readConsent(): Consent | null {
  const value = cookieValue(cookieName('consent'));
  return value === 'accepted' || value === 'rejected' ? value : null;
}

const mayStore = () => readConsent() === 'accepted';

/** Records the consent choice; "rejected" deletes everything else the product stored. */
export function saveConsent(consent: Consent): void {
  // A daily reminder goes from the server with the rest (its code loads only then).
  const reminder = consent === 'rejected' && recordNames().includes(STORED_ITEMS.reminder.name);
  setCookie('consent', consent);
  if (consent === 'rejected') forgetEverything();
  if (reminder)
    void import('../reminders/reminder-drop')
      .then((m) => m.dropReminder())
      .catch((error: unknown) => console.warn('Daily reminder', error));
}

function webStorages(): Storage[] {
  if (onServer()) return [];
  try {
    return [localStorage, sessionStorage];
  } catch {
    // Storage can be switched off in the browser: then there is nothing to read or delete.
    return [];
  }
}

/** Deletes every cookie and storage key of the product except the consent cookie. */
export function forgetEverything(): void {
  for (const name of Object.keys(allCookies())) {
    if (name.startsWith(PREFIX) && name !== cookieName('consent')) {
      Cookies.remove(name, { path: '/' });
    }
  }
  for (const storage of webStorages()) {
    for (const key of Object.keys(storage)) if (key.startsWith(PREFIX)) storage.removeItem(key);
  }
}

export function readCookie<T>(key: CookieKey, parse: Parse<T>): T | null {
  const text = mayStore() ? cookieValue(cookieName(key)) : undefined;
  return text === undefined ? null : (parse(text) ?? null);
}

/** Writes (or with null deletes) a cookie, only with consent. */
export function writeCookie(key: CookieKey, value: string | null): void {
  if (!mayStore()) return;
  if (value === null) Cookies.remove(cookieName(key), { path: '/' });
  else setCookie(key, value);
}

/** Names of the stored records (localStorage, without the prefix), only with consent. */
export function recordNames(): string[] {
  const [local] = mayStore() ? webStorages() : [];
  return local
    ? Object.keys(local)
        .filter((key) => key.startsWith(PREFIX))
        .map((key) => key.slice(PREFIX.length))
    : [];
}

export function readRecord<T>(name: string, parse: Parse<T>): T | null {
  const [local] = mayStore() ? webStorages() : [];
  const text = local?.getItem(PREFIX + name);
  return text == null ? null : (parse(text) ?? null);
}

/**
 * Writes (or with null deletes) a localStorage record, only with consent. False when the browser
 * refused it (its storage is full): the caller tells the player what was not kept.
 */
export function writeRecord(name: string, value: string | null): boolean {
  const [local] = mayStore() ? webStorages() : [];
  try {
    if (value === null) local?.removeItem(PREFIX + name);
    else local?.setItem(PREFIX + name, value);
    return true;
  } catch (error) {
    // This record is lost; the game goes on in memory, and the caller says so.
    console.warn('Could not store', name, error);
    return false;
  }
}
