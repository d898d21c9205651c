import { expect, test } from '@playwright/test';
import { readPuzzles } from './support';

/**
 * A long word is drawn smaller to fit its tile, never cut in the middle (src/features/game/
 * game.css, `--run`): at 320 px wide, the published puzzles with the longest unbreakable words.
 */
const TODAY = new Date().toISOString().slice(0, 10);
const longestRun = (word: string) => Math.max(...word.split(/[\s-]+/).map((part) => part.length));
const PUZZLES = readPuzzles()
  .filter((puzzle) => puzzle.date <= TODAY)
  .map((puzzle) => ({ puzzle, run: Math.max(...puzzle.words.map(longestRun)) }))
  .sort((a, b) => b.run - a.run)
  .slice(0, 4);

test.use({ viewport: { width: 320, height: 640 } });

for (const { puzzle, run } of PUZZLES) {
  test(`at 320 px no word of ${puzzle.id} is broken inside (its longest run: ${run} letters)`, async ({
    page,
  }) => {
    await page.goto(`/game?puzzleId=${puzzle.id}`);
    const grid = page.getByRole('group', { name: 'Words' });
    await expect(grid.getByRole('button')).toHaveCount(9);
    // Each run of letters (words break only at spaces and hyphens) lies on one line.
    const broken = await page.locator('.tile-word').evaluateAll((spans) =>
      spans.flatMap((span) => {
        const text = span.firstChild;
        if (!text?.textContent) return [];
        const cut: string[] = [];
        for (const match of text.textContent.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          if (range.getClientRects().length > 1) cut.push(match[0]);
        }
        return cut;
      }),
    );
    expect(broken).toEqual([]);
  });
}
