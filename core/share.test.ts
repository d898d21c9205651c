import { describe, expect, it } from 'vitest';
import { shareText } from './share';

describe('shareText', () => {
  it("reads as SPEC's share text for a won daily puzzle", () => {
    expect(
      shareText({ title: 'Full Circle', author: 'Ada', won: true, tries: 3, isDaily: true }),
    ).toBe("I solved today's puzzle!\nFull Circle by Ada\nYay! I did it in 3 tries!\n#Linchpin");
  });

  it('says "1 try" in the singular', () => {
    expect(shareText({ title: 'T', author: 'A', won: true, tries: 1, isDaily: true })).toContain(
      'Yay! I did it in 1 try!',
    );
  });

  it('uses "the puzzle" for archive puzzles and leaves out a missing author', () => {
    expect(
      shareText({ title: 'Full Circle', author: null, won: true, tries: 2, isDaily: false }),
    ).toBe('I solved the puzzle!\nFull Circle\nYay! I did it in 2 tries!\n#Linchpin');
  });

  it('on a loss says it was a little hard, without a try count', () => {
    expect(
      shareText({ title: 'Full Circle', author: 'Ada', won: false, tries: 6, isDaily: true }),
    ).toBe("Today's puzzle was a little hard\nFull Circle by Ada\n#Linchpin");
    expect(shareText({ title: 'X', author: null, won: false, tries: 6, isDaily: false })).toBe(
      'The puzzle was a little hard\nX\n#Linchpin',
    );
  });

  it('carries a player’s puzzle’s link, so whoever reads it can play it too', () => {
    const link = 'https://linchpin.example/play#1.abc';
    expect(
      shareText({
        title: 'Under Lock',
        author: 'Robin',
        won: true,
        tries: 3,
        isDaily: false,
        link,
      }),
    ).toBe(
      `I solved the puzzle!\nUnder Lock by Robin\nYay! I did it in 3 tries!\nPlay it: ${link}\n#Linchpin`,
    );
  });
});
