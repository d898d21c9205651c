import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `engines` in package.json says which Node the project runs on (docs/contributing.md, "Which Node"), and every
 * package the server loads at run time (package-lock.json's entries not marked dev) must say the
 * same: else `npm ci` warns (EBADENGINE) and the site depends on a Node it does not declare.
 */
const ROOT = join(import.meta.dirname, '..');

interface LockEntry {
  version?: string;
  dev?: boolean;
  engines?: Record<string, string> | string[];
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** The oldest release of each Node line the project declares, e.g. 20.19.0 and 22.12.0. */
function oldestDeclared(range: string): string[] {
  return range.split('||').map((part) => semver.minVersion(part.trim())?.version ?? part);
}

describe('the Node versions the project declares', () => {
  it('include the Node 20 these machines run, and the current LTS lines', () => {
    for (const version of ['20.19.0', '22.12.0', '24.0.0'])
      expect(semver.satisfies(version, pkg.engines.node), version).toBe(true);
  });

  it('are supported by every package the server needs at run time', () => {
    const oldest = oldestDeclared(pkg.engines.node);
    const unsupported: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (path === '' || entry.dev || node === undefined) continue;
      for (const version of oldest) {
        if (!semver.satisfies(version, node))
          unsupported.push(`${path}@${entry.version ?? '?'} wants Node ${node}, not ${version}`);
      }
    }
    expect(unsupported).toEqual([]);
  });
});
