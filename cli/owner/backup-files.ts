import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { BACKUP_KEEP_DAYS } from '../../core/form-retention';
import { formatCount } from '../../core/numbers';
import {
  BackupError,
  TABLE_NAMES,
  backupText,
  readBackup,
  restoreBackup,
  summarise,
  type BackupHeader,
  type BackupSummary,
} from '../../server/db/backup';
import { dailyBackupName, expiredBackups } from '../../server/db/backup-files';
import { migrate } from '../../server/db/migrate';
import { PGlite } from '@electric-sql/pglite';
import { type Database } from '../../server/db/database';
import { wrapPglite } from '../../server/db/pglite-database';
import { formatTime } from './format';
import { backupCommand, type KeepingIo } from './keeping';
import { type OwnerSource } from './source';

/**
 * `backup-daily [<folder>]`: today's backup (UTC) as <folder>/linchpin-YYYY-MM-DD.backup.gz,
 * written beside it first and renamed over it (a second run the same day replaces it whole), then
 * the folder's daily backups of BACKUP_KEEP_DAYS (30) days ago and older deleted; no other file is
 * touched. Nothing is deleted when the backup failed.
 */
export async function backupDailyCommand(
  io: KeepingIo & { now: () => number },
  source: OwnerSource,
  folder: string,
): Promise<number> {
  const dir = resolve(io.cwd, folder);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const now = io.now();
  const code = await backupCommand(io, source, join(dir, dailyBackupName(now)));
  if (code !== 0) return code;
  const expired = expiredBackups(await readdir(dir), now);
  for (const name of expired) await rm(join(dir, name), { force: true });
  io.out(
    expired.length === 0
      ? `No backup there is ${BACKUP_KEEP_DAYS} days old yet: none deleted.`
      : `Deleted ${formatCount(expired.length)} ${expired.length === 1 ? 'backup' : 'backups'} ${BACKUP_KEEP_DAYS} days old or older: ${expired.join(', ')}.`,
  );
  return 0;
}

/**
 * An embedded database of its own in a new temporary folder, removed when done. Without flushes
 * to disk (PGlite's default): nothing in it is kept, and a new cluster is made in a few seconds.
 */
async function withScratchDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'linchpin-check-backup-'));
  try {
    const db = wrapPglite(await PGlite.create(dir));
    try {
      await migrate(db);
      return await work(db);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `check-backup <file>`: a restore drill. Reads the file whole (its end line's counts and
 * checksums), restores it into a scratch embedded database in a temporary folder, reads that back
 * as a backup of it would and compares, table by table, the rows and their checksums with the
 * file's. Exit 0 only when every table matches.
 */
export async function checkBackupCommand(io: KeepingIo, file: string): Promise<number> {
  const target = resolve(io.cwd, file);
  const shown = relative(io.cwd, target) || target;
  if (!existsSync(target)) {
    io.err(`There is no file ${shown}.`);
    return 1;
  }
  let header: BackupHeader | null = null;
  let expected: BackupSummary;
  let found: BackupSummary;
  try {
    expected = await readBackup(backupText(createReadStream(target)), undefined, (read) => {
      header = read;
      return Promise.resolve();
    });
    found = await withScratchDatabase(async (db) => {
      await restoreBackup(db, backupText(createReadStream(target)), { replace: false });
      return summarise(db);
    });
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    io.err(`The backup ${shown} is damaged: ${error.message} Do not rely on it.`);
    return 1;
  }
  const made = header === null ? '' : ` (made ${formatTime((header as BackupHeader).createdAt)})`;
  io.out(`Restored ${shown}${made} into a scratch database and read it back:`);
  const differ: string[] = [];
  const width = Math.max(...TABLE_NAMES.map((name) => name.length));
  for (const name of expected.tables) {
    const same =
      expected.counts[name] === found.counts[name] && expected.sha256[name] === found.sha256[name];
    if (!same) differ.push(name);
    io.out(
      `  ${name.padEnd(width)}  ${formatCount(expected.counts[name]).padStart(9)} in the file, ` +
        `${formatCount(found.counts[name]).padStart(9)} read back  ${same ? 'same' : 'DIFFERENT'}`,
    );
  }
  if (differ.length > 0) {
    io.err(
      `The backup ${shown} does not restore to what it holds (${differ.join(', ')}): do not rely on it.`,
    );
    return 1;
  }
  io.out(`The backup ${shown} is good: every table restores to the same rows and checksums.`);
  return 0;
}
