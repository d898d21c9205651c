/**
 * The server's entry point: renders a route of the app to HTML with React's own server renderer,
 * from the same components the browser hydrates (src/main.tsx). Built by `vite build --ssr` into
 * dist-server/; server/page-renderer.ts and scripts/prerender.ts call it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { utcDate } from '../core/dates';
import { readGameAddress } from '../core/routes';
import type { RenderInput, RenderedPage, ServerEntry } from '../core/page-render';
import type { Puzzle, PuzzleSummary } from '../core/puzzle';
import { EMPTY_PLAYER } from '../core/records';
import { Root } from './app/root';
import { routeOf } from './app/routes';
import { pageDataJson, type PageData } from './app/page-data';
import { findPlayable, seedCatalogue } from './lib/catalogue';
import { setServerCookieReader } from './lib/cookie-source';
import { headCollector } from './lib/page-context';
import { dailyPuzzleChoice } from './lib/player-state';
import { storedPreferences } from './lib/preferences/stored-preferences';

const requestCookies = new AsyncLocalStorage<Record<string, string>>();
setServerCookieReader(() => requestCookies.getStore() ?? {});

let seededWith: readonly PuzzleSummary[] | null = null;

/** The puzzles the page shows: the one asked for on /game, or today's. */
function puzzlesFor(input: RenderInput, today: string): Puzzle[] {
  if (input.path !== '/game') return [];
  const { puzzleId } = readGameAddress(input.search);
  const id = puzzleId ?? dailyPuzzleChoice(EMPTY_PLAYER, input.summaries, today).puzzleId;
  if (!id || !findPlayable(input.summaries, id, today)) return [];
  const puzzle = input.puzzle(id);
  return puzzle ? [puzzle] : [];
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
  return requestCookies.run(input.cookies, async () => {
    const today = utcDate(input.now);
    const puzzles = puzzlesFor(input, today);
    // The whole list stays seeded on the server; each page carries the part it needs.
    if (seededWith !== input.summaries) {
      seedCatalogue(input.summaries, [], { replace: true });
      seededWith = input.summaries;
    }
    seedCatalogue(input.summaries, puzzles);
    const head = headCollector();
    const { prelude } = await prerenderToNodeStream(
      <Router ssrPath={input.path} ssrSearch={input.search.replace(/^\?/, '')}>
        <Root today={today} head={head} />
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
      path: input.path,
      search: input.search,
      today,
      // Only what is out today: a future puzzle, title included, is never sent before its day.
      summaries: input.summaries.filter((summary) => summary.date <= today),
      puzzles,
    };
    const { darkMode, palette } = storedPreferences();
    const htmlAttributes: Record<string, string> = {};
    if (darkMode !== undefined && darkMode !== null) {
      htmlAttributes['data-theme'] = darkMode ? 'dark' : 'light';
    }
    htmlAttributes['data-palette'] = palette ?? 'default';
    return {
      status: head.status,
      html,
      title: head.title ?? 'Linchpin: the daily word puzzle',
      pageData: pageDataJson(pageData),
      htmlAttributes,
    };
  });
}

/** The page module a path renders (the server preloads it and links its styles). */
export function routeModule(path: string): string | null {
  return routeOf(path)?.module ?? null;
}

// The server loads this module by name at run time: it must keep the contract of core/page-render.ts.
void ({ renderPage, routeModule } satisfies ServerEntry);
