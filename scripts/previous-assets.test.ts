import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../server/app';
import { type Database } from '../server/db/database';
import { testConfig } from '../server/testing/fixture-site';
import { compressDist } from './compress-dist';
import {
  KEEP_BUILDS,
  KEEP_DAYS,
  restorePreviousAssets,
  stashDirOf,
  stashPreviousAssets,
} from './previous-assets';

const NO_DATABASE: Database = {
  kind: 'embedded',
  query: () => Promise.resolve([]),
  exec: () => Promise.resolve(),
  transaction: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
};
const DAY_MS = 86_400_000;

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** One `npm run build` as the build script runs it, with Vite's part played by writing files. */
function build(distDir: string, assets: Record<string, string>, now: Date): string[] {
  stashPreviousAssets(distDir);
  // Vite empties dist/ and writes the new build.
  rmSync(distDir, { recursive: true, force: true });
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const [name, text] of Object.entries(assets))
    writeFileSync(join(distDir, 'assets', name), text);
  const kept = restorePreviousAssets(distDir, now);
  compressDist(distDir);
  return kept;
}

const chunk = (label: string) => `export const label = ${JSON.stringify(label)};\n`.repeat(80);

describe('assets of previous builds', () => {
  it('are served after a new build, with immutable caching and their brotli file', async () => {
    root = mkdtempSync(join(tmpdir(), 'linchpin-previous-'));
    const distDir = join(root, 'dist');
    const day = new Date('2026-11-25T12:00:00Z');
    build(distDir, { 'index-AAAA1111.js': chunk('first'), 'game-CCCC3333.js': chunk('g') }, day);
    // The source changed: the entry chunk has a new hash, the game chunk stayed the same.
    const kept = build(
      distDir,
      { 'index-BBBB2222.js': chunk('second'), 'game-CCCC3333.js': chunk('g') },
      new Date(day.getTime() + 3_600_000),
    );
    expect(kept).toEqual(['index-AAAA1111.js']);
    expect(existsSync(stashDirOf(distDir))).toBe(false);

    const app = createApp({ db: NO_DATABASE, config: testConfig({ distDir }), logger: false });
    try {
      for (const [name, label] of [
        ['index-AAAA1111.js', 'first'],
        ['index-BBBB2222.js', 'second'],
      ] as const) {
        const response = await app.inject({
          method: 'GET',
          url: `/assets/${name}`,
          headers: { 'accept-encoding': 'br' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(response.rawPayload).toString()).toBe(chunk(label));
      }
    } finally {
      await app.close();
    }
  });

  it(`are dropped once out of ${KEEP_BUILDS} builds and ${KEEP_DAYS} days, not before`, () => {
    root = mkdtempSync(join(tmpdir(), 'linchpin-previous-'));
    const distDir = join(root, 'dist');
    const start = new Date('2026-11-01T08:00:00Z');
    const at = (days: number) => new Date(start.getTime() + days * DAY_MS);
    const has = (name: string) => existsSync(join(distDir, 'assets', name));

    build(distDir, { 'index-OLD00001.js': chunk('old') }, start);
    // Many builds on one day: still kept (less than KEEP_DAYS days out).
    for (let index = 0; index < KEEP_BUILDS + 3; index += 1)
      build(distDir, { [`index-NEW0000${index}.js`]: chunk(`new ${index}`) }, at(0.1));
    expect(has('index-OLD00001.js')).toBe(true);
    expect(has('index-OLD00001.js.br')).toBe(true);

    // Long after, but only one build later: the previous build's files stay.
    build(distDir, { 'index-LATE0001.js': chunk('late') }, at(KEEP_DAYS + 30));
    expect(has('index-NEW00004.js')).toBe(true);
    // Out of more than KEEP_BUILDS builds and KEEP_DAYS days: gone, with its siblings.
    expect(has('index-OLD00001.js')).toBe(false);
    expect(has('index-OLD00001.js.br')).toBe(false);
    expect(has('index-OLD00001.js.gz')).toBe(false);

    const history = JSON.parse(
      readFileSync(join(distDir, '.vite', 'asset-history.json'), 'utf8'),
    ) as { build: number; files: Record<string, { build: number; at: string }> };
    expect(history.build).toBe(KEEP_BUILDS + 5);
    expect(history.files['index-LATE0001.js']).toEqual({
      build: KEEP_BUILDS + 5,
      at: at(KEEP_DAYS + 30).toISOString(),
    });
    expect(history.files['index-NEW00004.js']?.at).toBe(at(0.1).toISOString());
  });

  it('keep the last finished build when a build fails before it is done', () => {
    root = mkdtempSync(join(tmpdir(), 'linchpin-previous-'));
    const distDir = join(root, 'dist');
    const day = new Date('2026-11-25T12:00:00Z');
    build(distDir, { 'index-GOOD0001.js': chunk('good') }, day);
    // A build that stashes, then fails in Vite: dist/ half written, never restored.
    stashPreviousAssets(distDir);
    rmSync(distDir, { recursive: true, force: true });
    mkdirSync(join(distDir, 'assets'), { recursive: true });
    writeFileSync(join(distDir, 'assets', 'index-HALF0001.js'), chunk('half'));

    build(distDir, { 'index-NEXT0001.js': chunk('next') }, day);
    expect(existsSync(join(distDir, 'assets', 'index-GOOD0001.js'))).toBe(true);
    expect(existsSync(join(distDir, 'assets', 'index-NEXT0001.js'))).toBe(true);
  });
});
