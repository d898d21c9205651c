import { parseArgs } from 'node:util';
import {
  BACKUP_KEEP_DAYS,
  DEFAULT_KEEP_HANDLED_DAYS,
  DELETE_ANY_AFTER_DAYS,
  KEEP_AT_MOST_MONTHS,
} from '../../core/form-retention';
import { type InboxKind } from '../../server/db/inbox-store';
import { noun } from './format';

/** What `npm run owner -- …` was asked to do. */
export type OwnerCommand =
  | { name: 'list'; kind: InboxKind; json: boolean; unhandled: boolean }
  | { name: 'show'; kind: InboxKind; id: number; json: boolean }
  | { name: 'handle'; kind: InboxKind; id: number }
  | { name: 'import'; id: number; date: string | null; force: boolean }
  | { name: 'puzzle-stats'; json: boolean }
  | { name: 'report'; file: string; days: number }
  | { name: 'backup'; file: string }
  | { name: 'backup-daily'; folder: string | null }
  | { name: 'check-backup'; file: string }
  | { name: 'restore'; file: string; replace: boolean }
  | { name: 'move-to-postgres'; replace: boolean }
  | { name: 'forget'; email: string }
  | { name: 'forget-reminder'; endpoint: string }
  | { name: 'groups'; json: boolean }
  | { name: 'group-delete'; id: string }
  | { name: 'forget-member'; groupId: string; member: string }
  | { name: 'help' };

export interface OwnerOptions {
  command: OwnerCommand;
  dataDir: string | null;
  puzzlesDir: string | null;
}

/** The owner's report covers this many days unless --days says otherwise. */
export const DEFAULT_REPORT_DAYS = 30;
export const MAX_REPORT_DAYS = 366;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `Usage: npm run owner -- <command> [options]

  messages [--unhandled] [--json]        list contact messages, newest first
  messages show <id> [--json]            show one message in full
  messages handle <id>                   mark a message as handled
  submissions [--unhandled] [--json]     list puzzle submissions, newest first
  submissions show <id> [--json]         show one submission in full
  submissions handle <id>                mark a submission as handled
  import <submission-id> [--date YYYY-MM-DD] [--force]
                                         write the submission as puzzles/puzzle_<next>.json,
                                         dated the day after the last scheduled puzzle,
                                         after the catalogue check; marks it handled
  puzzle-stats [--json]                  the crowd's figures of each puzzle played (players, solve
                                         rate in each mode, average tries, category found last
                                         most often) and each label the solve rate disagrees with
  report [--days N] <file.html>          the owner's report as one HTML page of charts that opens
                                         offline: players per day, each recent puzzle's solve
                                         rate and mean tries against its label, mistakes per
                                         category, messages and submissions waiting (N: 30)
  backup <file>                          write a backup of everything stored (messages,
                                         submissions, the crowd's results, the database's
                                         secret) to <file>, gzip, while the server runs
  backup-daily [<folder>]                write <folder>/linchpin-YYYY-MM-DD.backup.gz (today, UTC;
                                         replacing today's) and delete that folder's backups of
                                         ${BACKUP_KEEP_DAYS} days ago and older (default folder: BACKUP_DIR)
  check-backup <file>                    restore a backup into a scratch database and check it
                                         reads back the same, table by table
  restore <file> [--replace]             restore a backup into an empty database; --replace
                                         first deletes everything the database holds
  move-to-postgres [--replace]           copy the embedded database (stopped server) into
                                         DATABASE_URL's, then count and check the copy
  forget <email>                         delete every message and submission sent from <email>
  forget <endpoint>                      delete the daily reminder of a push subscription's
                                         endpoint (an https:// address the player gives)
  forget --group <group-id> <name>       delete a group member named <name>, with their results
  groups [--json]                        list the groups of friends (members, results, last played)
  group-delete <group-id>                delete a group of friends, its members and their results

Options:
  --data-dir <dir>      the embedded database folder (default: DATA_DIR, else ./data)
  --puzzles-dir <dir>   the catalogue folder for import (default: PUZZLES_DIR, else puzzles/)
  --json                machine-readable output
  --unhandled           only the ones not handled yet
  --force               import a submission already marked handled
  --replace             restore over a database that is not empty

With DATABASE_URL set, the tool works on that PostgreSQL database instead.

The server deletes messages and submissions once handled and KEEP_HANDLED_DAYS (${DEFAULT_KEEP_HANDLED_DAYS}) days old, and
every one, handled or not, ${DELETE_ANY_AFTER_DAYS} days after it arrived: with daily backups kept ${BACKUP_KEEP_DAYS} days, nothing is
kept past the privacy page's ${KEEP_AT_MOST_MONTHS} months. Read them before then.`;

function parseId(text: string | undefined, what: string): number {
  if (text === undefined) throw new UsageError(`Which ${what}? Give its id, e.g. 3.`);
  if (!/^[1-9]\d{0,9}$/.test(text))
    throw new UsageError(`"${text}" is not a ${what} id (a whole number from 1).`);
  return Number(text);
}

