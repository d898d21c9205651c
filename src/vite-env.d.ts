/// <reference types="vite/client" />

/** Built by scripts/vite-puzzle-catalogue.ts. (An ambient module cannot import core's types.) */
declare module 'virtual:puzzle-index' {
  /** Every checked puzzle's PuzzleSummary (core/puzzle.ts), in puzzle-number order. */
  export const summaries: {
    id: string;
    date: string;
    title: string;
    author: string | null;
    difficulty: 'easy' | 'normal' | 'hard';
  }[];
  /** Loads one puzzle's JSON (checked at build time). */
  export const loaders: Record<string, (() => Promise<{ default: unknown }>) | undefined>;
}

declare const __APP_VERSION__: string;
