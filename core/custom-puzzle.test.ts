import { describe, expect, it } from 'vitest';
import { checkDraft, draftToPuzzle, hasProblems } from './custom-puzzle';
import { checkPuzzle } from './puzzle-check';
import { EMPTY_DRAFT, type PuzzleDraft } from './puzzle-draft';
import { GOOD_DRAFT } from './test/fixtures';

const withFields = (fields: Partial<PuzzleDraft>): PuzzleDraft => ({ ...GOOD_DRAFT, ...fields });

describe('a player’s puzzle', () => {
  it('becomes a puzzle the catalogue’s own check accepts (but for id and date)', () => {
    const puzzle = draftToPuzzle(GOOD_DRAFT, { id: 'custom-1', date: '2026-11-24' });
    expect(puzzle.words).toHaveLength(9);
    expect(puzzle.categories.every((category) => category.words[0] === 'Key')).toBe(true);
    expect(checkPuzzle(puzzle, 'x', { catalogue: false })).toEqual([]);
    expect(checkDraft(GOOD_DRAFT)).toEqual({});
  });

  it('trims what was typed and leaves an empty name as no author', () => {
    const puzzle = draftToPuzzle(withFields({ title: '  Under Lock ', author: '  ' }), {
      id: 'custom-1',
      date: '2026-11-24',
    });
    expect(puzzle.title).toBe('Under Lock');
    expect(puzzle.author).toBeNull();
    expect(checkDraft(withFields({ author: '' }))).toEqual({});
  });

  it('asks for every field but the name, each in words beside its field', () => {
    const problems = checkDraft(EMPTY_DRAFT);
    expect(problems.title).toBe('Please give your puzzle a title.');
    expect(problems.specialWord).toBe('Please enter the special word.');
    expect(problems.category2_name).toBe('Please name category 2.');
    expect(problems.category3_word2).toBe('Please enter word 2 of category 3.');
    expect(problems.author).toBeUndefined();
    expect(Object.keys(problems)).toHaveLength(14);
  });

  it('refuses a word used twice, naming it beside the second', () => {
    const problems = checkDraft(withFields({ category3_word1: 'legend ' }));
    expect(problems).toEqual({
      category3_word1: '"Legend" is already used: all nine words must be different.',
    });
  });

  it('refuses the special word repeated in a category', () => {
    expect(checkDraft(withFields({ category2_word2: 'KEY' }))).toEqual({
      category2_word2:
        'This is the special word, which already joins every category: use another word here.',
    });
  });

  it('refuses a category name that spells out one of its words, beside the name', () => {
    expect(checkDraft(withFields({ category1_name: 'Pedal and piano parts' }))).toEqual({
      category1_name: 'This name gives away "Pedal": name the category without its words.',
    });
    expect(checkDraft(withFields({ category4_name: 'Key islands' }))).toEqual({
      category4_name: 'This name gives away "Key": name the category without its words.',
    });
  });

  it('refuses two categories of one name', () => {
    expect(checkDraft(withFields({ category2_name: 'piano parts' }))).toEqual({
      category2_name: 'Another category already has this name.',
    });
  });

  it('refuses over-long fields at the catalogue’s limits', () => {
    const problems = checkDraft(
      withFields({
        title: 'T'.repeat(41),
        category1_word1: 'W'.repeat(25),
        author: 'A'.repeat(41),
      }),
    );
    expect(problems).toEqual({
      title: 'Please keep the title to 40 characters or fewer.',
      author: 'Please keep your name to 40 characters or fewer.',
      category1_word1: 'Please keep word 1 of category 1 to 24 characters or fewer.',
    });
    expect(hasProblems(checkDraft(withFields({ title: 'T'.repeat(40) })))).toBe(false);
  });

  it('refuses markup and invisible characters in any field', () => {
    const problems = checkDraft(
      withFields({ title: '<b>Hi</b>', category2_name: 'Maps\u0007', specialWord: 'Key>' }),
    );
    expect(problems.title).toMatch(/remove the < and > signs/);
    expect(problems.category2_name).toMatch(/from the name of category 2\.$/);
    expect(problems.specialWord).toMatch(/from the special word\.$/);
  });
});
