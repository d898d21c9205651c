import { existsSync } from 'node:fs';
import { z } from 'zod';
import { CROWD_MODES } from '../../core/crowd';
import { type Database } from '../../server/db/database';
import { DataDirBusyError } from '../../server/db/data-dir-lock';
import {
  getInboxEntry,
  inboxEntrySchema,
  listInbox,
  markHandled,
  type InboxEntry,
  type InboxKind,
} from '../../server/db/inbox-store';
import { migrate } from '../../server/db/migrate';
import { resultTallies, resultsNotCounted, type PuzzleTally } from '../../server/db/results-store';
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
  /** Results of each puzzle not counted: over RESULTS_PER_ADDRESS from one address. */
  notCounted(): Promise<Record<string, number>>;
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

/** Through the running server's loopback-only owner endpoints. */
export function serverSource(access: OwnerAccess): OwnerSource {
  const call = async (method: 'GET' | 'POST', path: string): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(`${access.url}/api/owner${path}`, {
        method,
        headers: { authorization: `Bearer ${access.token}` },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new SourceError(
        `The server at ${access.url} did not answer (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
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
  if (!existsSync(pgliteDir(dataDir))) {
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
      const access = await readOwnerAccess(dataDir);
      if (access?.pid === error.holder.pid && (await serverAnswers(access)))
        return serverSource(access);
      if (Date.now() >= deadline) throw new SourceError(`${error.message} Try again in a moment.`);
    }
    await sleep(200);
  }
}
