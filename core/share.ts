import type { Difficulty } from './difficulties';
import type { Attempt } from './game/engine';
import type { PaletteKey } from './game/palette';
import { feedbackLevel, type FeedbackLevel } from './game/score';
import { puzzleNumber } from './puzzle';
import { gameHref, ROUTES } from './routes';

export const HASHTAG = '#Linchpin';

/**
 * One square per feedback level, as the bars were coloured (docs/spec.md §4: 3 of 3 green, 2 of 3
 * yellow, 1 of 3 light yellow, 0 of 3 red; no light yellow square exists, so orange). The
 * colour-blind set pairs blue with orange and white with black: apart by hue and by lightness.
 */
export const SHARE_SQUARES: Record<PaletteKey, Record<FeedbackLevel, string>> = {
  default: { correct: '🟩', close: '🟨', far: '🟧', none: '🟥' },
  colorBlind: { correct: '🟦', close: '🟧', far: '⬜', none: '⬛' },
};

/**
 * How a game went, without a word of it: one row per try, one level per category. A row lists the
 * puzzle's categories in their fixed order (the first category of the puzzle first), each with the
 * level of the player's group that was matched with it, so every player's grid of a puzzle reads
 * the same way. Worked out from the submissions alone, so a game restored from its kept
 * submissions (core/game/restore-game.ts) gives the same grid.
 */
export function shareGrid(attempts: readonly Attempt[]): FeedbackLevel[][] {
  return attempts.map((attempt) => {
    const byCategory = [...attempt.results].sort(
      (a, b) => orderOf(a.trueCategory, a.categoryId) - orderOf(b.trueCategory, b.categoryId),
    );
    return byCategory.map((result) => feedbackLevel(result.correctCount));
  });
}

/** A result matched with no category (never, with four groups) goes after those that were. */
const orderOf = (trueCategory: number, circle: number) =>
  trueCategory >= 0 ? trueCategory : 100 + circle;

/** What is shared: a catalogue puzzle (today's, or one from the archive) or a player's own. */
export type SharedPuzzle =
  | { kind: 'daily'; id: string }
  | { kind: 'archive'; id: string }
  /** A player's puzzle: the path and fragment of its link, `/play#1.…` (core/puzzle-link.ts). */
  | { kind: 'made'; path: string };

/**
 * The address a share links to, on the site at `site` (an origin, without a trailing slash):
 * today's puzzle links to the site itself (whoever opens it later gets that day's puzzle there),
 * an archive puzzle to its own page, a player's puzzle to its link.
 */
export function shareLink(site: string, puzzle: SharedPuzzle): string {
  if (puzzle.kind === 'daily') return `${site}${ROUTES.home}`;
  if (puzzle.kind === 'archive') return `${site}${gameHref({ puzzleId: puzzle.id })}`;
  return `${site}${puzzle.path}`;
}

export interface ShareInput {
  puzzle: SharedPuzzle;
  title: string;
  author: string | null;
  difficulty: Difficulty;
  won: boolean;
  /** Tries used. */
  tries: number;
  /** Each try's levels (shareGrid); empty when the tries are not known. */
  grid: readonly (readonly FeedbackLevel[])[];
  palette: PaletteKey;
  /** The site's origin, without a trailing slash. */
  site: string;
}

/** A result to share: the text (without the link) and the link, which some networks take apart. */
export interface ShareMessage {
  text: string;
  link: string;
  /** The text with the link inside, shortened to Bluesky's 300 characters when it is longer. */
  short: string;
}

/** The "Linchpin #N" line, with the mode when it is Easy; none for a player's normal puzzle. */
function numberLine(puzzle: SharedPuzzle, difficulty: Difficulty): string | null {
  const easy = difficulty === 'easy' ? ' (Easy)' : '';
  const number = puzzle.kind === 'made' ? null : puzzleNumber(puzzle.id);
  if (number !== null) return `Linchpin #${number}${easy}`;
  return easy ? `Linchpin${easy}` : null;
}

/** The lines of the text, each with the order in which they go when the text must be shortened. */
interface Line {
  text: string;
  /** Lower goes first. */
  keep: number;
}

