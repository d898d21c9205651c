import { describe, expect, it } from 'vitest';
import { checkCrowdPost, crowdResultSchema, crowdSummarySchema } from './crowd-schema';
import {
  CROWD_MINIMUM,
  crowdFigures,
  crowdResultOf,
  crowdSummary,
  firstOfEachBrowser,
  foundLastOf,
  labelMismatch,
  tallyOf,
  type CrowdPost,
  type CrowdResult,
} from './crowd';
import { createGame, gameReducer } from './game/engine';
import { seededRandom } from './game/random';
import { groupWords, ringPuzzle as TEST_PUZZLE } from './test/fixtures';

const BROWSER = '0b7e2a52-5d0c-4f3e-9a1b-2c3d4e5f6a7b';
const OTHER_BROWSER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const CATALOGUE = [
  { id: 'puzzle_1', date: '2026-11-24' },
  { id: 'puzzle_2', date: '2026-11-25' },
  { id: 'puzzle_3', date: '2026-11-26' },
];
const TODAY = '2026-11-25';

const post = (fields: Partial<CrowdPost> = {}): CrowdPost => ({
  puzzleId: 'puzzle_2',
  mode: 'normal',
  won: true,
  tries: 3,
  wrongTries: [[0], [0, 2]],
  browserId: BROWSER,
  ...fields,
});

const check = (input: unknown) => checkCrowdPost(input, CATALOGUE, TODAY);
const refusal = (input: unknown) => {
  const result = check(input);
  return result.success ? null : result.error;
};

describe('a posted result', () => {
  it('is accepted when it fits: a win, a loss in each mode, an archive puzzle', () => {
    expect(check(post())).toEqual({ success: true, data: post() });
    expect(check(post({ tries: 1, wrongTries: [] })).success).toBe(true);
    const sixWrong = [[], [1], [1], [], [0, 1, 3], [2]];
    expect(check(post({ won: false, tries: 6, wrongTries: sixWrong })).success).toBe(true);
    const eightWrong = [...sixWrong, [], []];
    expect(
      check(post({ mode: 'easy', won: false, tries: 8, wrongTries: eightWrong })).success,
    ).toBe(true);
    expect(check(post({ mode: 'easy', tries: 8, wrongTries: eightWrong.slice(1) })).success).toBe(
      true,
    );
    expect(check(post({ puzzleId: 'puzzle_1' })).success).toBe(true);
  });

  it('is refused for an unknown puzzle or one dated after today', () => {
    expect(refusal(post({ puzzleId: 'puzzle_99' }))).toBe(
      'There is no puzzle puzzle_99 to count a result for.',
    );
    expect(refusal(post({ puzzleId: 'puzzle_3' }))).toBe(
      'There is no puzzle puzzle_3 to count a result for.',
    );
    expect(refusal(post({ puzzleId: '../puzzle_1' }))).toMatch(/^puzzleId: /);
  });

  it("is refused when its tries are outside the mode's limit (easy 8, normal 6)", () => {
    const nine = Array.from({ length: 8 }, () => []);
    expect(refusal(post({ tries: 7, wrongTries: nine.slice(0, 6) }))).toBe(
      'tries: A game in normal mode has at most 6 tries, not 7.',
    );
    expect(refusal(post({ mode: 'easy', tries: 9, wrongTries: nine }))).toMatch(/^tries: /);
    expect(refusal(post({ tries: 0, wrongTries: [] }))).toMatch(/^tries: /);
    expect(refusal(post({ tries: 2.5 }))).toMatch(/^tries: /);
  });

  it('is refused when a win or a loss does not fit its tries', () => {
    expect(refusal(post({ tries: 3, wrongTries: [[0]] }))).toBe(
      'tries: A win in 3 tries has 2 wrong tries before it, not 1.',
    );
    expect(refusal(post({ won: false, tries: 4, wrongTries: [[], [], [], []] }))).toBe(
      'tries: A lost game in normal mode used all 6 tries, not 4.',
    );
    expect(refusal(post({ won: false, tries: 6, wrongTries: [[]] }))).toBe(
      'tries: A lost game in normal mode has 6 wrong tries, not 1.',
    );
  });

  it('is refused when malformed', () => {
    expect(refusal(null)).toBe('Please send the result as a JSON object.');
    expect(refusal([post()])).toBe('Please send the result as a JSON object.');
    expect(refusal('puzzle_2')).toBe('Please send the result as a JSON object.');
    expect(refusal({})).toMatch(/^puzzleId: /);
    expect(refusal(post({ mode: 'hard' as never }))).toMatch(/^mode: /);
    expect(refusal(post({ won: 'yes' as never }))).toMatch(/^won: /);
    expect(refusal(post({ browserId: 'my-name' }))).toMatch(/^browserId: /);
    // No words and no free text: a field the schema does not know is refused.
    expect(refusal({ ...post(), words: ['Spring'] })).toBe('Not part of a result: words.');
    expect(refusal(post({ wrongTries: [[0], [4]] }))).toMatch(/^wrongTries\.1\.0: /);
    expect(refusal(post({ wrongTries: [[0], [1, 1]] }))).toBe(
      'wrongTries.1: A category is named twice in one try.',
    );
    expect(refusal(post({ wrongTries: [[0], [0, 1, 2, 3]] }))).toMatch(/^wrongTries\.1: /);
  });

  it('keeps nothing of the browser in the result the browser stores while it waits', () => {
    const { browserId: _id, ...result } = post();
    expect(crowdResultSchema.safeParse(result).success).toBe(true);
    expect(crowdResultSchema.safeParse(post()).success).toBe(false);
  });
});

