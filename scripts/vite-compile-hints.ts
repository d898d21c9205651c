import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136 and later): a script whose first line is this comment has
 * every function compiled eagerly, while it streams in, off the main thread. Without it V8 compiles
 * each function lazily the first time it runs: on the entry chunk (React DOM is most of it) that was
 * half of its evaluation task on the main thread (V8.CompileCode, 86 of 172 ms at the bench's
 * calibrated speed), right after the first paint. Other browsers read it as a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The code with the hint as its first line (once). */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}\n${code}`;
}

/**
 * Puts the hint on the entry chunk once it is written (after every other plugin has had its say on
 * the code: Vite's own preload map goes at the top of the chunk too). Only the entry: it runs whole
 * at start-up, while a lazy page's chunk runs only a part of its code on any one page.
 */
export function compileHints(): Plugin {
  let outDir = 'dist';
  return {
    name: 'linchpin-compile-hints',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const file = join(dir, chunk.fileName);
        writeFileSync(file, withCompileHint(readFileSync(file, 'utf8')));
      }
    },
  };
}
