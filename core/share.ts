export const HASHTAG = '#Linchpin';

export interface ShareInput {
  title: string;
  author: string | null;
  won: boolean;
  tries: number;
  /** Today's daily puzzle, rather than one from the archive. */
  isDaily: boolean;
  /** A player's puzzle: its link, so whoever reads the text can play it too. */
  link?: string | undefined;
}

/** The text players share (docs/spec.md §4 and docs/product-decisions.md), lines joined by newlines. */
export function shareText({ title, author, won, tries, isDaily, link }: ShareInput): string {
  const subject = isDaily ? "today's puzzle" : 'the puzzle';
  const headline = won
    ? `I solved ${subject}!`
    : `${subject.charAt(0).toUpperCase()}${subject.slice(1)} was a little hard`;
  const lines = [headline, author ? `${title} by ${author}` : title];
  if (won) lines.push(`Yay! I did it in ${tries} ${tries === 1 ? 'try' : 'tries'}!`);
  if (link) lines.push(`Play it: ${link}`);
  lines.push(HASHTAG);
  return lines.join('\n');
}
