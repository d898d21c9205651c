import { relative, resolve } from 'node:path';
import { utcDate } from '../../core/dates';
import { type Random } from '../../core/game/random';
import { validatePuzzleSubmission } from '../../core/forms';
import { type InboxEntry, type InboxKind } from '../../server/db/inbox-store';
import { USAGE, type OwnerCommand } from './args';
import {
  capitalisedNoun,
  formatEntry,
  formatList,
  formatTime,
  noun,
  toJson,
  visible,
} from './format';
import {
  nextPuzzleDate,
  nextPuzzleNumber,
  puzzleFromSubmission,
  readCatalogue,
  violationsOf,
  writePuzzleFile,
} from './import-puzzle';
import { type OwnerSource } from './source';
import { type Database } from '../../server/db/database';
import {
  backupCommand,
  forgetCommand,
  forgetReminderCommand,
  moveCommand,
  restoreCommand,
} from './keeping';
import { backupDailyCommand, checkBackupCommand } from './backup-files';
import { formatPuzzleStats, puzzleStats } from './puzzle-stats';
import { forgetMemberCommand, groupDeleteCommand, groupsCommand } from './friend-groups';
import { chartLibrary, ownerReport, reportHtml } from './report';
import { writeFile } from 'node:fs/promises';

/** Everything a command touches, passed in so tests can use a test database and a fixed clock. */
export interface OwnerContext {
  /** Where the data is; `create` makes the embedded database when there is none (restore). */
  source: (options?: { create?: boolean }) => Promise<OwnerSource>;
  /** For move-to-postgres: the embedded database (opened itself, never through a server) and DATABASE_URL's. */
  databases: () => Promise<{ from: Database; to: Database; dataDir: string }>;
  puzzlesDir: string;
  /** BACKUP_DIR: where backup-daily writes when no folder is given. */
  backupDir: string;
  cwd: string;
  now: () => number;
  random: Random;
  out: (text: string) => void;
  err: (text: string) => void;
}

