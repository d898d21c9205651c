import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database } from '../../server/db/database';
import { joinGroup, listGroups, startGroup } from '../../server/db/friends-store';
import { ENGINES, PREPARE_TIMEOUT_MS } from '../../server/testing/test-databases';
import { parseOwnerArgs } from './args';
import { runOwnerCommand } from './run';
import { testOwnerContext } from './test-fixtures';

describe.each(ENGINES)('the owner’s groups of friends (%s)', (_name, makeDatabases) => {
  const databases = makeDatabases();
  let db: Database;
  let out: string[];
  let err: string[];
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    db = await databases.fresh();
    out = [];
    err = [];
  });
  afterAll(() => databases.dispose());

  const owner = (...argv: string[]) =>
    runOwnerCommand(
      parseOwnerArgs(argv).command,
      testOwnerContext(db, { dir: '.', backupDir: 'backups', out, err }),
    );

  async function family() {
    const started = await startGroup(db, {
      groupName: 'Family \u001b[31m',
      name: 'Ann',
      today: '2026-11-25',
    });
    await joinGroup(db, { invite: started.invite, name: 'Ben', today: '2026-11-25' });
    return started.group.id;
  }

  it('lists groups with their members and results, control characters made visible', async () => {
    const id = await family();
    expect(await owner('groups')).toBe(0);
    const [table] = out;
    expect(table).toContain(id);
    expect(table).toContain('Family \\u001b[31m');
    expect(table).toMatch(/members\s+results/);
    expect(table).toContain('1 group');
    out = [];
    expect(await owner('groups', '--json')).toBe(0);
    expect(JSON.parse(out[0] ?? '')).toMatchObject([{ id, members: 2, results: 0 }]);
  });

  it('forgets a member by group and name, whatever its case; the starter’s part passes on', async () => {
    const id = await family();
    expect(await owner('forget', '--group', id, 'ann')).toBe(0);
    expect(out).toEqual([`Deleted ann from group ${id}, with their results.`]);
    const members = await db.query('SELECT name, starter FROM friend_members');
    expect(members).toEqual([{ name: 'Ben', starter: true }]);
    expect(await owner('forget', '--group', id, 'Nobody')).toBe(1);
    expect(err).toEqual([`Group ${id} has no member named Nobody.`]);
  });

  it('deletes a group with its members and results', async () => {
    const id = await family();
    expect(await owner('group-delete', id)).toBe(0);
    expect(await listGroups(db)).toEqual([]);
    expect(await db.query('SELECT * FROM friend_members')).toEqual([]);
    expect(await owner('group-delete', id)).toBe(1);
    expect(err).toEqual([`There is no group ${id}.`]);
  });
});
