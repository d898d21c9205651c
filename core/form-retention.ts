/**
 * Days after it arrived that a message or submission the owner has handled is deleted by the
 * server (KEEP_HANDLED_DAYS, server/retention.ts); the privacy page states this default. A module
 * of its own, so the privacy page takes this number and nothing of the forms' schemas.
 */
export const DEFAULT_KEEP_HANDLED_DAYS = 90;
