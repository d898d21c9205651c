import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The app's folder (a checkout or a release): where `npm run build` ran and read its `.env`. */
export const APP_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The files Vite's production build reads settings from, most specific first (Vite lets
 * `.env.production.local` win over `.env.production`, over `.env.local`, over `.env`).
 */
export const ENV_FILES = ['.env.production.local', '.env.production', '.env.local', '.env'];

/**
 * Reads the settings files of `dir` that exist into `process.env`, with Node's own
 * process.loadEnvFile, so the server (and the owner's tool) see the values the build saw. A
 * variable already set wins over every file, as with Vite; a file wins over the ones after it
 * (process.loadEnvFile never replaces a variable that is set). Returns the files read.
 */
export function loadEnvFiles(dir = APP_ROOT): string[] {
  const read: string[] = [];
  for (const name of ENV_FILES) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    process.loadEnvFile(path);
    read.push(name);
  }
  return read;
}
