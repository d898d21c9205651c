import { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { type Database } from '../../server/db/database';
import { acquireDataDirLock } from '../../server/db/data-dir-lock';
import { insertContactMessage } from '../../server/db/inbox-store';
import { pgliteDir } from '../../server/db/pglite-database';
import { newOwnerToken, writeOwnerAccess } from '../../server/owner-access';
import { testConfig } from '../../server/testing/fixture-site';
import { PREPARE_TIMEOUT_MS, embeddedTestDatabases } from '../../server/testing/test-databases';
import { SourceError, openOwnerSource } from './source';

const databases = embeddedTestDatabases();
let db: Database;
let dataDir: string;

beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
beforeEach(async () => {
  db = await databases.fresh();
  dataDir = mkdtempSync(join(tmpdir(), 'linchpin-data-'));
  mkdirSync(pgliteDir(dataDir));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
afterAll(() => databases.dispose());

describe('openOwnerSource', () => {
  it('goes through the server that holds the data folder', async () => {
    // What server/index.ts does: hold the folder, listen on loopback, leave the token beside the data.
    const lock = await acquireDataDirLock(dataDir, 'server');
    const token = newOwnerToken();
    const app: FastifyInstance = createApp({
      db,
      config: testConfig(),
      ownerToken: token,
      logger: false,
    });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      await writeOwnerAccess(dataDir, { pid: process.pid, url, token });
      await insertContactMessage(db, { name: 'Ada', email: 'ada@example.com', message: 'Hi' });

      const source = await openOwnerSource({ dataDir, databaseUrl: null });
      expect(source.description).toBe(`through the server at ${url}`);
      expect(await source.list('messages', { unhandled: false })).toMatchObject([
        { id: 1, fields: { name: 'Ada' } },
      ]);
      expect(await source.get('messages', 1)).toMatchObject({ id: 1, handledAt: null });
      expect((await source.markHandled('messages', 1))?.handledAt).not.toBeNull();
      expect(await source.list('messages', { unhandled: true })).toEqual([]);
      expect(await source.get('messages', 7)).toBeNull();
      await source.close();
    } finally {
      await app.close();
      await lock.release();
    }
  });

  it('gives up with a clear message when the folder stays busy and no server answers', async () => {
    const lock = await acquireDataDirLock(dataDir, 'server');
    try {
      const opening = openOwnerSource({ dataDir, databaseUrl: null, waitMs: 300 });
      await expect(opening).rejects.toBeInstanceOf(SourceError);
      await expect(opening).rejects.toThrow(
        /is in use by the Linchpin server \(process \d+\)\. Try again in a moment\./,
      );
    } finally {
      await lock.release();
    }
  });

  it('refuses a folder with no database instead of creating one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'linchpin-empty-'));
    try {
      await expect(openOwnerSource({ dataDir: empty, databaseUrl: null })).rejects.toThrow(
        /There is no Linchpin database in/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
