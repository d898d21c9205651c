import { escapeHtml } from './html';
import { puzzleNumber, type PuzzleSummary } from './puzzle';
import { gameHref, readGameAddress, ROUTES } from './routes';

/**
 * What a shared link shows where it is posted (Open Graph and Twitter card tags): a page of a
 * puzzle (/, /game, /game?puzzleId=…) names its puzzle; every other page, the site. Worked out
 * from the address and the puzzle it shows alone, never from a player's cookies, so one page
 * serves every player.
 */
export interface LinkPreview {
  title: string;
  /** Says nothing of the puzzle's words or groups. */
  description: string;
  /** The page's own address without tracking parameters; null when the site's address is not set. */
  url: string | null;
  image: string;
  imageAlt: string;
}

export const SITE_TITLE = 'Linchpin: the daily word puzzle';
const SITE_DESCRIPTION = 'The daily puzzle where one word holds four groups together.';
const PUZZLE_DESCRIPTION =
  'Sort nine words into four groups of three, and find the one word that belongs to all four.';
/** public/og-image.png, drawn by scripts/make-og-image.ts. */
const IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;
const IMAGE_ALT =
  'Linchpin: the daily puzzle where one word holds four groups together, beside a grid of nine word tiles.';

export interface PreviewInput {
  /** The page's path and query, as requested (tracking parameters and all). */
  path: string;
  search: string;
  /** The puzzle the page shows (today's on / and /game), or null. */
  puzzle: PuzzleSummary | null;
  /** The page's own title, for a page that shows no puzzle. */
  pageTitle?: string | null;
  /** The site's address (VITE_SITE_URL, core/site-url.ts), or null: then addresses are root-relative. */
  siteUrl: string | null;
}

/** The page's address as it should be shared: only the parameters the page reads. */
function canonicalPath(path: string, search: string): string {
  if (path !== ROUTES.game) return path;
  const { puzzleId, mode } = readGameAddress(search);
  return puzzleId ? gameHref({ puzzleId, mode }) : path;
}

export function linkPreview({
  path,
  search,
  puzzle,
  pageTitle,
  siteUrl,
}: PreviewInput): LinkPreview {
  const number = puzzle ? puzzleNumber(puzzle.id) : null;
  const site = siteUrl ?? '';
  return {
    title: puzzle
      ? `Linchpin${number === null ? '' : ` #${number}`}: ${puzzle.title}`
      : (pageTitle ?? SITE_TITLE),
    description: puzzle
      ? `${puzzle.author ? `A puzzle by ${puzzle.author}. ` : ''}${PUZZLE_DESCRIPTION}`
      : SITE_DESCRIPTION,
    url: siteUrl ? `${site}${canonicalPath(path, search)}` : null,
    image: `${site}${IMAGE.path}`,
    imageAlt: IMAGE_ALT,
  };
}

/** The preview as the <head>'s Open Graph and Twitter card tags, one a line. */
export function linkPreviewTags(preview: LinkPreview): string {
  const tags: [string, string, string | number | null][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Linchpin'],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
    ['property', 'og:image', preview.image],
    ['property', 'og:image:width', IMAGE.width],
    ['property', 'og:image:height', IMAGE.height],
    ['property', 'og:image:alt', preview.imageAlt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', preview.image],
    ['name', 'twitter:image:alt', preview.imageAlt],
  ];
  return tags
    .filter((tag): tag is [string, string, string | number] => tag[2] !== null)
    .map(
      ([key, name, content]) =>
        `<meta ${key}="${name}" content="${escapeHtml(String(content))}" />`,
    )
    .join('\n    ');
}
