import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seededRandom } from '../../core/game/random';
import { checkCatalogue } from '../../core/puzzle-check';
import { type Database } from '../../server/db/database';
import {
  getInboxEntry,
  insertContactMessage,
  insertPuzzleSubmission,
} from '../../server/db/inbox-store';
import { ENGINES, PREPARE_TIMEOUT_MS } from '../../server/testing/test-databases';
import { insertResults } from '../../server/db/results-store';
import { type CrowdPost } from '../../core/crowd';
import { parseOwnerArgs } from './args';
import { runOwnerCommand } from './run';
import { SUBMISSION, testOwnerContext } from './test-fixtures';

const CATALOGUE_DIR = join(import.meta.dirname, '..', '..', 'puzzles');
// 2026-11-22T12:00:00Z
const NOW = Date.UTC(2026, 10, 22, 12);

describe.each(ENGINES)("owner's tool on the %s database", (_name, makeDatabases) => {
  const databases = makeDatabases();
  let db: Database;
  let puzzlesDir: string;
  let out: string[];
  let err: string[];

  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    db = await databases.fresh();
    puzzlesDir = mkdtempSync(join(tmpdir(), 'linchpin-puzzles-'));
    // A small catalogue: the last scheduled puzzle is dated 2026-12-10 in puzzle_32.json.
    for (const file of ['puzzle_1.json', 'puzzle_2.json', 'puzzle_32.json']) {
      copyFileSync(join(CATALOGUE_DIR, file), join(puzzlesDir, file));
    }
    out = [];
    err = [];
  });
  afterEach(async () => {
    await db.close();
    rmSync(puzzlesDir, { recursive: true, force: true });
  });
  afterAll(() => databases.dispose());

  const owner = (...argv: string[]) =>
    runOwnerCommand(
      parseOwnerArgs(argv).command,
      testOwnerContext(db, { dir: puzzlesDir, now: () => NOW, random: seededRandom(42), out, err }),
    );

  const puzzleFiles = () => readdirSync(puzzlesDir).sort();

  it('lists messages newest first, and says so when there are none', async () => {
    expect(await owner('messages')).toBe(0);
    expect(out).toEqual(['No messages.']);
    await insertContactMessage(db, { name: 'Ada', email: 'ada@example.com', message: 'First' });
    await insertContactMessage(db, {
      name: 'Bob',
      email: 'bob@example.com',
      message: 'Second\nwith two lines',
    });
    out = [];
    expect(await owner('messages')).toBe(0);
    const lines = out.join('\n').split('\n');
    expect(lines[0]).toMatch(/^ID\s+RECEIVED\s+STATUS\s+NAME\s+EMAIL\s+MESSAGE$/);
    expect(lines[1]).toMatch(
      /^2\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\s+new\s+Bob\s+bob@example.com\s+Second with two lines$/,
    );
    expect(lines[2]).toMatch(/^1\s.*Ada\s+ada@example.com\s+First$/);
    expect(lines.at(-1)).toBe('2 messages');
  });

  it('prints --json as an array of objects with id, createdAt, handled and the fields', async () => {
    await insertContactMessage(db, { name: 'Ada', email: 'ada@example.com', message: 'Hi' });
    expect(await owner('messages', '--json')).toBe(0);
    const [first, ...rest] = z
      .array(z.record(z.string(), z.unknown()))
      .parse(JSON.parse(out.join('\n')));
    expect(rest).toEqual([]);
    expect(first?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect({ ...first, createdAt: 'checked above' }).toEqual({
      id: 1,
      createdAt: 'checked above',
      handled: false,
      handledAt: null,
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hi',
    });
  });

  it('shows one message in full, and marks it handled once', async () => {
    await insertContactMessage(db, {
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Line one\nLine two',
    });
    expect(await owner('messages', 'show', '1')).toBe(0);
    expect(out.join('\n')).toContain(
      'From:    Ada <ada@example.com>\nMessage:\n    Line one\n    Line two',
    );
    out = [];
    expect(await owner('messages', 'handle', '1')).toBe(0);
    expect(out).toEqual(['Message 1 is marked handled.']);
    out = [];
    expect(await owner('messages', 'handle', '1')).toBe(0);
    expect(out[0]).toMatch(
      /^Message 1 was already handled \(\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)\.$/,
    );
    out = [];
    expect(await owner('messages', '--unhandled')).toBe(0);
    expect(out).toEqual(['No unhandled messages.']);
    out = [];
    expect(await owner('messages', '--json')).toBe(0);
    expect(JSON.parse(out.join(''))).toMatchObject([{ id: 1, handled: true }]);
  });

  it('says when there is no such id', async () => {
    expect(await owner('messages', 'show', '9')).toBe(1);
    expect(await owner('submissions', 'handle', '9')).toBe(1);
    expect(await owner('import', '9')).toBe(1);
    expect(err).toEqual([
      'There is no message 9.',
      'There is no submission 9.',
      'There is no submission 9.',
    ]);
  });

  it('never lets stored text drive the terminal', async () => {
    // Stored without the form's checks, as another client of the database could.
    await insertContactMessage(db, {
      name: 'Eve\u001b[2J',
      email: 'eve@example.com',
      message: 'Hi\u001b]0;pwned\u0007',
    });
    await owner('messages');
    await owner('messages', 'show', '1');
    const printed = out.join('\n');
    expect(printed).not.toContain('\u001b');
    expect(printed).toContain('Eve\\u001b[2J');
  });

  it('shows a submission with its groups and how to import it', async () => {
    await insertPuzzleSubmission(db, SUBMISSION);
    expect(await owner('submissions')).toBe(0);
    expect(out.join('\n')).toMatch(/1\s.*Grace Hopper\s+grace@example.com\s+Under the Hood/);
    out = [];
    expect(await owner('submissions', 'show', '1')).toBe(0);
    const shown = out.join('\n');
    expect(shown).toContain('Special word: (blank: the first word, Bonnet)');
    expect(shown).toContain('Category 2:   Hats: Bonnet, Beret, Fedora');
    expect(shown).toContain('Import it with: npm run owner -- import 1');
  });

  it('imports a submission as the next puzzle on the next free date, credited to its author', async () => {
    await insertPuzzleSubmission(db, SUBMISSION);
    const code = await owner('import', '1');
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out).toEqual([
      'Wrote puzzle_33.json: "Under the Hood" by Grace Hopper, scheduled for 2026-12-11. Submission 1 is marked handled.',
    ]);
    const text = readFileSync(join(puzzlesDir, 'puzzle_33.json'), 'utf8');
    const puzzle: unknown = JSON.parse(text);
    expect(puzzle).toMatchObject({
      id: 'puzzle_33',
      date: '2026-12-11',
      author: 'Grace Hopper',
      title: 'Under the Hood',
      difficulty: 'normal',
      specialWord: 'Bonnet',
    });
    expect([...text.matchAll(/^ {2}"(\w+)":/gm)].map((match) => match[1])).toEqual([
      'id',
      'date',
      'author',
      'title',
      'difficulty',
      'specialWord',
      'words',
      'categories',
    ]);
    expect(text.endsWith('}\n')).toBe(true);
    const catalogue = puzzleFiles().map((file) => ({
      file,
      data: JSON.parse(readFileSync(join(puzzlesDir, file), 'utf8')) as unknown,
    }));
    expect(checkCatalogue(catalogue)).toEqual([]);
    expect((await getInboxEntry(db, 'submissions', 1))?.handledAt).not.toBeNull();

    // Once handled, a second import is refused unless forced.
    out = [];
    expect(await owner('import', '1')).toBe(1);
    expect(err[0]).toMatch(
      /^Submission 1 was already handled .* Add --force to import it anyway\.$/,
    );
    // Forced, the same puzzle again breaks the rules across the catalogue (its special word and
    // its words are puzzle_33's): refused, as `npm run puzzles:check` would refuse it.
    err = [];
    expect(await owner('import', '1', '--force')).toBe(1);
    expect(err.join('\n')).toMatch(
      /specialWord: "Bonnet" is already the special word of puzzle_33/,
    );
    expect(err.join('\n')).toMatch(/words: shares 9 words with puzzle_33/);
    expect(puzzleFiles()).not.toContain('puzzle_34.json');
  });

  it("refuses a submission that breaks a catalogue rule, with the check's messages, writing nothing", async () => {
    // The special word (Bonnet, the first word) is missing from the fourth group.
    await insertPuzzleSubmission(db, { ...SUBMISSION, category4_word1: 'Bluebell' });
    const before = puzzleFiles();
    expect(await owner('import', '1')).toBe(1);
    expect(err[0]).toBe(
      'Submission 1 was not imported: the catalogue check refused it. Nothing was written.',
    );
    expect(err.length).toBeGreaterThan(1);
    expect(err.slice(1).join('\n')).toMatch(/Bonnet|special/i);
    expect(puzzleFiles()).toEqual(before);
    expect((await getInboxEntry(db, 'submissions', 1))?.handledAt).toBeNull();
  });

  it('refuses a date already taken', async () => {
    await insertPuzzleSubmission(db, SUBMISSION);
    const taken =
      /"date": "([\d-]+)"/.exec(readFileSync(join(puzzlesDir, 'puzzle_2.json'), 'utf8'))?.[1] ?? '';
    expect(await owner('import', '1', '--date', taken)).toBe(1);
    expect(err.join('\n')).toContain(`${taken} is already the date of puzzle_2.json`);
    expect(existsSync(join(puzzlesDir, 'puzzle_33.json'))).toBe(false);
  });
  it("lists the crowd's figures per puzzle, and each label its solve rate disagrees with", async () => {
    const browser = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const lost = [[], [], [], [], [], []];
    const posts: CrowdPost[] = [];
    // puzzle_1 is labelled easy: 12 of 20 solve it (60%), 8 lose; Sources of water found last.
    for (let n = 1; n <= 20; n += 1) {
      posts.push(
        n <= 12
          ? {
              puzzleId: 'puzzle_1',
              mode: n <= 4 ? 'easy' : 'normal',
              won: true,
              tries: 3,
              wrongTries: [[0], [0, 1, 3]],
              browserId: browser(n),
            }
          : {
              puzzleId: 'puzzle_1',
              mode: 'normal',
              won: false,
              tries: 6,
              wrongTries: lost,
              browserId: browser(n),
            },
      );
    }
    posts.push({
      puzzleId: 'puzzle_2',
      mode: 'easy',
      won: true,
      tries: 1,
      wrongTries: [],
      browserId: browser(1),
    });
    await insertResults(
      db,
      posts.map((post) => ({ post, addressGroup: '192.0.2.1' })),
      { perAddress: 1000, perNetwork: 1000 },
    );
    // Two more of puzzle_2 from the same address, over a limit of 1: not counted.
    const more = [2, 3].map((n) => ({
      post: { ...posts[20]!, browserId: browser(n) },
      addressGroup: '192.0.2.1',
    }));
    expect(await insertResults(db, more, { perAddress: 1, perNetwork: 1 })).toEqual([
      'not counted',
      'not counted',
    ]);

    expect(await owner('puzzle-stats', '--json')).toBe(0);
    const stats = JSON.parse(out.join('\n')) as unknown[];
    expect(stats).toEqual([
      {
        id: 'puzzle_1',
        date: '2025-04-07',
        title: 'Bounce Back',
        difficulty: 'easy',
        players: 20,
        notCounted: 0,
        solveRate: { all: 60, easy: 100, normal: 50 },
        averageTries: 3,
        distribution: [0, 0, 12, 0, 0, 0, 0, 0],
        foundLastMostOften: { category: 'Sources of water', count: 12, of: 12 },
        labelMismatch: 'labelled easy but only 60% solved it (easy expects at least 75%)',
      },
      expect.objectContaining({
        id: 'puzzle_2',
        players: 1,
        notCounted: 2,
        solveRate: { all: 100, easy: 100, normal: null },
        labelMismatch: null,
      }),
    ]);

    out = [];
    expect(await owner('puzzle-stats')).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(
      /^DATE\s+PUZZLE\s+LABEL\s+PLAYERS\s+NOT COUNTED\s+SOLVED\s+EASY\s+NORMAL\s+AVG TRIES\s+FOUND LAST MOST OFTEN/,
    );
    expect(text).toMatch(
      /2025-04-07\s+puzzle_1\s+easy\s+20\s+0\s+60%\s+100%\s+50%\s+3\.0\s+Sources of water \(12 of 12\)/,
    );
    // Each conclusion says how many results it rests on; too few are not checked, never "agree".
    expect(text).toContain(
      '  puzzle_1 (2025-04-07) is labelled easy but only 60% solved it (easy expects at least 75%), from 20 results',
    );
    expect(text).toContain('Not checked, fewer than 20 results: puzzle_2 (1 result).');
  });

  it('never says a label was checked from 20 results when its puzzle has 3', async () => {
    const browser = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const posts: CrowdPost[] = [1, 2, 3].map((n) => ({
      puzzleId: 'puzzle_1',
      mode: 'easy',
      won: true,
      tries: 2,
      wrongTries: [[0]],
      browserId: browser(n),
    }));
    await insertResults(
      db,
      posts.map((post) => ({ post, addressGroup: '192.0.2.1' })),
      { perAddress: 30, perNetwork: 300 },
    );
    expect(await owner('puzzle-stats')).toBe(0);
    const text = out.join('\n');
    expect(text).not.toContain('checked from 20');
    expect(text).toContain(
      'No label checked yet: a label is checked once its puzzle has 20 results.',
    );
    expect(text).toContain('Not checked, fewer than 20 results: puzzle_1 (3 results).');
  });

  it('says when no puzzle has results yet', async () => {
    expect(await owner('puzzle-stats')).toBe(0);
    expect(out.join('\n')).toMatch(/^No results yet/);
  });
});
