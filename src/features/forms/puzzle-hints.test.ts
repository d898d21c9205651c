import { describe, expect, it } from 'vitest';
import { puzzleHints, specialWordOf } from './puzzle-hints';

const base = {
  specialWord: 'Ring',
  category1_word1: 'Ring',
  category1_word2: 'Deck',
  category1_word3: 'Suit',
  category2_word1: 'Ring',
  category2_word2: 'Glove',
  category2_word3: 'Bell',
};

describe('puzzleHints', () => {
  it('is quiet for a consistent puzzle and for half-typed categories', () => {
    expect(puzzleHints(base)).toEqual({ 1: [], 2: [], 3: [], 4: [] });
    expect(puzzleHints({ ...base, category3_word1: 'Pearl' })[3]).toEqual([]);
  });

  it('names a complete category without the special word, case-insensitively', () => {
    expect(puzzleHints({ ...base, category2_word1: 'Gong' })[2]).toEqual([
      'Hint: category 2 does not include the special word “Ring” yet. Every category needs it.',
    ]);
    expect(puzzleHints({ ...base, category2_word1: ' ring ' })[2]).toEqual([]);
  });

  it('uses word 1 of category 1 when the special word is blank', () => {
    const values = { ...base, specialWord: '  ' };
    expect(specialWordOf(values)).toBe('Ring');
    expect(puzzleHints({ ...values, category2_word1: 'Gong' })[2]).toHaveLength(1);
  });

  it('flags a word used twice, in every category that holds it, but never the special word', () => {
    const hints = puzzleHints({ ...base, category2_word3: 'deck' });
    expect(hints[1]).toEqual([
      'Hint: “Deck” appears more than once. Apart from the special word, each word belongs to one category only.',
    ]);
    expect(hints[2]).toHaveLength(1);
    expect(puzzleHints({ ...base, category1_word2: 'Suit' })[1]).toHaveLength(1);
  });

  it('flags the special word twice in one category', () => {
    expect(puzzleHints({ ...base, category1_word2: 'Ring' })[1]).toEqual([
      'Hint: “Ring” appears twice in this category.',
    ]);
  });
});
