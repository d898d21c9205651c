import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
/** Files the build, the bench or the server writes: cited, but not in the repository. */
const OUTPUTS = [/^reports\//, /^DATA_DIR\//, /^dist\//, /^puzzles\/index\.json$/];

const SOURCES = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT })
  .toString()
  .split('\n')
  .filter((file) => /\.(ts|tsx|mts|js|mjs|css)$/.test(file) && existsSync(join(ROOT, file)))
  // This file's own examples are not citations.
  .filter((file) => file !== 'scripts/cited-files.test.ts');

/** Comments of a source file: `// …` lines and `/* … *\/` blocks. */
function comments(text: string): string {
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/[^\n]*/g)]
    .map((m) => m[0])
    .join('\n');
}

/** Paths a comment names: `docs/x.md`, `src/lib/player-data/storage.ts`, `README.md` (not patterns like `<id>.json`). */
export function citedPaths(text: string): string[] {
  return [
    ...text.matchAll(
      /(?<![\w./<*-])((?:[\w.-]+\/)*[\w.-]+\.(?:md|ts|tsx|mjs|css|json|sh))(?![\w/<*])/g,
    ),
  ]
    .map((m) => m[1] ?? '')
    .filter((path) => path.includes('/') || /^[A-Z]+\.md$/.test(path));
}

describe('files cited in code comments', () => {
  it('finds paths, not patterns', () => {
    expect(
      citedPaths('see docs/decisions.md and core/dates.ts; puzzles/<id>.json; DECISIONS.md'),
    ).toEqual(['docs/decisions.md', 'core/dates.ts', 'DECISIONS.md']);
  });

  it('every one exists in the repository (from the root or beside the file)', () => {
    const missing = SOURCES.flatMap((file) =>
      citedPaths(comments(readFileSync(join(ROOT, file), 'utf8')))
        .filter((path) => !OUTPUTS.some((output) => output.test(path)))
        .filter(
          (path) => !existsSync(join(ROOT, path)) && !existsSync(join(ROOT, file, '..', path)),
        )
        .map((path) => `${file}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