export function parseOwnerArgs(argv: readonly string[]): OwnerOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean', default: false },
        unhandled: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
        date: { type: 'string' },
        group: { type: 'string' },
        days: { type: 'string' },
        'data-dir': { type: 'string' },
        'puzzles-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const common = { dataDir: values['data-dir'] ?? null, puzzlesDir: values['puzzles-dir'] ?? null };
  const [first, second, third, ...rest] = positionals;
  const extra = (list: (string | undefined)[]) => {
    const unexpected = list.filter((item) => item !== undefined);
    if (unexpected.length > 0) throw new UsageError(`Unexpected argument: ${unexpected.join(' ')}`);
  };

  if (values.help || first === undefined || first === 'help')
    return { command: { name: 'help' }, ...common };

  if (first === 'messages' || first === 'submissions') {
    const kind: InboxKind = first;
    const what = noun(kind);
    if (second === undefined) {
      return {
        command: { name: 'list', kind, json: values.json, unhandled: values.unhandled },
        ...common,
      };
    }
    extra([...rest]);
    if (second === 'show') {
      return {
        command: { name: 'show', kind, id: parseId(third, what), json: values.json },
        ...common,
      };
    }
    if (second === 'handle')
      return { command: { name: 'handle', kind, id: parseId(third, what) }, ...common };
    throw new UsageError(`Unknown ${kind} command "${second}": use show <id> or handle <id>.`);
  }

  if (first === 'import') {
    extra([third, ...rest]);
    const date = values.date ?? null;
    if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date))
      throw new UsageError(`--date must be YYYY-MM-DD, not "${date}".`);
    return {
      command: { name: 'import', id: parseId(second, 'submission'), date, force: values.force },
      ...common,
    };
  }

  if (first === 'puzzle-stats') {
    extra([second, third, ...rest]);
    return { command: { name: 'puzzle-stats', json: values.json }, ...common };
  }

  if (first === 'report') {
    extra([third, ...rest]);
    if (second === undefined) throw new UsageError('Which file? e.g. report linchpin-report.html');
    const days = values.days ?? String(DEFAULT_REPORT_DAYS);
    if (!/^\d+$/.test(days) || Number(days) < 1 || Number(days) > MAX_REPORT_DAYS)
      throw new UsageError(
        `--days must be a whole number from 1 to ${MAX_REPORT_DAYS}, not "${days}".`,
      );
    return { command: { name: 'report', file: second, days: Number(days) }, ...common };
  }

  if (first === 'backup' || first === 'restore') {
    extra([third, ...rest]);
    if (second === undefined) throw new UsageError(`Which file? e.g. ${first} linchpin-backup.gz`);
    return first === 'backup'
      ? { command: { name: 'backup', file: second }, ...common }
      : { command: { name: 'restore', file: second, replace: values.replace }, ...common };
  }

  if (first === 'backup-daily') {
    extra([third, ...rest]);
    return { command: { name: 'backup-daily', folder: second ?? null }, ...common };
  }

  if (first === 'check-backup') {
    extra([third, ...rest]);
    if (second === undefined)
      throw new UsageError('Which file? e.g. check-backup linchpin-2026-12-01.backup.gz');
    return { command: { name: 'check-backup', file: second }, ...common };
  }

  if (first === 'move-to-postgres') {
    extra([second, third, ...rest]);
    return { command: { name: 'move-to-postgres', replace: values.replace }, ...common };
  }

  if (first === 'groups') {
    extra([second, third, ...rest]);
    return { command: { name: 'groups', json: values.json }, ...common };
  }

  if (first === 'group-delete') {
    extra([third, ...rest]);
    if (second === undefined) throw new UsageError('Which group? Give its id, from `groups`.');
    return { command: { name: 'group-delete', id: second }, ...common };
  }

  if (first === 'forget' && values.group !== undefined) {
    extra([third, ...rest]);
    const member = second?.trim();
    if (!member) throw new UsageError('Which member? e.g. forget --group <group-id> "Their name"');
    return {
      command: { name: 'forget-member', groupId: values.group, member },
      ...common,
    };
  }

  if (first === 'forget' && /^[a-z][a-z0-9+.-]*:\/\//i.test(second?.trim() ?? '')) {
    extra([third, ...rest]);
    return { command: { name: 'forget-reminder', endpoint: (second ?? '').trim() }, ...common };
  }

  if (first === 'forget') {
    extra([third, ...rest]);
    const email = second?.trim();
    if (!email || !email.includes('@'))
      throw new UsageError(
        "Whose data? Give the email address, e.g. forget ada@example.com, or a daily reminder's push endpoint (https://…)",
      );
    return { command: { name: 'forget', email }, ...common };
  }

  throw new UsageError(`Unknown command "${first}".`);
}
