import { deleteReminder } from '../../server/db/reminders-store';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { CROWD_MODES } from '../../core/crowd';
import {
  BackupError,
  NotEmptyError,
  backupText,
  countsSchema,
  restoreBackup,
  summarySchema,
  writeBackupTo,
  type BackupSummary,
  type TableCounts,
} from '../../server/db/backup';
import { type Database } from '../../server/db/database';
import {
  deleteGroup,
  forgetMember,
  groupSummarySchema,
  listGroups,
  type GroupSummary,
} from '../../server/db/friends-store';
import { DataDirBusyError } from '../../server/db/data-dir-lock';
import {
  forgetSender,
  getInboxEntry,
  inboxEntrySchema,
  listInbox,
  markHandled,
  type InboxCounts,
  type InboxEntry,
  type InboxKind,
} from '../../server/db/inbox-store';
import { migrate } from '../../server/db/migrate';
import {
  categoryMistakes,
  resultTallies,
  resultsNotCounted,
  type CategoryMistakes,
  type PuzzleTally,
} from '../../server/db/results-store';
import { openEmbeddedDatabase, pgliteDir } from '../../server/db/pglite-database';
import { openPostgresDatabase } from '../../server/db/postgres-database';
import { readOwnerAccess, type OwnerAccess } from '../../server/owner-access';

/** Where the owner's tool reads and updates what players sent. */
export interface OwnerSource {
  /** How the tool reached the data, for messages. */
  readonly description: string;
  list(kind: InboxKind, options: { unhandled: boolean }): Promise<InboxEntry[]>;
  get(kind: InboxKind, id: number): Promise<InboxEntry | null>;
  markHandled(kind: InboxKind, id: number): Promise<InboxEntry | null>;
  /** The crowd's results of every puzzle, counted as the panel's figures are (resultTallies). */
  tallies(): Promise<PuzzleTally[]>;
  /** Results of each puzzle not counted: over RESULTS_PER_ADDRESS from one address, or RESULTS_PER_NETWORK from one /48. */
  notCounted(): Promise<Record<string, number>>;
  /** Wrong tries that missed each category of each puzzle (the owner's report). */
  mistakes(): Promise<CategoryMistakes[]>;
  /** Writes a backup (server/db/backup.ts) to `file`, gzip-compressed. */
  backup(file: string): Promise<void>;
  /** Restores the backup in `file`; NotEmptyError when the database holds anything and not `replace`. */
  restore(file: string, options: { replace: boolean }): Promise<BackupSummary>;
  /** Deletes every message and submission sent from `email`. */
  forget(email: string): Promise<InboxCounts>;
  /** Deletes the daily reminder of a push endpoint: how many there were (0 or 1). */
  forgetReminder(endpoint: string): Promise<number>;
  /** The groups of friends (server/db/friends-store.ts). */
  groups(): Promise<GroupSummary[]>;
  /** Deletes a group with its members and results; false when there is none. */
  deleteGroup(id: string): Promise<boolean>;
  /** Deletes a group's member (by name, whatever its case) with their results; false when none. */
  forgetMember(groupId: string, name: string): Promise<boolean>;
  close(): Promise<void>;
}

export class SourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceError';
  }
}

/** Straight on a database: PostgreSQL, or the embedded one when no server holds it. */
export function databaseSource(db: Database, description: string): OwnerSource {
  return {
    description,
    list: (kind, options) => listInbox(db, kind, options),
    get: (kind, id) => getInboxEntry(db, kind, id),
    markHandled: (kind, id) => markHandled(db, kind, id),
    tallies: () => resultTallies(db, null),
    notCounted: () => resultsNotCounted(db),
    mistakes: () => categoryMistakes(db),
    backup: async (file) => {
      await writeBackupTo(db, createWriteStream(file, { mode: 0o600 }));
    },
    restore: (file, options) => restoreBackup(db, backupText(createReadStream(file)), options),
    forget: (email) => forgetSender(db, email),
    forgetReminder: (endpoint) => deleteReminder(db, endpoint),
    groups: () => listGroups(db),
    deleteGroup: (id) => deleteGroup(db, id),
    forgetMember: (groupId, name) => forgetMember(db, groupId, name),
    close: () => db.close(),
  };
}

const puzzleTallySchema = z.object({
  puzzleId: z.string(),
  mode: z.enum(CROWD_MODES),
  won: z.boolean(),
  tries: z.number().int(),
  foundLast: z.number().int(),
  count: z.number().int(),
});