describe('once per browser', () => {
  it('counts the first result of a browser for a puzzle, not a second one', () => {
    const posts = [
      post(),
      post({ browserId: OTHER_BROWSER }),
      post({ won: false, tries: 6, wrongTries: [[], [], [], [], [], []] }),
      post({ puzzleId: 'puzzle_1' }),
    ];
    expect(firstOfEachBrowser(posts)).toEqual([true, true, false, true]);
  });

  it('counts nothing already counted', () => {
    expect(firstOfEachBrowser([post()], new Set([`puzzle_2 ${BROWSER}`]))).toEqual([false]);
  });
});

describe('the result of a finished game', () => {
  it('names, for each wrong try, the categories it got fully right, and nothing else', () => {
    const solved = TEST_PUZZLE.categories.map((category) => category.words);
    let state = createGame(TEST_PUZZLE, { difficulty: 'normal', random: seededRandom(1) });
    const submit = (groups: string[][]) => {
      state = gameReducer(groupWords(state, groups), { type: 'submit' });
    };
    // Categories 0 and 1 right, 2 and 3 swapped a word.
    const [a, b, c, d] = solved as [string[], string[], string[], string[]];
    const swapped = [a, b, [c[0], c[1], d[2]], [d[0], d[1], c[2]]] as string[][];
    submit(swapped);
    expect(crowdResultOf(state)).toBeNull();
    submit([a, b, c, d]);
    expect(crowdResultOf(state)).toEqual({
      puzzleId: TEST_PUZZLE.id,
      mode: 'normal',
      won: true,
      tries: 2,
      wrongTries: [[0, 1]],
    });
  });
});

const result = (fields: Partial<CrowdResult>): CrowdResult => ({
  puzzleId: 'puzzle_2',
  mode: 'normal',
  won: true,
  tries: 1,
  wrongTries: [],
  ...fields,
});

