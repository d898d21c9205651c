import type { Puzzle, PuzzleSummary } from './puzzle';
import type { PageAddress } from './routes';

/**
 * What the server asks of the app's server entry (src/entry-server.tsx) and what it gets back: the
 * one contract between server/page-renderer.ts and the entry, which the server loads from the
 * build (dist-server/) at run time. A page depends on its address and its UTC day, never on who
 * asks: the player's cookies are applied in the browser (core/inline-scripts.ts).
 */
export interface RenderInput {
  /** The page's address (core/routes.ts `pageAddress`). */
  address: PageAddress;
  /** The time of the request (epoch ms): its UTC day is the page's. */
  now: number;
  /** Every puzzle's summary, and a way to read one puzzle (null when there is none). */
  summaries: readonly PuzzleSummary[];
  puzzle: (id: string) => Puzzle | null;
}

export interface RenderedPage {
  status: number;
  /** The app's HTML, for inside <div id="root">. */
  html: string;
  title: string;
  /** Tags for the <head>: the link preview's (core/link-preview.ts). */
  headTags: string;
  /** The page data script's JSON. */
  pageData: string;
}

export interface ServerEntry {
  renderPage(input: RenderInput): Promise<RenderedPage>;
  /**
   * The modules a page at this path needs to hydrate, as the build's manifest names them: its
   * page's, and the cookie banner's (every page carries the banner; the server links their styles
   * and preloads their code).
   */
  pageModules(path: string): string[];
}
