import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database } from '../../server/db/database';
import { insertContactMessage } from '../../server/db/inbox-store';
import { PREPARE_TIMEOUT_MS, embeddedTestDatabases } from '../../server/testing/test-databases';
import { parseOwnerArgs } from './args';
import { runOwnerCommand } from './run';
import { testOwnerContext } from './test-fixtures';

// check-backup opens a scratch database on disk (a new PGlite folder takes seconds).
vi.setConfig({ testTimeout: 60_000 });

const databases = embeddedTestDatabases();
let db: Database;
let folder: string;
let out: string[];
let err: string[];
let now = Date.parse('2026-12-02T03:00:00Z');

beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
beforeEach(async () => {
  db = await databases.fresh();
  folder = mkdtempSync(join(tmpdir(), 'linchpin-backup-files-'));
  out = [];
  err = [];
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));
afterAll(() => databases.dispose());

const owner = (...argv: string[]) =>
  runOwnerCommand(
    parseOwnerArgs(argv).command,
    testOwnerContext(db, {
      dir: folder,
      backupDir: join(folder, 'default-backups'),
      now: () => now,
      out,
      err,
    }),
  );

describe('backup-daily', () => {
  it("writes today's backup (UTC), replaces it on a second run, and deletes those 30 days old", async () => {
    const dir = join(folder, 'backups');
    mkdirSync(dir);
    // Backups of earlier days, and files that are not daily backups (never deleted).
    const kept = ['linchpin-2026-11-03.backup.gz', 'linchpin-2026-12-01.backup.gz'];
    const expired = ['linchpin-2026-11-02.backup.gz', 'linchpin-2025-06-30.backup.gz'];
    const others = ['notes.txt', 'linchpin-2026-01-01.backup.gz.partial', 'site.backup.gz'];
    for (const name of [...kept, ...expired, ...others]) writeFileSync(join(dir, name), 'old');

    await insertContactMessage(db, { name: 'Ada', email: 'ada@example.com', message: 'One' });
    now = Date.parse('2026-12-02T23:59:00Z');
    expect(await owner('backup-daily', 'backups')).toBe(0);
    expect(err).toEqual([]);
    expect(out).toEqual([
      'Backed up 1 message, 0 submissions and 0 crowd results to backups/linchpin-2026-12-02.backup.gz.',
      'Deleted 2 backups 30 days old or older: linchpin-2025-06-30.backup.gz, linchpin-2026-11-02.backup.gz.',
    ]);
    expect(readdirSync(dir).sort()).toEqual(
      [...kept, 'linchpin-2026-12-02.backup.gz', ...others].sort(),
    );

    // Run again the same day: that day's file is replaced whole (never left half-written).
    await insertContactMessage(db, { name: 'Bob', email: 'bob@example.com', message: 'Two' });
    out = [];
    expect(await owner('backup-daily', 'backups')).toBe(0);
    expect(out[0]).toBe(
      'Backed up 2 messages, 0 submissions and 0 crowd results to backups/linchpin-2026-12-02.backup.gz.',
    );
    expect(out[1]).toBe('No backup there is 30 days old yet: none deleted.');
    expect(readdirSync(dir)).toHaveLength(kept.length + 1 + others.length);

    // The next day's run writes its own file; on 2026-12-03 the one of 2026-11-03 is 30 days old.
    now = Date.parse('2026-12-03T00:00:01Z');
    out = [];
    expect(await owner('backup-daily', 'backups')).toBe(0);
    expect(out[1]).toBe('Deleted 1 backup 30 days old or older: linchpin-2026-11-03.backup.gz.');
    expect(
      readdirSync(dir)
        .filter((name) => name.endsWith('.backup.gz'))
        .sort(),
    ).toEqual([
      'linchpin-2026-12-01.backup.gz',
      'linchpin-2026-12-02.backup.gz',
      'linchpin-2026-12-03.backup.gz',
      'site.backup.gz',
    ]);
  });

  it('writes to BACKUP_DIR when no folder is given, making the folder', async () => {
    now = Date.parse('2026-12-02T03:00:00Z');
    expect(await owner('backup-daily')).toBe(0);
    expect(readdirSync(join(folder, 'default-backups'))).toEqual(['linchpin-2026-12-02.backup.gz']);
  });
});

