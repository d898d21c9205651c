import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARE_TIMEOUT_MS, embeddedTestDatabases } from '../testing/test-databases';
import { migrate } from './migrate';

const databases = embeddedTestDatabases();
beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
afterAll(() => databases.dispose());

describe('migrate', () => {
  it('applies each migration once, in name order', async () => {
    const db = await databases.fresh(); // already migrated with the real files
    expect(await migrate(db)).toEqual([]);

    const dir = mkdtempSync(join(tmpdir(), 'linchpin-migrations-'));
    try {
      writeFileSync(join(dir, '002-second.sql'), 'ALTER TABLE t ADD COLUMN b text;');
      writeFileSync(join(dir, '001-first.sql'), 'CREATE TABLE t (a text);');
      writeFileSync(join(dir, 'notes.txt'), 'not a migration');
      expect(await migrate(db, dir)).toEqual(['001-first.sql', '002-second.sql']);
      expect(await migrate(db, dir)).toEqual([]);
      await db.query('INSERT INTO t (a, b) VALUES ($1, $2)', ['x', 'y']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls back every migration of a run when one fails', async () => {
    const db = await databases.fresh();
    const dir = mkdtempSync(join(tmpdir(), 'linchpin-migrations-'));
    try {
      writeFileSync(join(dir, '001-good.sql'), 'CREATE TABLE good (a text);');
      writeFileSync(join(dir, '002-bad.sql'), 'CREATE TABLE broken (;');
      await expect(migrate(db, dir)).rejects.toThrow();
      await expect(db.query('SELECT * FROM good')).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
