import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { makeFixtureSite } from './fixture-site';

/**
 * What a test of the server as a process needs on disk: a built site to serve, and new temporary
 * folders (`folder('data')`), all removed when the test file is done.
 */
export function processFolders(): {
  site: ReturnType<typeof makeFixtureSite>;
  folder: (name: string) => string;
} {
  const site = makeFixtureSite();
  const folders: string[] = [];
  afterAll(() => {
    site.remove();
    for (const path of folders) rmSync(path, { recursive: true, force: true });
  });
  return {
    site,
    folder: (name) => {
      const path = mkdtempSync(join(tmpdir(), `linchpin-${name}-`));
      folders.push(path);
      return path;
    },
  };
}
