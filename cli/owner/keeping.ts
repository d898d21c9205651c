import { rename, rm } from 'node:fs/promises';
import { createReadStream, existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { formatCount } from '../../core/numbers';
import {
  BackupError,
  NotEmptyError,
  backupText,
  drained,
  readBackup,
  restoreBackup,
  summarise,
  writeBackup,
  type BackupSummary,
  type TableCounts,
} from '../../server/db/backup';
import { type Database } from '../../server/db/database';
import { type InboxCounts } from '../../server/db/inbox-store';
import { type OwnerSource } from './source';

/**
 * The owner's commands that keep a site's data over the years: backup, restore, move-to-postgres
 * and forget (server/db/backup.ts holds the format).
 */

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** "3 messages, 1 submission and 4,512 crowd results" */
export function describeCounts(counts: TableCounts): string {
  return `${plural(counts.contact_messages, 'message')}, ${plural(counts.puzzle_submissions, 'submission')} and ${plural(counts.puzzle_results, 'crowd result')}`;
}

export interface KeepingIo {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

const shown = (io: KeepingIo, file: string) => relative(io.cwd, file) || file;

/**
 * Writes the backup beside `file` first, reads it back whole (its end line, counts and checksums),
 * and only then gives it its name: a backup cut off half-way never takes the place of a good one.
 */
export async function backupCommand(
  io: KeepingIo,
  source: OwnerSource,
  file: string,
): Promise<number> {
  const target = resolve(io.cwd, file);
  const partial = `${target}.partial`;
  try {
    await source.backup(partial);
    const summary = await readBackup(backupText(createReadStream(partial)));
    await rename(partial, target);
    io.out(`Backed up ${describeCounts(summary.counts)} to ${shown(io, target)}.`);
    return 0;
  } catch (error) {
    await rm(partial, { force: true });
    if (!(error instanceof BackupError)) throw error;
    io.err(`The backup failed: ${error.message} Nothing was written to ${shown(io, target)}.`);
    return 1;
  }
}

function refusedNotEmpty(io: KeepingIo, error: NotEmptyError, command: string): number {
  io.err(
    `The database already holds ${describeCounts(error.counts)}. Nothing was restored. ` +
      `Restore into an empty database, or add --replace to delete what it holds first (${command} --replace).`,
  );
  return 1;
}

export async function restoreCommand(
  io: KeepingIo,
  source: OwnerSource,
  file: string,
  replace: boolean,
): Promise<number> {
  const target = resolve(io.cwd, file);
  if (!existsSync(target)) {
    io.err(`There is no file ${shown(io, target)}.`);
    return 1;
  }
  try {
    const summary = await source.restore(target, { replace });
    io.out(
      `Restored ${describeCounts(summary.counts)} from ${shown(io, target)} ${source.description}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof NotEmptyError) return refusedNotEmpty(io, error, `restore ${file}`);
    if (error instanceof BackupError) {
      io.err(`Nothing was restored: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/**
 * Copies everything from one database into another, streamed (the backup's lines go straight into
 * the restore, one transaction on each side), then reads the copy back and compares its rows'
 * counts and checksums with the original's.
 */
export async function copyDatabase(
  from: Database,
  to: Database,
  options: { replace: boolean },
): Promise<{ copied: BackupSummary; check: BackupSummary }> {
  const lines = new PassThrough();
  const restoring = restoreBackup(to, lines, options);
  // A refused restore stops reading: end the backup too instead of waiting on it.
  restoring.catch(() => lines.destroy());
  const copying = writeBackup(from, async (line) => {
    if (lines.destroyed) throw new BackupError('the copy was stopped.');
    if (!lines.write(`${line}\n`)) await drained(lines);
  }).finally(() => lines.end());
  const [copiedResult, restored] = await Promise.allSettled([copying, restoring]);
  // The restore's refusal (not empty, a newer backup) says more than the stopped copy's.
  if (restored.status === 'rejected') throw restored.reason;
  if (copiedResult.status === 'rejected') throw copiedResult.reason;
  const copied = copiedResult.value;
  const check = await summarise(to);
  return { copied, check };
}

export async function moveCommand(
  io: KeepingIo,
  databases: () => Promise<{ from: Database; to: Database; dataDir: string }>,
  replace: boolean,
): Promise<number> {
  const { from, to, dataDir } = await databases();
  try {
    io.out(`Copying the embedded database in ${shown(io, dataDir)} into DATABASE_URL's…`);
    const { copied, check } = await copyDatabase(from, to, { replace });
    const tables = Object.keys(copied.counts) as (keyof TableCounts)[];
    const differ = tables.filter(
      (table) =>
        copied.counts[table] !== check.counts[table] ||
        copied.sha256[table] !== check.sha256[table],
    );
    if (differ.length > 0) {
      io.err(
        `The copy does not match the original in ${differ.join(', ')}: ` +
          `copied ${describeCounts(copied.counts)}, found ${describeCounts(check.counts)}. ` +
          'Keep running on the embedded database and report this.',
      );
      return 1;
    }
    io.out(
      `Copied ${describeCounts(copied.counts)}; counted and checked on PostgreSQL (every row's ` +
        'checksum matches). Start the server with DATABASE_URL set.',
    );
    return 0;
  } catch (error) {
    if (error instanceof NotEmptyError) return refusedNotEmpty(io, error, 'move-to-postgres');
    if (error instanceof BackupError) {
      io.err(`Nothing was copied: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await from.close();
    await to.close();
  }
}

export async function forgetCommand(
  io: KeepingIo,
  source: OwnerSource,
  email: string,
): Promise<number> {
  const counts: InboxCounts = await source.forget(email);
  io.out(
    `Deleted ${plural(counts.messages, 'message')} and ${plural(counts.submissions, 'submission')} ` +
      `sent from ${email}.`,
  );
  return 0;
}

/** `forget <endpoint>`: a player's daily reminder (its push subscription), deleted at once. */
export async function forgetReminderCommand(
  io: KeepingIo,
  source: OwnerSource,
  endpoint: string,
): Promise<number> {
  const deleted = await source.forgetReminder(endpoint);
  io.out(
    deleted > 0
      ? `Deleted the daily reminder of ${endpoint}.`
      : `There is no daily reminder of ${endpoint} (nothing to delete).`,
  );
  return 0;
}
