/**
 * The server's entry point: renders a route of the app to HTML with React's own server renderer,
 * from the same components the browser hydrates (src/main.tsx). Built by `vite build --ssr` into
 * dist-server/; server/page-renderer.ts and scripts/prerender.ts call it.
 */
import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { playablePuzzles } from '../core/daily';
import { utcDate } from '../core/dates';
import { linkPreview, linkPreviewTags } from '../core/link-preview';
import { addressKey } from '../core/routes';
import { siteUrlFrom } from '../core/site-url';
import type { RenderInput, RenderedPage, ServerEntry } from '../core/page-render';
import type { Puzzle, PuzzleSummary } from '../core/puzzle';
import { EMPTY_PLAYER } from '../core/records';
import { Root } from './app/root';
import { COOKIE_BANNER_MODULE, routeOf } from './app/routes';
import { pageDataJson, type PageData } from './app/page-data';
import { findPlayable, seedCatalogue } from './lib/catalogue';
import { setServerCookieReader } from './lib/player-data/cookie-source';
import { headCollector } from './lib/page-context';
import { boardPuzzleId } from './lib/player-data/player-state';

// A page is the same for everyone who asks for its address on its day: the server reads no
// cookie, and the browser applies the player's before the first paint (core/inline-scripts.ts).
setServerCookieReader(() => ({}));

let seededWith: readonly PuzzleSummary[] | null = null;

/** The puzzles the page shows: the one asked for on /game, or today's. */
function puzzlesFor(input: RenderInput, today: string): Puzzle[] {
  if (input.address.path !== '/game') return [];
  const id = boardPuzzleId(input.address, EMPTY_PLAYER, input.summaries, today);
  if (!id || !findPlayable(input.summaries, id, today)) return [];
  const puzzle = input.puzzle(id);
  return puzzle ? [puzzle] : [];
}

/** The puzzle a page's link preview names: the board's on /game, today's on the home page. */
function previewPuzzle(input: RenderInput, today: string, shown: Puzzle[]): PuzzleSummary | null {
  if (input.address.path === '/game') return shown[0] ?? null;
  if (input.address.path !== '/') return null;
  const id = boardPuzzleId(input.address, EMPTY_PLAYER, input.summaries, today);
  return input.summaries.find((summary) => summary.id === id) ?? null;
}

async function toText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    stream.pipe(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          resolve();
          done();
        },
      }),
    );
    stream.on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}

export function renderPage(input: RenderInput): Promise<RenderedPage> {
  return (async () => {
    const today = utcDate(input.now);
    const key = addressKey(input.address);
    const puzzles = puzzlesFor(input, today);
    // The whole list stays seeded on the server; each page carries the part it needs.
    if (seededWith !== input.summaries) {
      seedCatalogue(input.summaries, [], { replace: true });
      seededWith = input.summaries;
    }
    seedCatalogue(input.summaries, puzzles);
    const head = headCollector();
    const { prelude } = await prerenderToNodeStream(
      <Router ssrPath={input.address.path} ssrSearch={key.split('?')[1] ?? ''}>
        <Root today={today} head={head} hydrating />
      </Router>,
      {
        // One complete document, never split into boundaries revealed by inline scripts (which
        // the Content-Security-Policy would refuse, and which a static page does not need).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A component that throws is a bug: the server says so (the browser then renders it).
        onError(error) {
          head.record({ status: 500 });
          console.error('Server render error:', error);
        },
      },
    );
    const html = await toText(prelude);
    const pageData: PageData = {
      address: key,
      today,
      // Nothing of a puzzle is sent before its day (docs/product-decisions.md).
      summaries: playablePuzzles(input.summaries, today),
      puzzles,
    };
    const preview = linkPreview({
      path: input.address.path,
      search: key.split('?')[1] ?? '',
      puzzle: head.status === 200 ? previewPuzzle(input, today, puzzles) : null,
      pageTitle: head.title,
      siteUrl: siteUrlFrom(import.meta.env),
    });
    return {
      status: head.status,
      html,
      title: head.title ?? 'Linchpin: the daily word puzzle',
      headTags: linkPreviewTags(preview),
      pageData: pageDataJson(pageData),
    };
  })();
}

/** The modules a page at this path hydrates with (the server preloads them and links their styles). */
export function pageModules(path: string): string[] {
  const page = routeOf(path)?.module;
  return page ? [page, COOKIE_BANNER_MODULE] : [COOKIE_BANNER_MODULE];
}

// The server loads this module by name at run time: it must keep the contract of core/page-render.ts.
void ({ renderPage, pageModules } satisfies ServerEntry);
