/**
 * `npm run deploy:start` / `npm run deploy:stop` / `npm run deploy:status` (deploy/stack.ts),
 * `npm run deploy:publish` (deploy/publish.ts: build, rolling restart, cache cleared):
 * the reference deployment on this machine, on ports from DEPLOY_BASE_PORT (default 8200: the cache
 * on 8200, nginx on 8201, the servers on 8211-8213). DATABASE_URL, when set, is the shared database;
 * otherwise a schema of the local PostgreSQL (scripts/ensure-postgres.mjs).
 */
import {
  DEFAULT_BASE_PORT,
  defaultRunDir,
  isRunning,
  readState,
  startStack,
  stopStack,
} from './stack';
import { publish } from './publish';

const base = Number(process.env.DEPLOY_BASE_PORT ?? DEFAULT_BASE_PORT);
const runDir = defaultRunDir(base);

async function main(command: string | undefined): Promise<number> {
  switch (command) {
    case 'start': {
      const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
      await startStack({ base, runDir, databaseUrl });
      console.log('Stop it with `npm run deploy:stop`.');
      return 0;
    }
    case 'stop':
      await stopStack(runDir);
      return 0;
    case 'publish': {
      const state = readState(runDir);
      if (state === null || !state.processes.every(isRunning)) {
        console.error('No running stack here: start it with `npm run deploy:start`.');
        return 1;
      }
      await publish(state);
      return 0;
    }
    case 'status': {
      const state = readState(runDir);
      if (state === null) {
        console.log('No stack has been started here.');
        return 1;
      }
      for (const entry of state.processes) {
        const status = isRunning(entry) ? 'running' : 'stopped';
        console.log(
          `${entry.name.padEnd(9)} pid ${String(entry.pid).padEnd(8)} port ${entry.port}  ${status}`,
        );
      }
      console.log(`players' address: ${state.url}`);
      return state.processes.every(isRunning) ? 0 : 1;
    }
    default:
      console.error('Usage: tsx deploy/cli.ts start|stop|status|publish');
      return 2;
  }
}

try {
  process.exit(await main(process.argv[2]));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
