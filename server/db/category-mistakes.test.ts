import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CrowdPost } from '../../core/crowd';
import { ENGINES, PREPARE_TIMEOUT_MS } from '../testing/test-databases';
import { type Database } from './database';
import { categoryMistakes, insertResults } from './results-store';

const post = (n: number, result: Partial<CrowdPost>): CrowdPost => ({
  puzzleId: 'puzzle_2',
  mode: 'normal',
  won: true,
  tries: 1,
  wrongTries: [],
  browserId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  ...result,
});

describe.each(ENGINES)('mistakes per category on the %s database', (_name, makeDatabases) => {
  const databases = makeDatabases();
  let db: Database;
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    db = await databases.fresh();
  });
  afterEach(() => db.close());
  afterAll(() => databases.dispose());

  it('counts, for each category, the wrong tries that did not get it right', async () => {
    const results = [
      // Two wrong tries: the first got group 0 right, the second groups 0 and 2.
      post(1, { tries: 3, wrongTries: [[0], [0, 2]] }),
      // A loss that never got group 3 right.
      post(2, { won: false, tries: 6, wrongTries: [[1], [1], [], [0, 1], [2], [1, 2]] }),
      // Solved at once: no mistakes.
      post(3, {}),
      post(4, { puzzleId: 'puzzle_1', tries: 2, wrongTries: [[0, 1, 2]] }),
    ];
    await insertResults(
      db,
      results.map((p) => ({ post: p, addressGroup: '192.0.2.1', networkGroup: null })),
      { perAddress: 30, perNetwork: 300 },
    );
    expect(await categoryMistakes(db)).toEqual([
      { puzzleId: 'puzzle_1', category: 3, mistakes: 1 },
      { puzzleId: 'puzzle_2', category: 0, mistakes: 5 },
      { puzzleId: 'puzzle_2', category: 1, mistakes: 4 },
      { puzzleId: 'puzzle_2', category: 2, mistakes: 5 },
      { puzzleId: 'puzzle_2', category: 3, mistakes: 8 },
    ]);
  });
});
