import { describe, expect, it } from 'vitest';
import type { Difficulty } from './difficulties';
import { createGame, gameReducer, type GameState } from './game/engine';
import { seededRandom } from './game/random';
import { restoreGame, snapshotGame } from './game/restore-game';
import { groupWords, ringPuzzle, SOLUTION } from './test/fixtures';
import {
  BLUESKY_LIMIT,
  fittedText,
  fullText,
  shareGrid,
  shareIntents,
  shareLink,
  shareMessage,
  type ShareInput,
} from './share';

const SITE = 'https://linchpin.example';

/** Places each list of words in the circle of the same index, then submits. */
function submit(state: GameState, grouping: readonly (readonly string[])[]): GameState {
  return gameReducer(groupWords(state, grouping), { type: 'submit' });
}

const fresh = (difficulty: Difficulty = 'normal') =>
  createGame(ringPuzzle, { difficulty, random: seededRandom(5) });

/** Distinct wrong groupings: a mixed-up grouping, then each with another pair of words swapped. */
function wrongGroupings(count: number): string[][][] {
  const mixed = ['Chime', 'Necklace', 'Toll', 'Bracelet', 'Ropes', 'Oval', 'Corner', 'Loop'];
  const seen = new Set<string>();
  const found: string[][][] = [];
  for (let a = 0; a < mixed.length && found.length < count; a += 1) {
    for (let b = a; b < mixed.length && found.length < count; b += 1) {
      const words = [...mixed];
      [words[a], words[b]] = [words[b] as string, words[a] as string];
      const grouping = [0, 1, 2, 3].map(
        (g) => ['Ring', words[g * 2], words[g * 2 + 1]] as string[],
      );
      const key = grouping
        .map((group) => [...group].sort().join())
        .sort()
        .join('|');
      const solved = grouping.every((group) =>
        SOLUTION.some((words) => words.every((word) => group.includes(word))),
      );
      if (!solved && !seen.has(key)) {
        seen.add(key);
        found.push(grouping);
      }
    }
  }
  return found;
}

function playWrong(state: GameState, tries: number): GameState {
  return wrongGroupings(tries).reduce(submit, state);
}

/** The category order of the fixture: bells, jewelry, boxing, round shapes. */
const [BELLS, , , ROUND] = SOLUTION as [string[], string[], string[], string[]];

const base = (overrides: Partial<ShareInput> = {}): ShareInput => ({
  puzzle: { kind: 'daily', id: ringPuzzle.id },
  title: ringPuzzle.title,
  author: ringPuzzle.author,
  difficulty: 'normal',
  won: true,
  tries: 1,
  grid: [['correct', 'correct', 'correct', 'correct']],
  palette: 'default',
  site: SITE,
  ...overrides,
});

describe('shareGrid', () => {
  it('a win in 1 is one row of four 3-of-3s', () => {
    const won = submit(fresh(), SOLUTION);
    expect(won.status).toBe('won');
    expect(shareGrid(won.attempts)).toEqual([['correct', 'correct', 'correct', 'correct']]);
  });

  it("lists the puzzle's categories in their own order, whatever circle the player used", () => {
    // Circle 1 holds round shapes, circle 4 bells: the row still starts with bells.
    const state = submit(fresh(), [
      ROUND,
      ['Ring', 'Necklace', 'Ropes'],
      ['Ring', 'Bracelet', 'Corner'],
      BELLS,
    ]);
    const [row] = shareGrid(state.attempts);
    // Bells 3/3, jewelry 2/3 and boxing 2/3 (in either mixed group), round shapes 3/3.
    expect(row).toEqual(['correct', 'close', 'close', 'correct']);
    // The bars, in circle order, show the same levels in the player's order.
    expect(state.attempts[0]?.results.map((r) => r.correctCount)).toEqual([3, 2, 2, 3]);
  });

  it('a win in 5 has five rows, the last all 3 of 3', () => {
    const won = submit(playWrong(fresh(), 4), SOLUTION);
    expect(won.status).toBe('won');
    const grid = shareGrid(won.attempts);
    expect(grid).toHaveLength(5);
    expect(grid[4]).toEqual(['correct', 'correct', 'correct', 'correct']);
    expect(grid.slice(0, 4).every((row) => row.some((level) => level !== 'correct'))).toBe(true);
  });

  it.each([
    ['easy', 8],
    ['normal', 6],
  ] as const)('a loss in %s shows all %i tries', (difficulty, tries) => {
    const lost = playWrong(fresh(difficulty), tries);
    expect(lost.status).toBe('lost');
    expect(shareGrid(lost.attempts)).toHaveLength(tries);
  });

  it('a finished game restored from its kept submissions gives the same grid', () => {
    const won = submit(playWrong(fresh(), 2), SOLUTION);
    const restored = restoreGame(
      ringPuzzle,
      snapshotGame(won, { playedOn: '2026-11-25', daily: true }),
    );
    expect(restored && shareGrid(restored.attempts)).toEqual(shareGrid(won.attempts));
  });

  it('a group with no word of its category shows 0 of 3', () => {
    const state = submit(fresh(), [
      ['Ring', 'Necklace', 'Ropes'],
      ['Ring', 'Chime', 'Corner'],
      ['Ring', 'Toll', 'Bracelet'],
      ['Ring', 'Oval', 'Loop'],
    ]);
    expect(shareGrid(state.attempts)[0]).toContain('close');
    expect(shareGrid(state.attempts)[0]?.[3]).toBe('correct');
    const none = shareGrid([
      {
        groups: [],
        results: [0, 1, 2, 3].map((i) => ({
          categoryId: i,
          correctCount: i,
          isFullyCorrect: false,
          trueCategory: 3 - i,
          name: '',
        })),
      },
    ]);
    expect(none).toEqual([['correct', 'close', 'far', 'none']]);
  });
});

