/// <reference types="vite/client" />

/** Built by scripts/vite-puzzle-catalogue.ts: the catalogue's version, for its JSON files' URLs. */
declare module 'virtual:puzzle-index' {
  export const catalogueVersion: string;
}

declare const __APP_VERSION__: string;
