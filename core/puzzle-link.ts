// lz-string is CommonJS: Node's ESM sees only its default export (the server renders this too).
import LZString from 'lz-string';
import { checkDraft, hasProblems } from './custom-puzzle';
import { DRAFT_FIELDS, type DraftField, type PuzzleDraft } from './puzzle-draft';
import { ROUTES } from './routes';

/**
 * A player's puzzle travels whole in a link's fragment: `/play#1.<code>`. The server never sees
 * (or stores) the fragment, so a link works offline and on a static host.
 *
 * The code is the draft's fields as a JSON array in DRAFT_FIELDS order, compressed by lz-string
 * into the characters a URL keeps as they are. `1` is the format's version: a later format gets a
 * new number, and a link of an unknown version is refused rather than misread.
 */
export const PUZZLE_LINK_VERSION = 1;

/** Why a link could not be opened (all of them show "This puzzle link is damaged."). */
export type LinkProblem = 'missing' | 'version' | 'encoding' | 'shape' | 'rules';

export type DecodedLink = { ok: true; draft: PuzzleDraft } | { ok: false; problem: LinkProblem };

/** The fragment (without `#`) for a draft; the draft should have passed checkDraft. */
export function encodePuzzleLink(draft: PuzzleDraft): string {
  const fields = DRAFT_FIELDS.map((field) => draft[field].trim());
  return `${PUZZLE_LINK_VERSION}.${LZString.compressToEncodedURIComponent(JSON.stringify(fields))}`;
}

/** The path and fragment that play a draft: `/play#1.…`. */
export function puzzleLinkPath(draft: PuzzleDraft): string {
  return `${ROUTES.play}#${encodePuzzleLink(draft)}`;
}

/**
 * A fragment back into a draft, or why it cannot be: any damage (cut short, altered, a newer or
 * unknown version, a field that breaks a puzzle rule or holds markup) is refused.
 */
export function decodePuzzleLink(fragment: string): DecodedLink {
  const text = fragment.replace(/^#/, '');
  if (text === '') return { ok: false, problem: 'missing' };
  const dot = text.indexOf('.');
  if (dot < 0 || text.slice(0, dot) !== String(PUZZLE_LINK_VERSION)) {
    return { ok: false, problem: 'version' };
  }
  let json: string | null;
  try {
    json = LZString.decompressFromEncodedURIComponent(text.slice(dot + 1));
  } catch {
    json = null;
  }
  if (!json) return { ok: false, problem: 'encoding' };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { ok: false, problem: 'encoding' };
  }
  if (
    !Array.isArray(data) ||
    data.length !== DRAFT_FIELDS.length ||
    !data.every((value) => typeof value === 'string')
  ) {
    return { ok: false, problem: 'shape' };
  }
  const draft = Object.fromEntries(
    DRAFT_FIELDS.map((field, index) => [field, data[index] as string]),
  ) as Record<DraftField, string>;
  if (hasProblems(checkDraft(draft))) return { ok: false, problem: 'rules' };
  return { ok: true, draft };
}
