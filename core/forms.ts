import * as z from 'zod/mini';
import { formatCount } from './numbers';

/**
 * The contact and puzzle-submission forms (docs/spec.md §7), validated by the same schemas in the browser and on
 * the server. Every field carries the message a person sees next to it.
 */

/** A hidden, non-focusable field: people leave it empty, bots fill it. A filled one marks the post as spam. */
export const HONEYPOT_FIELD = 'website';

/**
 * A post to the product's own API carries this header: a key made once per submission and sent
 * again on a retry of the same submission, so the server stores the submission once however many
 * times it arrives (server/db/migrations/003-idempotency-keys.sql).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 16 to 128 letters, digits, '-' or '_' (the browser sends 32 hex digits). */
export const idempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/));

export const FORM_LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
  author: 100,
  title: 100,
  categoryName: 60,
  word: 24,
} as const;

/** C0 controls, DEL and C1 controls: invisible characters that can garble or hide text. */
export function isControlCharacter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

function hasControlCharacters(value: string, allowTabAndNewline: boolean): boolean {
  for (const char of value) {
    if (isControlCharacter(char) && !(allowTabAndNewline && (char === '\t' || char === '\n')))
      return true;
  }
  return false;
}
// The address rule browsers apply to <input type="email">, plus a dot in the domain.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

interface TextRule {
  /** Shown when the field is missing, not text, or blank after trimming. */
  missing: string;
  max: number;
  /** Names the field inside sentences, e.g. "your name", "word 2 of category 1". */
  label: string;
  multiLine?: boolean;
}

/** Text as typed, with line breaks normalised to \n and surrounding space trimmed. */
function text(rule: TextRule, required: boolean) {
  return z.string({ error: rule.missing }).check(
    z.overwrite((value) => value.replace(/\r\n?/g, '\n')),
    z.trim(),
    ...(required ? [z.minLength(1, { error: rule.missing, abort: true })] : []),
    z.refine((value) => !hasControlCharacters(value, rule.multiLine === true), {
      error: `Please remove the invisible control characters from ${rule.label}.`,
    }),
    z.maxLength(
      rule.max,
      `Please keep ${rule.label} to ${formatCount(rule.max)} characters or fewer.`,
    ),
  );
}

const required = (rule: TextRule) => text(rule, true);

function email() {
  return z.string({ error: 'Please enter your email address.' }).check(
    z.trim(),
    z.minLength(1, { error: 'Please enter your email address.', abort: true }),
    z.maxLength(FORM_LIMITS.email, {
      error: `Please keep your email address to ${formatCount(FORM_LIMITS.email)} characters or fewer.`,
      abort: true,
    }),
    z.regex(EMAIL, 'Please enter a valid email address.'),
  );
}

function categoryName(n: number) {
  return required({
    missing: `Please name category ${n}.`,
    max: FORM_LIMITS.categoryName,
    label: `the name of category ${n}`,
  });
}

function word(n: number, m: number) {
  return required({
    missing: `Please enter word ${m} of category ${n}.`,
    max: FORM_LIMITS.word,
    label: `word ${m} of category ${n}`,
  });
}

export const contactSchema = z.object({
  name: required({ missing: 'Please enter your name.', max: FORM_LIMITS.name, label: 'your name' }),
  email: email(),
  message: required({
    missing: 'Please enter a message.',
    max: FORM_LIMITS.message,
    label: 'your message',
    multiLine: true,
  }),
});

export const puzzleSubmissionSchema = z.object({
  author: required({
    missing: 'Please enter your name as the author.',
    max: FORM_LIMITS.author,
    label: 'the author name',
  }),
  email: email(),
  title: required({
    missing: 'Please give your puzzle a title.',
    max: FORM_LIMITS.title,
    label: 'the title',
  }),
  /** Optional: blank means the first word (category 1, word 1) is the special word. */
  specialWord: z._default(
    text(
      {
        missing: 'Please enter the special word as text.',
        max: FORM_LIMITS.word,
        label: 'the special word',
      },
      false,
    ),
    '',
  ),
  category1_name: categoryName(1),
  category1_word1: word(1, 1),
  category1_word2: word(1, 2),
  category1_word3: word(1, 3),
  category2_name: categoryName(2),
  category2_word1: word(2, 1),
  category2_word2: word(2, 2),
  category2_word3: word(2, 3),
  category3_name: categoryName(3),
  category3_word1: word(3, 1),
  category3_word2: word(3, 2),
  category3_word3: word(3, 3),
  category4_name: categoryName(4),
  category4_word1: word(4, 1),
  category4_word2: word(4, 2),
  category4_word3: word(4, 3),
});

export type ContactForm = z.infer<typeof contactSchema>;
export type PuzzleSubmissionForm = z.infer<typeof puzzleSubmissionSchema>;
export type PuzzleSubmissionField = keyof PuzzleSubmissionForm;

/** The form's field names in the order the form shows them. */
export const CONTACT_FIELDS: readonly (keyof ContactForm)[] = ['name', 'email', 'message'];
export const PUZZLE_SUBMISSION_FIELDS: readonly PuzzleSubmissionField[] = [
  'author',
  'email',
  'title',
  'specialWord',
  ...([1, 2, 3, 4] as const).flatMap(
    (n) =>
      [
        `category${n}_name`,
        `category${n}_word1`,
        `category${n}_word2`,
        `category${n}_word3`,
      ] as const,
  ),
];

export const UNEXPECTED_FIELD_MESSAGE = 'This field is not part of the form.';

/** The part of a zod issue the helpers below read. */
export interface FormIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
}

/**
 * One message per field, the first one found: `{ email: "Please enter a valid email address." }`.
 * Unknown fields (from a strict schema) get UNEXPECTED_FIELD_MESSAGE; issues about the whole value are left out.
 */
export function fieldErrors(error: {
  readonly issues: readonly FormIssue[];
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys' && issue.path.length === 0) {
      for (const key of issue.keys ?? []) fields[key] ??= UNEXPECTED_FIELD_MESSAGE;
      continue;
    }
    const field = issue.path[0];
    if (typeof field === 'string') fields[field] ??= issue.message;
  }
  return fields;
}

export type FormResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly fieldErrors: Record<string, string> };

function validate<T>(schema: z.ZodMiniType<T>, input: unknown): FormResult<T> {
  const result = schema.safeParse(input);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, fieldErrors: fieldErrors(result.error) };
}

/** Checks what the contact form holds (honeypot and unknown fields are ignored here). */
export function validateContact(input: unknown): FormResult<ContactForm> {
  return validate(contactSchema, input);
}

/** Checks what the puzzle-submission form holds (honeypot and unknown fields are ignored here). */
export function validatePuzzleSubmission(input: unknown): FormResult<PuzzleSubmissionForm> {
  return validate(puzzleSubmissionSchema, input);
}