async function withSource<T>(
  context: OwnerContext,
  work: (source: OwnerSource) => Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> {
  const source = await context.source(options);
  try {
    return await work(source);
  } finally {
    await source.close();
  }
}

/** The entry asked for; null, once the owner is told there is no such entry. */
async function findEntry(
  context: OwnerContext,
  source: OwnerSource,
  kind: InboxKind,
  id: number,
): Promise<InboxEntry | null> {
  const entry = await source.get(kind, id);
  if (entry === null) context.err(`There is no ${noun(kind)} ${id}.`);
  return entry;
}

async function importSubmission(
  context: OwnerContext,
  source: OwnerSource,
  command: Extract<OwnerCommand, { name: 'import' }>,
): Promise<number> {
  const entry = await findEntry(context, source, 'submissions', command.id);
  if (entry === null) return 1;
  if (entry.handledAt !== null && !command.force) {
    context.err(
      `Submission ${command.id} was already handled (${formatTime(entry.handledAt)}), perhaps imported. ` +
        'Add --force to import it anyway.',
    );
    return 1;
  }
  const form = validatePuzzleSubmission(entry.fields);
  if (!form.success) {
    context.err(
      `Submission ${command.id} cannot be imported: its stored fields do not pass the form's rules.`,
    );
    for (const [name, message] of Object.entries(form.fieldErrors))
      context.err(`  ${name}: ${message}`);
    return 1;
  }

  const catalogue = readCatalogue(context.puzzlesDir);
  const today = utcDate(context.now());
  const date = command.date ?? nextPuzzleDate(catalogue, today);
  const puzzle = puzzleFromSubmission(form.data, {
    number: nextPuzzleNumber(catalogue),
    date,
    random: context.random,
  });
  const file = `${puzzle.id}.json`;
  const problems = violationsOf(catalogue, { file, data: puzzle });
  if (problems.length > 0) {
    context.err(
      `Submission ${command.id} was not imported: the catalogue check refused it. Nothing was written.`,
    );
    for (const problem of problems) context.err(`  ${problem.field}: ${visible(problem.message)}`);
    return 1;
  }

  const path = await writePuzzleFile(context.puzzlesDir, puzzle);
  await source.markHandled('submissions', command.id);
  context.out(
    `Wrote ${relative(context.cwd, path) || path}: "${visible(puzzle.title)}" by ${visible(puzzle.author ?? '')}, ` +
      `scheduled for ${puzzle.date}. Submission ${command.id} is marked handled.`,
  );
  return 0;
}

/** Runs one command; returns the exit code (0 done, 1 refused or not found). */
export async function runOwnerCommand(
  command: OwnerCommand,
  context: OwnerContext,
): Promise<number> {
  switch (command.name) {
    case 'help':
      context.out(USAGE);
      return 0;
    case 'list':
      return withSource(context, async (source) => {
        const entries = await source.list(command.kind, { unhandled: command.unhandled });
        context.out(
          command.json
            ? JSON.stringify(entries.map(toJson), null, 2)
            : formatList(command.kind, entries, command.unhandled),
        );
        return 0;
      });
    case 'show':
      return withSource(context, async (source) => {
        const entry = await findEntry(context, source, command.kind, command.id);
        if (entry === null) return 1;
        context.out(
          command.json ? JSON.stringify(toJson(entry), null, 2) : formatEntry(command.kind, entry),
        );
        return 0;
      });
    case 'handle':
      return withSource(context, async (source) => {
        const before = await findEntry(context, source, command.kind, command.id);
        if (before === null) return 1;
        if (before.handledAt !== null) {
          context.out(
            `${capitalisedNoun(command.kind)} ${command.id} was already handled (${formatTime(before.handledAt)}).`,
          );
          return 0;
        }
        await source.markHandled(command.kind, command.id);
        context.out(`${capitalisedNoun(command.kind)} ${command.id} is marked handled.`);
        return 0;
      });
    case 'import':
      return withSource(context, (source) => importSubmission(context, source, command));
    case 'puzzle-stats':
      return withSource(context, async (source) => {
        const stats = puzzleStats(
          await source.tallies(),
          readCatalogue(context.puzzlesDir),
          await source.notCounted(),
        );
        context.out(command.json ? JSON.stringify(stats, null, 2) : formatPuzzleStats(stats));
        return 0;
      });
    case 'report':
      return withSource(context, async (source) => {
        const catalogue = readCatalogue(context.puzzlesDir);
        const [tallies, notCounted, mistakes, messages, submissions] = await Promise.all([
          source.tallies(),
          source.notCounted(),
          source.mistakes(),
          source.list('messages', { unhandled: true }),
          source.list('submissions', { unhandled: true }),
        ]);
        const report = ownerReport({
          stats: puzzleStats(tallies, catalogue, notCounted),
          catalogue,
          mistakes,
          waiting: { messages: messages.length, submissions: submissions.length },
          today: utcDate(context.now()),
          days: command.days,
        });
        const path = resolve(context.cwd, command.file);
        await writeFile(path, reportHtml(report, chartLibrary()));
        context.out(
          `Wrote ${relative(context.cwd, path) || path}: the last ${command.days} days to ${report.today}. Open it in any browser; it works offline.`,
        );
        return 0;
      });
    case 'backup':
      return withSource(context, (source) => backupCommand(context, source, command.file));
    case 'backup-daily':
      return withSource(context, (source) =>
        backupDailyCommand(context, source, command.folder ?? context.backupDir),
      );
    case 'check-backup':
      return checkBackupCommand(context, command.file);
    case 'restore':
      return withSource(
        context,
        (source) => restoreCommand(context, source, command.file, command.replace),
        { create: true },
      );
    case 'move-to-postgres':
      return moveCommand(context, context.databases, command.replace);
    case 'forget':
      return withSource(context, (source) => forgetCommand(context, source, command.email));
    case 'forget-reminder':
      return withSource(context, (source) =>
        forgetReminderCommand(context, source, command.endpoint),
      );
    case 'groups':
      return withSource(context, (source) => groupsCommand(context, source, command.json));
    case 'group-delete':
      return withSource(context, (source) => groupDeleteCommand(context, source, command.id));
    case 'forget-member':
      return withSource(context, (source) =>
        forgetMemberCommand(context, source, command.groupId, command.member),
      );
  }
}
