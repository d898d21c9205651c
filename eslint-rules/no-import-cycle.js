/**
 * import-x/no-cycle skips type-only imports, so a circle of modules held together by one
 * `import type` goes unreported (it did, between the preferences provider and its storage). This
 * rule reports a circle through any relative import, type-only ones included: it reads each
 * imported file's import lines (cached for the whole lint run) and walks the graph from the file
 * being linted back to itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** @type {Map<string, string[]>} */
const importsOf = new Map();

/** The file a relative specifier names, or null (a stylesheet, an asset, a missing file). */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  if (EXTENSIONS.some((ext) => base.endsWith(ext)) && existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  for (const ext of EXTENSIONS) if (existsSync(`${base}/index${ext}`)) return `${base}/index${ext}`;
  return null;
}

function importedFiles(file) {
  let found = importsOf.get(file);
  if (found) return found;
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // Unreadable: no imports to follow.
  }
  found = [];
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveSpecifier(file, match[1] ?? match[2]);
    if (target) found.push(target);
  }
  importsOf.set(file, found);
  return found;
}

/** A path of files from `start` back to `goal`, or null. */
function findCircle(start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, path] = stack.pop();
    for (const next of importedFiles(file)) {
      if (next === goal) return path;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push([next, [...path, next]]);
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No circle of imports, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle, type-only imports included: {{path}}.' },
  },
  create(context) {
    const filename = context.filename;
    // What this file imports now (the editor's text, not the file on disk).
    importsOf.delete(filename);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveSpecifier(filename, specifier);
      if (!target || target === filename) return;
      const circle = findCircle(target, filename);
      if (!circle) return;
      const root = context.cwd ?? process.cwd();
      const path = [filename, ...circle, filename]
        .map((f) => f.replace(`${root}/`, ''))
        .join(' -> ');
      context.report({ node, messageId: 'cycle', data: { path } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) =>
        check(node, node.source.type === 'Literal' ? node.source.value : null),
    };
  },
};