describe('shareMessage', () => {
  it('a win in 1 on the daily puzzle: headline, number, title, result, grid, hashtag, then the site', () => {
    const message = shareMessage(base());
    expect(message.text).toBe(
      [
        "I solved today's puzzle!",
        'Linchpin #7',
        'Full Circle by Test Author',
        'Yay! I did it in 1 try!',
        '🟩🟩🟩🟩',
        '#Linchpin',
      ].join('\n'),
    );
    expect(message.link).toBe(`${SITE}/`);
    expect(fullText(message)).toBe(`${message.text}\n${SITE}/`);
  });

  it('a win in 5 says "5 tries" and has five rows of squares', () => {
    const won = submit(playWrong(fresh(), 4), SOLUTION);
    const text = shareMessage(base({ tries: 5, grid: shareGrid(won.attempts) })).text;
    expect(text).toContain('Yay! I did it in 5 tries!');
    const rows = text.split('\n').filter((line) => /^[🟩🟨🟧🟥]{4}$/u.test(line));
    expect(rows).toHaveLength(5);
    expect(rows[4]).toBe('🟩🟩🟩🟩');
  });

  it.each([
    ['easy', 8, 'Linchpin #7 (Easy)'],
    ['normal', 6, 'Linchpin #7'],
  ] as const)(
    'a loss in %s: no result line, all %i rows, and the number line "%s"',
    (difficulty, tries, number) => {
      const lost = playWrong(fresh(difficulty), tries);
      const text = shareMessage(
        base({ difficulty, won: false, tries, grid: shareGrid(lost.attempts) }),
      ).text;
      const lines = text.split('\n');
      expect(lines[0]).toBe("Today's puzzle was a little hard");
      expect(lines[1]).toBe(number);
      expect(text).not.toContain('Yay!');
      expect(lines.filter((line) => /^[🟩🟨🟧🟥]{4}$/u.test(line))).toHaveLength(tries);
      expect(lines.at(-1)).toBe('#Linchpin');
    },
  );

  it('marks an easy game after the number, and a normal one not at all', () => {
    expect(shareMessage(base({ difficulty: 'easy' })).text).toContain('\nLinchpin #7 (Easy)\n');
    expect(shareMessage(base()).text).not.toContain('Easy');
  });

  it('the colour-blind palette has its own four squares, none shared with the default set but orange', () => {
    const grid = [['correct', 'close', 'far', 'none'] as const];
    const plain = shareMessage(base({ grid })).text;
    const colourBlind = shareMessage(base({ grid, palette: 'colorBlind' })).text;
    expect(plain).toContain('\n🟩🟨🟧🟥\n');
    expect(colourBlind).toContain('\n🟦🟧⬜⬛\n');
    expect(new Set([...'🟦🟧⬜⬛'])).toHaveProperty('size', 4);
  });

  it('an archive puzzle says "the puzzle" and links to its own page', () => {
    const message = shareMessage(base({ puzzle: { kind: 'archive', id: 'puzzle_7' }, tries: 2 }));
    expect(message.text.split('\n').slice(0, 2)).toEqual(['I solved the puzzle!', 'Linchpin #7']);
    expect(message.link).toBe(`${SITE}/game?puzzleId=puzzle_7&mode=play`);
    expect(
      shareMessage(base({ puzzle: { kind: 'archive', id: 'puzzle_7' }, won: false })).text,
    ).toMatch(/^The puzzle was a little hard\n/);
  });

  it("a player's puzzle has no number, and links to its /play#… link", () => {
    const message = shareMessage(
      base({ puzzle: { kind: 'made', path: '/play#1.abc' }, title: 'Under Lock', author: 'Robin' }),
    );
    expect(message.text).toBe(
      'I solved the puzzle!\nUnder Lock by Robin\nYay! I did it in 1 try!\n🟩🟩🟩🟩\n#Linchpin',
    );
    expect(message.link).toBe(`${SITE}/play#1.abc`);
    expect(
      shareMessage(base({ puzzle: { kind: 'made', path: '/play#1.abc' }, difficulty: 'easy' }))
        .text,
    ).toContain('\nLinchpin (Easy)\n');
  });

  it('leaves out a missing author', () => {
    expect(shareMessage(base({ author: null })).text).toContain('\nFull Circle\n');
  });
});