function shareLines(input: ShareInput): Line[] {
  const { puzzle, title, author, won, tries, grid, palette } = input;
  const subject = puzzle.kind === 'daily' ? "today's puzzle" : 'the puzzle';
  const headline = won
    ? `I solved ${subject}!`
    : `${subject.charAt(0).toUpperCase()}${subject.slice(1)} was a little hard`;
  const squares = SHARE_SQUARES[palette];
  const number = numberLine(puzzle, input.difficulty);
  // docs/product-decisions.md: the headline, the title and author, the result and the hashtag in
  // that order, with the number, the grid and the link where they read well.
  return [
    { text: headline, keep: 1 },
    ...(number ? [{ text: number, keep: 3 }] : []),
    { text: author ? `${title} by ${author}` : title, keep: 5 },
    ...(won
      ? [{ text: `Yay! I did it in ${tries} ${tries === 1 ? 'try' : 'tries'}!`, keep: 4 }]
      : []),
    ...grid.map((row) => ({ text: row.map((level) => squares[level]).join(''), keep: 2 })),
    { text: HASHTAG, keep: 0 },
  ];
}

/** The text players share (docs/spec.md §4 and docs/product-decisions.md) and its link. */
export function shareMessage(input: ShareInput): ShareMessage {
  return {
    text: shareLines(input)
      .map((line) => line.text)
      .join('\n'),
    link: shareLink(input.site, input.puzzle),
    short: fittedText(input, BLUESKY_LIMIT),
  };
}

/** The whole message as one text, the link on its own last line: what Copy puts on the clipboard. */
export function fullText(message: ShareMessage): string {
  return `${message.text}\n${message.link}`;
}

/** Bluesky's limit on a post: 300 graphemes (docs.bsky.app, "Action Intent Links"). */
export const BLUESKY_LIMIT = 300;

/**
 * Characters as a network counts them, at most: code points. A grapheme is one code point or more,
 * so a text that fits by this count fits by the network's.
 */
const length = (text: string) => [...text].length;

/**
 * The whole message in at most `limit` characters, for a network that takes the link inside the
 * text: the link stays whole; lines of the text go, least telling first (the hashtag, the headline,
 * the grid, the number, the result), and the title is cut last.
 */
export function fittedText(input: ShareInput, limit: number): string {
  const link = shareLink(input.site, input.puzzle);
  const lines = shareLines(input);
  const fits = (kept: readonly Line[]) =>
    length([...kept.map((line) => line.text), link].join('\n')) <= limit;
  let kept = lines;
  for (let level = 0; !fits(kept) && level <= 4; level += 1) {
    kept = kept.filter((line) => line.keep > level);
  }
  const last = kept[0];
  if (!fits(kept) && last) {
    // Only the title line is left: cut it to what room there is beside the link.
    const room = limit - length(link) - 2;
    kept = room > 0 ? [{ ...last, text: `${[...last.text].slice(0, room).join('')}…` }] : [];
  }
  return [...kept.map((line) => line.text), link].join('\n');
}

export type ShareNetwork = 'Facebook' | 'X' | 'Bluesky' | 'Threads';

/**
 * Each network's compose address, already holding the result, as its documentation gives it:
 * - Facebook takes only the link (`u`); the post's preview comes from the page's Open Graph tags
 *   (core/link-preview.ts). Its `quote` is ignored.
 * - X: `text` and `url` (docs.x.com, "Web intent"); X adds the link after the text.
 * - Bluesky: `text` only, with the link inside, 300 characters at most (docs.bsky.app, "Action
 *   Intent Links").
 * - Threads: `text` and `url` (developers.facebook.com, Threads "Web Intents").
 */
export function shareIntents(message: ShareMessage): { network: ShareNetwork; href: string }[] {
  // Percent-encoded (RFC 3986): a space is %20, which every one of the four reads as a space.
  const query = (params: Record<string, string>) =>
    Object.entries(params)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('&');
  return [
    {
      network: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?${query({ u: message.link })}`,
    },
    {
      network: 'X',
      href: `https://x.com/intent/tweet?${query({ text: message.text, url: message.link })}`,
    },
    {
      network: 'Bluesky',
      href: `https://bsky.app/intent/compose?${query({ text: message.short })}`,
    },
    {
      network: 'Threads',
      href: `https://www.threads.com/intent/post?${query({ text: message.text, url: message.link })}`,
    },
  ];
}
