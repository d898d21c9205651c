import type { Puzzle, PuzzleSummary } from './puzzle';

/**
 * What the server asks of the app's server entry (src/entry-server.tsx) and what it gets back: the
 * one contract between server/page-renderer.ts and the entry, which the server loads from the
 * build (dist-server/) at run time.
 */
export interface RenderInput {
  /** The request's path and query, e.g. "/game" and "?puzzleId=puzzle_3". */
  path: string;
  search: string;
  /** The request's cookies by name. */
  cookies: Record<string, string>;
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
  /** Attributes for <html>: the theme and palette the player chose. */
  htmlAttributes: Record<string, string>;
}

export interface ServerEntry {
  renderPage(input: RenderInput): Promise<RenderedPage>;
  /** The page module a path renders (the server links its styles and preloads its code). */
  routeModule(path: string): string | null;
}
