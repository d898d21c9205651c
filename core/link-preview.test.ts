import { describe, expect, it } from 'vitest';
import { linkPreview, linkPreviewTags, SITE_TITLE } from './link-preview';
import { ringPuzzle } from './test/fixtures';
import { toSummary } from './puzzle';

const puzzle = toSummary(ringPuzzle);
const SITE = 'https://linchpin.example';

describe('linkPreview', () => {
  it('a page of a puzzle is titled with its number and title, and tells none of its words', () => {
    const preview = linkPreview({ path: '/', search: '', puzzle, siteUrl: SITE });
    expect(preview.title).toBe('Linchpin #7: Full Circle');
    expect(preview.description).toBe(
      'A puzzle by Test Author. Sort nine words into four groups of three, and find the one word that belongs to all four.',
    );
    const told = `${preview.title} ${preview.description}`.toLowerCase();
    for (const word of [...ringPuzzle.words, ...ringPuzzle.categories.map((c) => c.name)]) {
      expect(told).not.toContain(word.toLowerCase());
    }
  });

  it('gives absolute addresses with the site address, without tracking parameters', () => {
    expect(linkPreview({ path: '/', search: '', puzzle, siteUrl: SITE })).toMatchObject({
      url: `${SITE}/`,
      image: `${SITE}/og-image.png`,
    });
    expect(
      linkPreview({
        path: '/game',
        search: '?puzzleId=puzzle_7&fbclid=x&utm_source=facebook',
        puzzle,
        siteUrl: SITE,
      }).url,
    ).toBe(`${SITE}/game?puzzleId=puzzle_7&mode=play`);
    expect(linkPreview({ path: '/game', search: '?fbclid=x', puzzle, siteUrl: SITE }).url).toBe(
      `${SITE}/game`,
    );
  });

  it('without the site address: no og:url, and a root-relative image', () => {
    const preview = linkPreview({ path: '/', search: '', puzzle, siteUrl: null });
    expect(preview.url).toBeNull();
    expect(preview.image).toBe('/og-image.png');
    expect(linkPreviewTags(preview)).not.toContain('og:url');
  });

  it('a page with no puzzle has its own title or the site’s', () => {
    expect(linkPreview({ path: '/archive', search: '', puzzle: null, siteUrl: null }).title).toBe(
      SITE_TITLE,
    );
    expect(
      linkPreview({
        path: '/archive',
        search: '',
        puzzle: null,
        pageTitle: 'Puzzle Archive · Linchpin',
        siteUrl: SITE,
      }),
    ).toMatchObject({ title: 'Puzzle Archive · Linchpin', url: `${SITE}/archive` });
  });

  it('leaves the author out when there is none', () => {
    const preview = linkPreview({
      path: '/',
      search: '',
      puzzle: { ...puzzle, author: null },
      siteUrl: null,
    });
    expect(preview.description).toMatch(/^Sort nine words/);
  });
});

describe('linkPreviewTags', () => {
  it('writes the Open Graph and Twitter card tags, their values escaped', () => {
    const tags = linkPreviewTags(
      linkPreview({
        path: '/',
        search: '',
        puzzle: { ...puzzle, title: 'Salt & "Pepper"', author: 'A <b>' },
        siteUrl: SITE,
      }),
    );
    expect(tags).toContain(
      '<meta property="og:title" content="Linchpin #7: Salt &amp; &quot;Pepper&quot;" />',
    );
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(tags).toContain(`<meta property="og:image" content="${SITE}/og-image.png" />`);
    expect(tags).toContain(`<meta property="og:url" content="${SITE}/" />`);
    expect(tags).toContain('content="A puzzle by A &lt;b&gt;. Sort');
    for (const name of [
      'og:description',
      'og:image:width',
      'og:image:alt',
      'twitter:title',
      'twitter:image',
    ]) {
      expect(tags).toContain(`"${name}"`);
    }
  });
});
