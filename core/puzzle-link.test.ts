import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import { DRAFT_FIELDS, type PuzzleDraft } from './puzzle-draft';
import { decodePuzzleLink, encodePuzzleLink, puzzleLinkPath } from './puzzle-link';
import { GOOD_DRAFT } from './test/fixtures';

/** A version-1 fragment of any JSON value, as a tampered link could carry. */
const fragmentOf = (value: unknown) =>
  `1.${LZString.compressToEncodedURIComponent(JSON.stringify(value))}`;
const fieldsOf = (draft: PuzzleDraft) => DRAFT_FIELDS.map((field) => draft[field]);

describe('a puzzle link', () => {
  it('carries the whole puzzle there and back', () => {
    const fragment = encodePuzzleLink(GOOD_DRAFT);
    expect(fragment).toMatch(/^1\.[A-Za-z0-9+\-$]+$/);
    expect(decodePuzzleLink(fragment)).toEqual({ ok: true, draft: GOOD_DRAFT });
    expect(decodePuzzleLink(`#${fragment}`)).toEqual({ ok: true, draft: GOOD_DRAFT });
  });

  it('is a /play address of at most 600 characters for a puzzle of ordinary words', () => {
    const path = puzzleLinkPath(GOOD_DRAFT);
    expect(path.startsWith('/play#1.')).toBe(true);
    expect(`https://linchpin.example${path}`.length).toBeLessThanOrEqual(600);
    // A longer title and name still travel whole.
    const longest: PuzzleDraft = {
      ...GOOD_DRAFT,
      title: 'Quite a Long Title for a Small Puzzle ok',
      author: 'Somebody With a Long Name Indeed, Truly',
    };
    expect(decodePuzzleLink(encodePuzzleLink(longest))).toEqual({ ok: true, draft: longest });
  });

  it('keeps words of any script and punctuation', () => {
    const draft = {
      ...GOOD_DRAFT,
      title: 'Clé & Schlüssel “quoted”',
      category1_word1: 'Crème brûlée',
    };
    expect(decodePuzzleLink(encodePuzzleLink(draft))).toEqual({ ok: true, draft });
  });

  it('refuses an empty link', () => {
    expect(decodePuzzleLink('')).toEqual({ ok: false, problem: 'missing' });
    expect(decodePuzzleLink('#')).toEqual({ ok: false, problem: 'missing' });
  });

  it('refuses a version it does not know, or no version', () => {
    const code = encodePuzzleLink(GOOD_DRAFT).slice(2);
    expect(decodePuzzleLink(`2.${code}`)).toEqual({ ok: false, problem: 'version' });
    expect(decodePuzzleLink(`0.${code}`)).toEqual({ ok: false, problem: 'version' });
    expect(decodePuzzleLink(code)).toEqual({ ok: false, problem: 'version' });
  });

  it('refuses a link cut short or altered', () => {
    const fragment = encodePuzzleLink(GOOD_DRAFT);
    for (const damaged of [
      fragment.slice(0, fragment.length - 12),
      fragment.slice(0, 10),
      `${fragment.slice(0, 20)}%%%${fragment.slice(23)}`,
      '1.not-a-puzzle',
      '1.!!!',
    ]) {
      expect(decodePuzzleLink(damaged).ok).toBe(false);
    }
  });

  it('refuses anything but a list of the builder’s fields', () => {
    expect(decodePuzzleLink(fragmentOf({ title: 'x' }))).toEqual({ ok: false, problem: 'shape' });
    expect(decodePuzzleLink(fragmentOf(fieldsOf(GOOD_DRAFT).slice(1)))).toEqual({
      ok: false,
      problem: 'shape',
    });
    expect(decodePuzzleLink(fragmentOf([...fieldsOf(GOOD_DRAFT).slice(1), 7]))).toEqual({
      ok: false,
      problem: 'shape',
    });
    expect(decodePuzzleLink(fragmentOf('text'))).toEqual({ ok: false, problem: 'shape' });
  });

  it('refuses a puzzle that breaks a rule, or holds markup or script', () => {
    const tampered = (fields: Partial<PuzzleDraft>) =>
      decodePuzzleLink(fragmentOf(fieldsOf({ ...GOOD_DRAFT, ...fields })));
    expect(tampered({ category2_word1: 'Pedal' })).toEqual({ ok: false, problem: 'rules' });
    expect(tampered({ specialWord: '' })).toEqual({ ok: false, problem: 'rules' });
    expect(tampered({ title: '<img src=x onerror=alert(1)>' })).toEqual({
      ok: false,
      problem: 'rules',
    });
    expect(tampered({ author: '<script>alert(1)</script>' })).toEqual({
      ok: false,
      problem: 'rules',
    });
    expect(tampered({ category1_word2: 'W'.repeat(200) })).toEqual({ ok: false, problem: 'rules' });
  });
});
