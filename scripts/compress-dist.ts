/**
 * The last step of `npm run build`: writes `<file>.br` and `<file>.gz` beside every compressible
 * file of dist/ (brotli at its best quality, gzip level 9), once, so the server sends them as they
 * are (@fastify/static's `preCompressed`, server/static-site.ts) and never compresses a file per
 * request. It runs after the prerendered pages and the service worker are written, so every file
 * the site serves is covered. A sibling already newer than its file (an asset kept from the
 * previous build, scripts/previous-assets.ts) is left as it is; one that would not be smaller is
 * not written.
 */
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; images, fonts and video are compressed already. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml|ico|map)$/;
export const ENCODINGS = [
  {
    extension: '.br',
    compress: (data: Buffer) =>
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  {
    extension: '.gz',
    compress: (data: Buffer) => gzipSync(data, { level: constants.Z_BEST_COMPRESSION }),
  },
] as const;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : files(path);
    return entry.isFile() ? [path] : [];
  });
}

function mtime(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** Compresses every compressible file under `distDir`; returns how many siblings it wrote. */
export function compressDist(distDir: string): number {
  let written = 0;
  for (const file of files(distDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const fileTime = mtime(file) ?? 0;
    let data: Buffer | null = null;
    for (const encoding of ENCODINGS) {
      const sibling = file + encoding.extension;
      const siblingTime = mtime(sibling);
      if (siblingTime !== null && siblingTime >= fileTime) continue;
      data ??= readFileSync(file);
      const compressed = encoding.compress(data);
      if (compressed.length < data.length) {
        writeFileSync(sibling, compressed);
        written += 1;
      } else if (siblingTime !== null) {
        // A stale sibling of a file that no longer compresses would be sent in its place.
        unlinkSync(sibling);
      }
    }
  }
  return written;
}

if (process.argv[1] === import.meta.filename) {
  const distDir = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
  console.log(`Wrote ${compressDist(distDir)} brotli and gzip files beside the files of dist/.`);
}
