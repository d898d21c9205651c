/**
 * How long what the forms send is kept (docs/decisions.md, "Keeping messages and backups"); the
 * privacy page states these numbers. A module of its own, so the privacy page takes these numbers
 * and nothing of the forms' schemas.
 */

/** Days after it arrived that a message or submission the owner has handled is deleted (KEEP_HANDLED_DAYS). */
export const DEFAULT_KEEP_HANDLED_DAYS = 90;

/** The privacy page's promise: nothing a form sent is kept longer than this, backups included. */
export const KEEP_AT_MOST_MONTHS = 12;
/** 12 months, as days: the longest a message may exist anywhere, in the database or a backup. */
export const KEEP_AT_MOST_DAYS = 365;

/** Daily backups (`npm run owner -- backup-daily`) older than this many days are deleted. */
export const BACKUP_KEEP_DAYS = 30;

/**
 * The server deletes every message and submission, handled or not, this many days after it
 * arrived: the last backup holding it is then deleted BACKUP_KEEP_DAYS later, within the 12 months.
 */
export const DELETE_ANY_AFTER_DAYS = KEEP_AT_MOST_DAYS - BACKUP_KEEP_DAYS;