const restoreOutcome = z.union([
  z.object({ restored: summarySchema }),
  z.object({ error: z.string() }),
]);
const refusalSchema = z.object({ error: z.string(), counts: countsSchema.optional() });

/** Through the running server's loopback-only owner endpoints. */
export function serverSource(access: OwnerAccess): OwnerSource {
  const send = async (
    method: 'GET' | 'POST',
    path: string,
    body?: { type: string; data: string | ReadableStream<Uint8Array> },
  ): Promise<Response> => {
    try {
      return await fetch(`${access.url}/api/owner${path}`, {
        method,
        headers: {
          authorization: `Bearer ${access.token}`,
          ...(body ? { 'content-type': body.type } : {}),
        },
        ...(body ? { body: body.data, duplex: 'half' } : {}),
        // A backup or restore takes as long as the data does; anything else answers at once.
        signal: body || path === '/backup' ? null : AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new SourceError(
        `The server at ${access.url} did not answer (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  };
  const call = async (method: 'GET' | 'POST', path: string): Promise<unknown> => {
    const response = await send(method, path);
    if (response.status === 404) return null;
    if (!response.ok)
      throw new SourceError(`The server at ${access.url} answered ${response.status}.`);
    return response.json();
  };
  const entry = (data: unknown) => (data === null ? null : inboxEntrySchema.parse(data));
  return {
    description: `through the server at ${access.url}`,
    list: async (kind, options) =>
      z
        .array(inboxEntrySchema)
        .parse(await call('GET', `/${kind}${options.unhandled ? '?unhandled=true' : ''}`)),
    get: async (kind, id) => entry(await call('GET', `/${kind}/${id}`)),
    markHandled: async (kind, id) => entry(await call('POST', `/${kind}/${id}/handle`)),
    tallies: async () => z.array(puzzleTallySchema).parse(await call('GET', '/puzzle-stats')),
    notCounted: async () =>
      z.record(z.string(), z.number().int()).parse(await call('GET', '/results-not-counted')),
    mistakes: async () =>
      z
        .array(
          z.object({
            puzzleId: z.string(),
            category: z.number().int(),
            mistakes: z.number().int(),
          }),
        )
        .parse(await call('GET', '/category-mistakes')),
    backup: async (file) => {
      const response = await send('GET', '/backup');
      if (!response.ok || !response.body)
        throw new SourceError(`The server at ${access.url} answered ${response.status}.`);
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        createWriteStream(file, { mode: 0o600 }),
      );
    },
    restore: async (file, options) => {
      const data = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      const response = await send('POST', `/restore${options.replace ? '?replace=true' : ''}`, {
        type: 'application/gzip',
        data,
      });
      if (response.ok) {
        // JSON lines: progress while the server restores in batches, then the outcome.
        const lines = (await response.text()).trim().split('\n');
        let last: unknown = null;
        try {
          last = JSON.parse(lines.at(-1) ?? 'null');
        } catch {
          // Cut off: said below.
        }
        const outcome = restoreOutcome.safeParse(last);
        if (!outcome.success)
          throw new SourceError(`The server at ${access.url} did not finish the restore.`);
        if ('error' in outcome.data) throw new BackupError(outcome.data.error);
        return outcome.data.restored;
      }
      const answer: unknown = await response.json().catch(() => null);
      const refusal = refusalSchema.safeParse(answer);
      if (response.status === 409 && refusal.success && refusal.data.counts)
        throw new NotEmptyError(refusal.data.counts satisfies TableCounts);
      if (response.status === 400 && refusal.success) throw new BackupError(refusal.data.error);
      throw new SourceError(`The server at ${access.url} answered ${response.status}.`);
    },
    forget: async (email) => {
      const response = await send('POST', '/forget', {
        type: 'application/json',
        data: JSON.stringify({ email }),
      });
      if (!response.ok)
        throw new SourceError(`The server at ${access.url} answered ${response.status}.`);
      return z
        .object({ messages: z.number().int(), submissions: z.number().int() })
        .parse(await response.json());
    },
    forgetReminder: async (endpoint) => {
      const response = await send('POST', '/forget-reminder', {
        type: 'application/json',
        data: JSON.stringify({ endpoint }),
      });
      if (!response.ok)
        throw new SourceError(`The server at ${access.url} answered ${response.status}.`);
      return z.object({ deleted: z.number().int() }).parse(await response.json()).deleted;
    },
    groups: async () => z.array(groupSummarySchema).parse(await call('GET', '/groups')),
    deleteGroup: async (id) =>
      (await call('POST', `/groups/${encodeURIComponent(id)}/delete`)) !== null,
    forgetMember: async (groupId, name) => {
      const response = await send('POST', '/forget-member', {
        type: 'application/json',
        data: JSON.stringify({ group: groupId, name }),
      });
      if (response.status === 404) return false;
      if (!response.ok)
        throw new SourceError(`The server at ${access.url} answered ${response.status}.`);
      return true;
    },
    close: async () => {},
  };
}

async function serverAnswers(access: OwnerAccess): Promise<boolean> {
  try {
    const response = await fetch(`${access.url}/api/owner/ping`, {
      headers: { authorization: `Bearer ${access.token}` },
      signal: AbortSignal.timeout(3000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SourceSettings {
  dataDir: string;
  databaseUrl: string | null;
  /** How long to keep trying while the data folder is busy (a server starting or stopping). */
  waitMs?: number;
  /** Create the embedded database when the folder has none (a restore into a new folder). */
  create?: boolean;
  /** Never through a running server: the folder itself, or an error once waitMs has passed. */
  directOnly?: boolean;
}

/**
 * DATABASE_URL → that PostgreSQL database. Otherwise the embedded database in dataDir: opened
 * directly when free, or through the server that holds it.
 */
export async function openOwnerSource(settings: SourceSettings): Promise<OwnerSource> {
  if (settings.databaseUrl) {
    let db: Database;
    try {
      db = await openPostgresDatabase(settings.databaseUrl);
    } catch (error) {
      throw new SourceError(
        `Cannot reach the PostgreSQL server of DATABASE_URL (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
    await migrate(db);
    return databaseSource(db, 'on the PostgreSQL database of DATABASE_URL');
  }

  const { dataDir } = settings;
  if (!settings.create && !existsSync(pgliteDir(dataDir))) {
    throw new SourceError(
      `There is no Linchpin database in ${dataDir} (the server creates it when it first starts). ` +
        'Set DATA_DIR or --data-dir to the folder the server uses.',
    );
  }
  const deadline = Date.now() + (settings.waitMs ?? 15_000);
  for (;;) {
    try {
      const db = await openEmbeddedDatabase(dataDir, { role: 'owner' });
      await migrate(db);
      return databaseSource(db, `on the database in ${dataDir}`);
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      if (settings.directOnly) {
        if (Date.now() >= deadline) throw new SourceError(error.message);
        await sleep(200);
        continue;
      }
      const access = await readOwnerAccess(dataDir);
      if (access?.pid === error.holder.pid && (await serverAnswers(access)))
        return serverSource(access);
      if (Date.now() >= deadline) throw new SourceError(`${error.message} Try again in a moment.`);
    }
    await sleep(200);
  }
}

/**
 * For move-to-postgres: the embedded database in dataDir, opened by the tool itself (a server
 * still running on it would take posts the copy leaves behind), and DATABASE_URL's.
 */
export async function openMoveDatabases(settings: {
  dataDir: string;
  databaseUrl: string | null;
}): Promise<{ from: Database; to: Database; dataDir: string }> {
  if (!settings.databaseUrl)
    throw new SourceError(
      'Set DATABASE_URL to the PostgreSQL database to move to, e.g. DATABASE_URL=postgres://… npm run owner -- move-to-postgres',
    );
  if (!existsSync(pgliteDir(settings.dataDir)))
    throw new SourceError(`There is no Linchpin database in ${settings.dataDir} to move.`);
  let from: Database;
  try {
    from = await openEmbeddedDatabase(settings.dataDir, { role: 'owner', waitMs: 2000 });
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    throw new SourceError(
      `${error.message} Stop the server first: posts it takes after the copy would be left behind.`,
    );
  }
  try {
    await migrate(from);
    const to = await openPostgresDatabase(settings.databaseUrl).catch((error: unknown) => {
      throw new SourceError(
        `Cannot reach the PostgreSQL server of DATABASE_URL (${error instanceof Error ? error.message : String(error)}).`,
      );
    });
    return { from, to, dataDir: settings.dataDir };
  } catch (error) {
    await from.close();
    throw error;
  }
}
