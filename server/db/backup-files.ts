import { BACKUP_KEEP_DAYS } from '../../core/form-retention';
import { join, resolve } from 'node:path';
import { daysBetween, utcDate } from '../../core/dates';

/**
 * The daily backups' files in BACKUP_DIR (`npm run owner -- backup-daily`): one a UTC day,
 * `linchpin-YYYY-MM-DD.backup.gz`. Only files of exactly this name are ever deleted there, once
 * BACKUP_KEEP_DAYS (30) days old, as the privacy page promises.
 */
export const DAILY_BACKUP_FILE = /^linchpin-(\d{4}-\d{2}-\d{2})\.backup\.gz$/;

/** The file name of the daily backup made at `nowMs`. */
export const dailyBackupName = (nowMs: number): string => `linchpin-${utcDate(nowMs)}.backup.gz`;

/** The names among `names` that are daily backups made BACKUP_KEEP_DAYS or more days before `nowMs`. */
export function expiredBackups(
  names: readonly string[],
  nowMs: number,
  keepDays = BACKUP_KEEP_DAYS,
): string[] {
  const today = utcDate(nowMs);
  return names
    .filter((name) => {
      const date = DAILY_BACKUP_FILE.exec(name)?.[1];
      return date !== undefined && daysBetween(date, today) >= keepDays;
    })
    .sort();
}

/**
 * BACKUP_DIR (server/config.ts and the owner's tool): by default the folder `backups` in DATA_DIR.
 * An unset or blank value counts as unset.
 */
export function backupDirOf(
  env: Record<string, string | undefined>,
  dataDir: string,
  cwd: string,
): string {
  const value = env.BACKUP_DIR?.trim();
  return resolve(cwd, value ? value : join(dataDir, 'backups'));
}