describe('check-backup', () => {
  /** A backup file of `db` in the folder, and its lines. */
  async function backupFile(name: string): Promise<string[]> {
    expect(await owner('backup', name)).toBe(0);
    return gunzipSync(readFileSync(join(folder, name)))
      .toString()
      .split('\n');
  }

  it('restores a good backup into a scratch database and says it reads back the same', async () => {
    await insertContactMessage(db, { name: 'Ada', email: 'ada@example.com', message: 'Hi' });
    await backupFile('good.backup.gz');
    out = [];
    expect(await owner('check-backup', 'good.backup.gz')).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toMatch(
      /^Restored good\.backup\.gz \(made \d{4}-\d\d-\d\d \d\d:\d\d UTC\) into a scratch database and read it back:$/,
    );
    expect(out).toContainEqual(
      expect.stringMatching(/^ {2}contact_messages +1 in the file, +1 read back {2}same$/),
    );
    expect(out).toContainEqual(
      expect.stringMatching(/^ {2}server_secret +1 in the file, +1 read back {2}same$/),
    );
    expect(out.at(-1)).toBe(
      'The backup good.backup.gz is good: every table restores to the same rows and checksums.',
    );
  });

  it('refuses a damaged file, and one that does not read back as it was written', async () => {
    await insertContactMessage(db, { name: 'Ada', email: 'ada@example.com', message: 'Hi' });
    const lines = await backupFile('good.backup.gz');
    // Altered after it was written: its own checksums no longer match.
    writeFileSync(
      join(folder, 'altered.backup.gz'),
      gzipSync(lines.map((line) => line.replace('"Hi"', '"Ho"')).join('\n')),
    );
    // Cut off.
    writeFileSync(join(folder, 'cut.backup.gz'), gzipSync(lines.slice(0, 2).join('\n')));
    // Consistent with itself, but a row written in a way no database reads back the same (a
    // space after a colon, its checksum made again): the restore drill finds it.
    const message = lines.findIndex((line) => line.startsWith('{"table":"contact_messages"'));
    const respaced = [...lines];
    respaced[message] = (lines[message] ?? '').replace('"name":"Ada"', '"name": "Ada"');
    const row = (respaced[message] ?? '').slice('{"table":"contact_messages","row":'.length, -1);
    const end = JSON.parse(respaced.at(-2) ?? '{}') as { sha256: Record<string, string> };
    end.sha256.contact_messages = createHash('sha256').update(`${row}\n`).digest('hex');
    respaced[respaced.length - 2] = JSON.stringify(end);
    writeFileSync(join(folder, 'respaced.backup.gz'), gzipSync(respaced.join('\n')));

    expect(await owner('check-backup', 'altered.backup.gz')).toBe(1);
    expect(await owner('check-backup', 'cut.backup.gz')).toBe(1);
    expect(err).toEqual([
      "The backup altered.backup.gz is damaged: The backup's contact_messages rows do not match its own count and checksum. Do not rely on it.",
      'The backup cut.backup.gz is damaged: The backup is cut off: it has no end line. Do not rely on it.',
    ]);
    err = [];
    out = [];
    expect(await owner('check-backup', 'respaced.backup.gz')).toBe(1);
    expect(out).toContainEqual(
      expect.stringMatching(/^ {2}contact_messages +1 in the file, +1 read back {2}DIFFERENT$/),
    );
    expect(err).toEqual([
      'The backup respaced.backup.gz does not restore to what it holds (contact_messages): do not rely on it.',
    ]);
    expect(await owner('check-backup', 'missing.backup.gz')).toBe(1);
  });
});