describe('shareLink', () => {
  it('today → the site, archive → its page, made → its link', () => {
    expect(shareLink(SITE, { kind: 'daily', id: 'puzzle_9' })).toBe(`${SITE}/`);
    expect(shareLink(SITE, { kind: 'archive', id: 'puzzle_9' })).toBe(
      `${SITE}/game?puzzleId=puzzle_9&mode=play`,
    );
    expect(shareLink('http://127.0.0.1:8080', { kind: 'made', path: '/play#1.x' })).toBe(
      'http://127.0.0.1:8080/play#1.x',
    );
  });
});

describe('fittedText (Bluesky: link inside, 300 characters at most)', () => {
  it('is the whole message when it fits', () => {
    const input = base();
    expect(fittedText(input, BLUESKY_LIMIT)).toBe(fullText(shareMessage(input)));
  });

  it('shortens the text, never the link: hashtag and headline go first, then the grid', () => {
    const link = `/play#1.${'a'.repeat(200)}`;
    const input = base({
      puzzle: { kind: 'made', path: link },
      tries: 6,
      grid: Array.from({ length: 6 }, () => ['close', 'far', 'none', 'correct'] as const),
    });
    const text = fittedText(input, BLUESKY_LIMIT);
    expect([...text].length).toBeLessThanOrEqual(BLUESKY_LIMIT);
    expect(text.endsWith(`\n${SITE}${link}`)).toBe(true);
    expect(text).not.toContain('#Linchpin');
    expect(text).not.toContain('I solved');
    expect(text).toContain('Full Circle by Test Author');
  });

  it('cuts the title last, and keeps a link longer than the limit whole', () => {
    const link = `/play#1.${'b'.repeat(242)}`;
    const input = base({ puzzle: { kind: 'made', path: link } });
    const text = fittedText(input, BLUESKY_LIMIT);
    expect([...text].length).toBe(BLUESKY_LIMIT);
    expect(text).toMatch(/^Full Circle by T.*…\n/u);
    const huge = `/play#1.${'c'.repeat(400)}`;
    expect(fittedText(base({ puzzle: { kind: 'made', path: huge } }), BLUESKY_LIMIT)).toBe(
      `${SITE}${huge}`,
    );
  });
});

describe('shareIntents', () => {
  const message = shareMessage(base());
  const intent = (network: string) =>
    new URL(shareIntents(message).find((i) => i.network === network)?.href ?? '');

  it('Facebook gets the link as u (its only parameter)', () => {
    const url = intent('Facebook');
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect([...url.searchParams]).toEqual([['u', `${SITE}/`]]);
  });

  it('X and Threads get the text and the link apart', () => {
    for (const [network, address] of [
      ['X', 'https://x.com/intent/tweet'],
      ['Threads', 'https://www.threads.com/intent/post'],
    ]) {
      const url = intent(network as string);
      expect(url.origin + url.pathname).toBe(address);
      expect(url.searchParams.get('text')).toBe(message.text);
      expect(url.searchParams.get('url')).toBe(`${SITE}/`);
    }
  });

  it('Bluesky gets one text with the link inside', () => {
    const url = intent('Bluesky');
    expect(url.origin + url.pathname).toBe('https://bsky.app/intent/compose');
    expect([...url.searchParams]).toEqual([['text', fullText(message)]]);
  });

  it('encodes spaces as %20 and keeps the squares', () => {
    expect(intent('X').search).toContain('%20');
    expect(intent('X').search).not.toContain('+');
  });
});
