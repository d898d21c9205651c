/**
 * How two puzzle words compare, everywhere: trimmed and case-insensitively ("Ice cream" and
 * " ice Cream " are the same word). The catalogue check, the engine, scoring, the puzzle form's
 * hints and the solution panel all use this one rule.
 */
export const normaliseWord = (word: string): string => word.trim().toLocaleLowerCase('en-US');

export const sameWord = (a: string, b: string): boolean => normaliseWord(a) === normaliseWord(b);
