import { render, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_DESCRIPTIONS, pageDescription } from './page-descriptions';
import { usePageTitle } from './use-page-title';

function Page({ title }: { title: string | null }) {
  usePageTitle(title);
  return null;
}

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('pageDescription', () => {
  it('describes each known page, with or without a trailing slash', () => {
    expect(pageDescription('/archive')).toBe(PAGE_DESCRIPTIONS['/archive']);
    expect(pageDescription('/stats/')).toBe(PAGE_DESCRIPTIONS['/stats']);
    expect(pageDescription('/game')).toBe(PAGE_DESCRIPTIONS['/game']);
  });

  it('falls back to the site description for the home page and unknown paths', () => {
    for (const path of ['/', '/no-such-page', 'default', '/constructor', '/__proto__'])
      expect(pageDescription(path)).toBe(PAGE_DESCRIPTIONS.default);
  });

  it("is the site's description in every page's HTML, so the first load of home needs no table", () => {
    const html = readFileSync('index.html', 'utf8').replace(/\s+/g, ' ');
    expect(html).toContain(`name="description" content="${PAGE_DESCRIPTIONS.default}"`);
  });

  it('gives every page its own description', () => {
    const texts = Object.values(PAGE_DESCRIPTIONS);
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(160);
  });
});

describe('usePageTitle', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('sets the title and the meta description, and follows navigation', async () => {
    window.history.pushState(null, '', '/archive');
    const { rerender } = render(<Page title="Puzzle Archive" />);
    expect(document.title).toBe('Puzzle Archive · Linchpin');
    await waitFor(() => expect(description()).toBe(PAGE_DESCRIPTIONS['/archive']));

    window.history.pushState(null, '', '/stats');
    rerender(<Page title="Statistics" />);
    expect(document.title).toBe('Statistics · Linchpin');
    await waitFor(() => expect(description()).toBe(PAGE_DESCRIPTIONS['/stats']));
  });

  it('uses the site title and description on the home page after another page', async () => {
    render(<Page title={null} />);
    expect(document.title).toBe('Linchpin: the daily word puzzle');
    await waitFor(() => expect(description()).toBe(PAGE_DESCRIPTIONS.default));
  });
});
