import { createHash, createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { type Queryable } from './database';

/**
 * The database's own random secret (server_secret, migration 005), the same for every server
 * process on one database and never sent anywhere. It keys the hashes that must not be turned
 * back into what they were made from: a client address's results of a puzzle
 * (server/db/results-store.ts), and the opaque ids the form routes answer with.
 */
const secrets = new WeakMap<Queryable, Promise<string>>();

export function serverSecret(db: Queryable): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = db
      .query('SELECT secret FROM server_secret')
      .then((rows) => z.object({ secret: z.string() }).parse(rows[0]).secret);
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

/** A one-way key of `parts` under the secret. */
export const keyedHash = (secret: string, ...parts: string[]): string =>
  createHash('sha256')
    .update([secret, ...parts].join(' '))
    .digest('base64url');

/** The length of an opaque id: 22 base64url characters (128 bits). */
const OPAQUE_ID_LENGTH = 22;

/**
 * What a form post is answered with instead of its row's number: the same for the same row (so a
 * repeat with its idempotency key gets the first answer), unguessable and uncountable.
 */
export const opaqueId = (secret: string, kind: string, id: number): string =>
  createHmac('sha256', secret)
    .update(`${kind} ${id}`)
    .digest('base64url')
    .slice(0, OPAQUE_ID_LENGTH);

/** An id of the same shape for a post that was not stored (a filled honeypot). */
export const randomOpaqueId = (): string =>
  randomBytes(32).toString('base64url').slice(0, OPAQUE_ID_LENGTH);

/** After a restore brought back the database's secret: the next use reads it again. */
export function forgetServerSecret(db: Queryable): void {
  secrets.delete(db);
}
