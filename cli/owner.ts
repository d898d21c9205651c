/**
 * The site owner's tool: read what players sent and turn a submitted puzzle into a catalogue file.
 *
 *   npm run owner -- messages [--unhandled] [--json]
 *   npm run owner -- submissions show 3
 *   npm run owner -- import 3
 *   npm run owner -- puzzle-stats [--json]
 *   npm run owner -- backup linchpin.backup.gz      restore <file> [--replace]
 *   npm run owner -- backup-daily [<folder>]        check-backup <file>
 *   npm run owner -- move-to-postgres               forget <email>
 *
 * Works on DATABASE_URL when set, else on the embedded database in DATA_DIR (./data), directly or
 * through the running server that holds it. `npm run owner -- help` lists every command.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupDirOf } from '../server/db/backup-files';
import { loadEnvFiles } from '../server/env-files';
import { UsageError, USAGE, parseOwnerArgs } from './owner/args';
import { runOwnerCommand } from './owner/run';
import { SourceError, openMoveDatabases, openOwnerSource } from './owner/source';

const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function setting(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const cwd = process.cwd();
  let options;
  try {
    options = parseOwnerArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const dataDir = resolve(cwd, options.dataDir ?? setting(env.DATA_DIR) ?? 'data');
  const puzzlesDir = resolve(
    cwd,
    options.puzzlesDir ?? setting(env.PUZZLES_DIR) ?? join(PROJECT_ROOT, 'puzzles'),
  );
  const databaseUrl = setting(env.DATABASE_URL);
  try {
    return await runOwnerCommand(options.command, {
      source: (open) => openOwnerSource({ dataDir, databaseUrl, ...open }),
      databases: () => openMoveDatabases({ dataDir, databaseUrl }),
      puzzlesDir,
      backupDir: backupDirOf(env, dataDir, cwd),
      cwd,
      now: () => Date.now(),
      random: Math.random,
      out: (text) => console.log(text),
      err: (text) => console.error(text),
    });
  } catch (error) {
    if (error instanceof SourceError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

// The server's settings, from the same `.env` files beside the app as the server reads.
loadEnvFiles();
const code = await main(process.argv.slice(2), process.env);
// Exit explicitly (a database handle must not keep the tool running), once the output is written.
await new Promise<void>((done) => process.stdout.write('', () => done()));
process.exit(code);
