import { describe, expect, it } from 'vitest';
import {
  CONTACT_FIELDS,
  PUZZLE_SUBMISSION_FIELDS,
  UNEXPECTED_FIELD_MESSAGE,
  contactSchema,
  fieldErrors,
  puzzleSubmissionSchema,
  validateContact,
  validatePuzzleSubmission,
} from './forms';
import * as z from 'zod/mini';

const contact = { name: 'Ada', email: 'ada@example.com', message: 'Hello there' };

function submission(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = {
    author: 'Ada',
    email: 'ada@example.com',
    title: 'Keys',
    specialWord: '',
  };
  for (const n of [1, 2, 3, 4]) {
    base[`category${n}_name`] = `Group ${n}`;
    base[`category${n}_word1`] = 'KEY';
    base[`category${n}_word2`] = `A${n}`;
    base[`category${n}_word3`] = `B${n}`;
  }
  return { ...base, ...overrides };
}

function errorsOf(input: unknown): Record<string, string> {
  const result = validateContact(input);
  return result.success ? {} : result.fieldErrors;
}

describe('contact form', () => {
  it('accepts a complete message and trims the fields', () => {
    const result = validateContact({
      name: '  Ada ',
      email: ' ada@example.com ',
      message: '\n Hi \n',
    });
    expect(result).toEqual({
      success: true,
      data: { name: 'Ada', email: 'ada@example.com', message: 'Hi' },
    });
  });

  it('asks for every missing field by name', () => {
    expect(errorsOf({})).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      message: 'Please enter a message.',
    });
  });

  it('treats blank text as missing', () => {
    expect(errorsOf({ ...contact, name: '   ' })).toEqual({ name: 'Please enter your name.' });
  });

  it('refuses values that are not text', () => {
    expect(errorsOf({ ...contact, name: 42, message: ['a'] })).toEqual({
      name: 'Please enter your name.',
      message: 'Please enter a message.',
    });
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada example@x.com', 'ada@exa mple.com'])(
    'says "%s" is not a valid email address',
    (email) => {
      expect(errorsOf({ ...contact, email })).toEqual({
        email: 'Please enter a valid email address.',
      });
    },
  );

  it.each(['a@b.co', 'first.last+tag@sub.example.org', "o'brien@example.ie"])(
    'accepts %s',
    (email) => {
      expect(validateContact({ ...contact, email }).success).toBe(true);
    },
  );

  it('limits lengths with a message that gives the limit', () => {
    expect(errorsOf({ ...contact, name: 'x'.repeat(101) })).toEqual({
      name: 'Please keep your name to 100 characters or fewer.',
    });
    expect(errorsOf({ ...contact, message: 'x'.repeat(10 * 1024) })).toEqual({
      message: 'Please keep your message to 5,000 characters or fewer.',
    });
    expect(errorsOf({ ...contact, email: `${'a'.repeat(250)}@example.com` })).toEqual({
      email: 'Please keep your email address to 254 characters or fewer.',
    });
    expect(validateContact({ ...contact, message: 'x'.repeat(5000) }).success).toBe(true);
  });

  it('keeps newlines and tabs in the message, normalising Windows line breaks', () => {
    const result = validateContact({ ...contact, message: 'line one\r\n\tline two\rthree' });
    expect(result.success && result.data.message).toBe('line one\n\tline two\nthree');
  });

  it('refuses control characters, and newlines in one-line fields', () => {
    const message = 'Please remove the invisible control characters from your message.';
    expect(errorsOf({ ...contact, message: 'bell\u0007' })).toEqual({ message });
    expect(errorsOf({ ...contact, message: 'nul\u0000byte' })).toEqual({ message });
    expect(errorsOf({ ...contact, message: 'c1\u0085' })).toEqual({ message });
    expect(errorsOf({ ...contact, name: 'Ada\nLovelace' })).toEqual({
      name: 'Please remove the invisible control characters from your name.',
    });
  });

  it('keeps HTML and SQL-looking text exactly as typed', () => {
    const message = `<script>alert("x")</script> '; DROP TABLE contact_messages; --`;
    const result = validateContact({ ...contact, message });
    expect(result.success && result.data.message).toBe(message);
  });

  it('lists its fields in form order', () => {
    expect(CONTACT_FIELDS).toEqual(Object.keys(contactSchema.shape));
  });
});

describe('puzzle submission form', () => {
  it('accepts a full puzzle and fills a blank special word with an empty string', () => {
    const result = validatePuzzleSubmission(submission({ specialWord: undefined }));
    expect(result.success).toBe(true);
    expect(result.success && result.data.specialWord).toBe('');
    expect(result.success && result.data.category4_word3).toBe('B4');
  });

  it('asks for each missing category name and word by its place', () => {
    const result = validatePuzzleSubmission(
      submission({ category3_name: '', category2_word3: undefined, title: ' ' }),
    );
    expect(result.success).toBe(false);
    expect(result.success ? {} : result.fieldErrors).toEqual({
      title: 'Please give your puzzle a title.',
      category3_name: 'Please name category 3.',
      category2_word3: 'Please enter word 3 of category 2.',
    });
  });

  it('limits words to 24 characters and category names to 60', () => {
    const result = validatePuzzleSubmission(
      submission({
        category1_word2: 'w'.repeat(25),
        category4_name: 'n'.repeat(61),
        specialWord: 's'.repeat(25),
      }),
    );
    expect(result.success ? {} : result.fieldErrors).toEqual({
      specialWord: 'Please keep the special word to 24 characters or fewer.',
      category1_word2: 'Please keep word 2 of category 1 to 24 characters or fewer.',
      category4_name: 'Please keep the name of category 4 to 60 characters or fewer.',
    });
  });

  it('lists all twenty fields in form order', () => {
    expect(PUZZLE_SUBMISSION_FIELDS).toEqual(Object.keys(puzzleSubmissionSchema.shape));
    expect(PUZZLE_SUBMISSION_FIELDS).toHaveLength(20);
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of each field and names unexpected fields', () => {
    const strict = z.strictObject(contactSchema.shape);
    const result = strict.safeParse({ ...contact, name: '', extra: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({
        name: 'Please enter your name.',
        extra: UNEXPECTED_FIELD_MESSAGE,
      });
    }
  });
});
