import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressDist } from './compress-dist';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

const text = (label: string) => `export const label = ${JSON.stringify(label)};\n`.repeat(50);

describe('compressDist', () => {
  it('writes brotli and gzip beside every text file, and leaves images and tiny files alone', () => {
    root = mkdtempSync(join(tmpdir(), 'linchpin-compress-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'index-A1.js'), text('entry'));
    writeFileSync(join(root, 'index.html'), `<!doctype html>${text('page')}`);
    writeFileSync(join(root, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    writeFileSync(join(root, 'tiny.txt'), 'a');

    compressDist(root);
    const js = join(root, 'assets', 'index-A1.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(text('entry'));
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(text('entry'));
    expect(existsSync(join(root, 'index.html.br'))).toBe(true);
    expect(existsSync(join(root, 'icon.png.br'))).toBe(false);
    // Compressing one byte would make it larger: the file goes out as it is.
    expect(existsSync(join(root, 'tiny.txt.br'))).toBe(false);
  });

  it('keeps a sibling newer than its file and replaces a stale one', () => {
    root = mkdtempSync(join(tmpdir(), 'linchpin-compress-'));
    const kept = join(root, 'kept.js');
    const rewritten = join(root, 'rewritten.js');
    writeFileSync(kept, text('kept'));
    writeFileSync(rewritten, text('old'));
    compressDist(root);
    const keptBr = readFileSync(`${kept}.br`);

    // The page is rewritten after its siblings were made (as the prerender step rewrites pages).
    writeFileSync(rewritten, text('new'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(rewritten, later, later);
    expect(compressDist(root)).toBe(2);
    expect(readFileSync(`${kept}.br`).equals(keptBr)).toBe(true);
    expect(brotliDecompressSync(readFileSync(`${rewritten}.br`)).toString()).toBe(text('new'));
    expect(gunzipSync(readFileSync(`${rewritten}.gz`)).toString()).toBe(text('new'));
  });
});
