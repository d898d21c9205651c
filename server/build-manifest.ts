import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Vite's manifest of the browser build (dist/.vite/manifest.json, `build.manifest` in
 * vite.config.ts): for each source module, the chunk it was built into, the chunks that chunk
 * imports and its stylesheets. The page renderer takes every script and stylesheet a page needs
 * from here (server/page-renderer.ts), never from the tags Vite wrote into index.html.
 */
const chunkSchema = z.object({
  file: z.string(),
  isEntry: z.boolean().optional(),
  css: z.array(z.string()).optional(),
  imports: z.array(z.string()).optional(),
});
const manifestSchema = z.record(z.string(), chunkSchema);
export type BuildManifest = z.infer<typeof manifestSchema>;

/** The manifest's key of the app's entry: index.html is the build's input. */
export const ENTRY = 'index.html';

export const manifestPath = (distDir: string): string => join(distDir, '.vite', 'manifest.json');

/** The manifest as checked; throws when it is missing, is not JSON or has no entry. */
export function readBuildManifest(distDir: string): BuildManifest {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath(distDir), 'utf8')));
  if (manifest[ENTRY]?.isEntry !== true)
    throw new Error(`The build's manifest (dist/.vite/manifest.json) has no entry ${ENTRY}.`);
  return manifest;
}

/** Files of the build, by their manifest names (under `assets/`, without a leading slash). */
export interface ChunkFiles {
  js: string[];
  css: string[];
}

/**
 * The chunks of `modules` and of everything they import, and their stylesheets: each file once,
 * in the order first met (so the first module's own chunk comes first).
 */
export function chunkFiles(manifest: BuildManifest, modules: readonly string[]): ChunkFiles {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { js: [...js], css: [...css] };
}

/** Every stylesheet the build made, by its manifest name. */
export function allStylesheets(manifest: BuildManifest): string[] {
  return [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))];
}
