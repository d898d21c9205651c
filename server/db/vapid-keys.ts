import webpush from 'web-push';
import { z } from 'zod';
import { type Queryable } from './database';

/**
 * The server's VAPID key pair (RFC 8292): push services know the server by it, and a browser's
 * subscription is bound to its public key. Given by the owner (VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY), or else made by the first server to start on the database with web-push's
 * generateVAPIDKeys and kept in the table vapid_keys (migration 008) beside the database's other
 * secrets: every process on one database uses the same pair, and backups and move-to-postgres
 * carry it, so subscriptions survive a restore or a move.
 */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  /** Who runs the server, for the push services: a mailto: or https: address. */
  subject: string;
}

export interface VapidSettings {
  publicKey: string | null;
  privateKey: string | null;
  subject: string;
}

const keysRow = z.object({ public_key: z.string(), private_key: z.string() });
const cache = new WeakMap<Queryable, Promise<{ publicKey: string; privateKey: string }>>();

async function storedKeys(db: Queryable): Promise<{ publicKey: string; privateKey: string }> {
  const made = webpush.generateVAPIDKeys();
  // The first process to get here stores its pair; every other reads that one.
  await db.query(
    `INSERT INTO vapid_keys (public_key, private_key) VALUES ($1, $2)
     ON CONFLICT (only_row) DO NOTHING`,
    [made.publicKey, made.privateKey],
  );
  const row = keysRow.parse((await db.query('SELECT public_key, private_key FROM vapid_keys'))[0]);
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** The key pair to sign with: the owner's, or the database's (made on first use). */
export async function vapidKeys(db: Queryable, settings: VapidSettings): Promise<Vapid> {
  if (settings.publicKey && settings.privateKey)
    return {
      publicKey: settings.publicKey,
      privateKey: settings.privateKey,
      subject: settings.subject,
    };
  let keys = cache.get(db);
  if (!keys) {
    keys = storedKeys(db);
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return { ...(await keys), subject: settings.subject };
}

/** After a restore brought back the backup's key pair: the next use reads it again. */
export function forgetVapidKeys(db: Queryable): void {
  cache.delete(db);
}

/**
 * VAPID_SUBJECT, else the site's https address (SITE_URL), else a mailto: of the machine: push
 * services use it to reach the owner if the server misbehaves.
 */
export function vapidSubject(subject: string | undefined, siteUrl: string | null): string {
  return subject ?? (siteUrl?.startsWith('https:') ? siteUrl : 'mailto:webmaster@localhost');
}
