import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, withCompileHint } from './vite-compile-hints';

describe('compile hints', () => {
  it('puts the hint on the first line, once', () => {
    expect(withCompileHint('const a=1;')).toBe(`${COMPILE_HINT}\nconst a=1;`);
    expect(withCompileHint(withCompileHint('const a=1;'))).toBe(`${COMPILE_HINT}\nconst a=1;`);
  });

  it("marks the written entry chunk, and no lazy page's chunk", () => {
    const dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
    try {
      writeFileSync(join(dir, 'index.js'), 'const __vite__mapDeps=0;');
      writeFileSync(join(dir, 'game-page.js'), 'export const x=1;');
      const hook = compileHints().writeBundle;
      if (typeof hook !== 'function') throw new Error('writeBundle is not a function');
      const bundle = {
        'index.js': { type: 'chunk', isEntry: true, fileName: 'index.js' },
        'game-page.js': { type: 'chunk', isEntry: false, fileName: 'game-page.js' },
      };
      void hook.call(undefined as never, { dir } as never, bundle as never);
      expect(readFileSync(join(dir, 'index.js'), 'utf8')).toBe(
        `${COMPILE_HINT}\nconst __vite__mapDeps=0;`,
      );
      expect(readFileSync(join(dir, 'game-page.js'), 'utf8')).toBe('export const x=1;');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
