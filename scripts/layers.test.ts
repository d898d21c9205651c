import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const planted: string[] = [];

function plant(path: string, text: string): string {
  const file = join(ROOT, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  planted.push(file);
  return file;
}

async function ruleIds(files: string[]): Promise<string[]> {
  const results = await new ESLint({ cwd: ROOT }).lintFiles(files);
  return results.flatMap((result) => result.messages.map((m) => m.ruleId ?? m.message));
}

afterEach(() => {
  for (const file of planted.splice(0)) rmSync(file, { force: true });
  rmSync(join(ROOT, 'src/lib/zz-planted'), { recursive: true, force: true });
});

// The layers of docs/architecture.md, as `npm run lint` enforces them.
describe('the layers hold', () => {
  it('a feature importing another feature fails lint', async () => {
    const file = plant(
      'src/features/home/zz-planted.ts',
      "import { GameBoard } from '../game/game-board';\nexport const planted = GameBoard;\n",
    );
    expect(await ruleIds([file])).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('shared code importing a feature, or a feature importing the app, fails lint', async () => {
    const shared = plant(
      'src/lib/zz-planted.ts',
      "import { HomePage } from '../features/home/home-page';\nexport const planted = HomePage;\n",
    );
    const feature = plant(
      'src/features/home/zz-planted.ts',
      "import { routeOf } from '../../app/routes';\nexport const planted = routeOf;\n",
    );
    expect(await ruleIds([shared])).toContain('import-x/no-restricted-paths');
    expect(await ruleIds([feature])).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('a circle held by a type-only import fails lint', async () => {
    const a = plant(
      'src/lib/zz-planted/a.ts',
      "import type { B } from './b';\nexport const a = (b: B): B => b;\n",
    );
    const b = plant(
      'src/lib/zz-planted/b.ts',
      "import { a } from './a';\nexport type B = string;\nexport const useA = a;\n",
    );
    expect(await ruleIds([a, b])).toContain('linchpin/no-import-cycle');
  }, 60_000);

  it('each kind of code reaches the others only where docs/architecture.md draws it', async () => {
    // Drawn: the owner's tools read the database, the build renders with the server's renderer,
    // the benches start the built server from its test kit.
    const drawn = [
      plant(
        'cli/owner/zz-planted.ts',
        "import { columnOf } from '../../server/db/inbox-store';\nexport const planted = columnOf;\n",
      ),
      plant(
        'scripts/zz-planted.ts',
        "import { createPageRenderer } from '../server/page-renderer';\nexport const planted = createPageRenderer;\n",
      ),
      plant(
        'bench/zz-planted.ts',
        "import { startServer } from '../server/testing/server-process';\nexport const planted = startServer;\n",
      ),
    ];
    expect(await ruleIds(drawn)).not.toContain('import-x/no-restricted-paths');
    // Not drawn: a tool starting the app in its own process, the deployment importing the server,
    // the server importing a tool, the browser's code importing the server's test kit.
    const undrawn = [
      plant(
        'cli/owner/zz-planted-app.ts',
        "import { createApp } from '../../server/app';\nexport const planted = createApp;\n",
      ),
      plant(
        'deploy/zz-planted.ts',
        "import { startServer } from '../server/testing/server-process';\nexport const planted = startServer;\n",
      ),
      plant(
        'server/zz-planted.ts',
        "import { runOwnerCommand } from '../cli/owner/run';\nexport const planted = runOwnerCommand;\n",
      ),
      plant(
        'src/lib/zz-planted-reach.ts',
        "import { startServer } from '../../server/testing/server-process';\nexport const planted = startServer;\n",
      ),
    ];
    const results = await new ESLint({ cwd: ROOT }).lintFiles(undrawn);
    for (const result of results)
      expect(
        result.messages.map((m) => m.ruleId),
        result.filePath,
      ).toContain('import-x/no-restricted-paths');
  }, 120_000);
});