describe('the category found last', () => {
  it('is the one first fully right at the latest try', () => {
    expect(foundLastOf(result({ tries: 3, wrongTries: [[0], [0, 1, 2]] }))).toBe(0b1000);
    // Categories 2 and 3 were both found only at the winning try.
    expect(foundLastOf(result({ tries: 3, wrongTries: [[0], [0, 1]] }))).toBe(0b1100);
    // Found, lost, found again: it counts from the first time.
    expect(
      foundLastOf(
        result({
          tries: 3,
          wrongTries: [
            [3, 1],
            [1, 2],
          ],
        }),
      ),
    ).toBe(0b0001);
  });

  it('is none for a loss, a win at once, or all four found together', () => {
    expect(
      foundLastOf(result({ won: false, tries: 6, wrongTries: [[0], [0], [], [], [], []] })),
    ).toBe(0);
    expect(foundLastOf(result({ tries: 1 }))).toBe(0);
    expect(foundLastOf(result({ tries: 2, wrongTries: [[]] }))).toBe(0);
  });
});

describe('the crowd figures', () => {
  const results = [
    result({ tries: 1 }),
    result({ tries: 3, wrongTries: [[0], [0, 1, 2]] }),
    result({ tries: 3, wrongTries: [[1], [0, 1, 2]] }),
    result({ mode: 'easy', tries: 2, wrongTries: [[0, 1]] }),
    result({ mode: 'easy', won: false, tries: 8, wrongTries: [[], [], [], [], [], [], [], []] }),
  ];

  it('counts players, solvers in each mode, average tries of solvers, the distribution and the category found last', () => {
    const figures = crowdFigures(results.map(tallyOf));
    expect(figures).toEqual({
      players: 5,
      solved: 4,
      modes: { easy: { players: 2, solved: 1 }, normal: { players: 3, solved: 3 } },
      averageTries: 2.3,
      distribution: [1, 1, 2, 0, 0, 0, 0, 0],
      // Category 3 found last in 2 games (plus 2 and 3 together in one), of 3 solvers with a last one.
      foundLast: { category: 3, count: 3, of: 3 },
    });
  });

  it('adds up tallies of the same kind, as the database groups them', () => {
    const grouped = { ...tallyOf(result({ tries: 2, wrongTries: [[0, 1, 2]] })), count: 30 };
    const figures = crowdFigures([grouped, { ...tallyOf(results[4] as CrowdResult), count: 10 }]);
    expect(figures.players).toBe(40);
    expect(figures.solved).toBe(30);
    expect(figures.averageTries).toBe(2);
    expect(figures.foundLast).toEqual({ category: 3, count: 30, of: 30 });
  });

  it('has no average or category found last when nobody solved it', () => {
    const figures = crowdFigures([tallyOf(results[4] as CrowdResult)]);
    expect(figures.averageTries).toBeNull();
    expect(figures.foundLast).toBeNull();
  });

  it(`shows figures to players only from ${CROWD_MINIMUM} results`, () => {
    const tally = (count: number) => [
      { ...tallyOf(result({ tries: 2, wrongTries: [[1]] })), count },
    ];
    const few = crowdSummary('puzzle_2', crowdFigures(tally(CROWD_MINIMUM - 1)));
    expect(few).toEqual({ puzzleId: 'puzzle_2', players: 19, figures: null });
    const enough = crowdSummary('puzzle_2', crowdFigures(tally(CROWD_MINIMUM)));
    expect(enough.figures?.players).toBe(20);
    expect(crowdSummarySchema.safeParse(enough).success).toBe(true);
    expect(crowdSummarySchema.safeParse(few).success).toBe(true);
  });

  it('says when a label disagrees with the solve rate, from the minimum on', () => {
    const tallies = (won: number, lost: number) =>
      crowdFigures([
        { mode: 'normal', won: true, tries: 2, foundLast: 0, count: won },
        { mode: 'normal', won: false, tries: 6, foundLast: 0, count: lost },
      ]);
    expect(labelMismatch('easy', tallies(10, 10))).toBe(
      'labelled easy but only 50% solved it (easy expects at least 75%)',
    );
    expect(labelMismatch('hard', tallies(19, 1))).toBe(
      'labelled hard but 95% solved it (hard expects at most 60%)',
    );
    expect(labelMismatch('normal', tallies(12, 8))).toBeNull();
    expect(labelMismatch('easy', tallies(5, 10))).toBeNull();
  });
});
