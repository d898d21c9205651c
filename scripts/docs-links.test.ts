import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every relative Markdown link in README.md and docs/ points at a file in the repository. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The targets of `[text](target)` and `![alt](target)`, outside code blocks and code spans. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1] ?? '',
  );
}

function isRelative(target: string): boolean {
  return !/^(https?:|mailto:|#)/i.test(target);
}

const FILES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

describe('Markdown links', () => {
  it('finds links outside code, with or without a title or an anchor', () => {
    expect(
      linkTargets(
        '[a](docs/a.md) ![b](b.png "B") [c](x.md#part) `[d](no.md)`\n```\n[e](no.md)\n```\n[f](https://x.org)',
      ),
    ).toEqual(['docs/a.md', 'b.png', 'x.md#part', 'https://x.org']);
  });

  it.each(FILES.map((file) => [relative(ROOT, file), file]))(
    '%s: every relative link resolves',
    (_name, file) => {
      const broken = linkTargets(readFileSync(file, 'utf8'))
        .filter(isRelative)
        .map((target) => decodeURIComponent(target.replace(/[#?].*$/, '')))
        .filter((path) => !existsSync(resolve(dirname(file), path)));
      expect(broken).toEqual([]);
    },
  );
});
