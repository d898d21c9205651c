/**
 * `npm run deploy:start` / `deploy:stop` / `deploy:status` (deploy/stack.ts) and
 * `npm run deploy:publish` / `deploy:rollback` (deploy/publish.ts, docs/upgrades.md).
 *
 * The reference deployment on this machine, on ports from DEPLOY_BASE_PORT (default 8200: the cache
 * on 8200, nginx on 8201, the servers on 8211-8213), its releases in .deploy/<base>/ of this
 * checkout, its run files in the temp folder (defaultRunDir). DATABASE_URL, when set, is the shared
 * database; otherwise a schema of the local PostgreSQL (scripts/ensure-postgres.mjs).
 *   start             the live release (the first one made from this checkout, built, when there
 *                     is none yet); never builds otherwise
 *   start --checkout  this checkout as it is built, without releases (publish needs releases)
 *
 * In production (LINCHPIN_ROOT set, or --systemd): publish and rollback work on the releases in
 * LINCHPIN_ROOT (default /opt/linchpin) and restart the units linchpin@<port>, ports from
 * LINCHPIN_PORTS (default 8081,8082,8083), with systemctl.
 */
import {
  productionPorts,
  productionRejoinMs,
  publish,
  rollback,
  stackCacheClearer,
  stackRestarter,
  systemdRestarter,
  type RolloutOptions,
} from './publish';
import { currentId, makeRelease, releaseIds, switchTo } from './releases';
import {
  DEFAULT_BASE_PORT,
  REPO_ROOT,
  defaultReleasesRoot,
  defaultRunDir,
  isRunning,
  readState,
  startStack,
  stopStack,
} from './stack';

const base = Number(process.env.DEPLOY_BASE_PORT ?? DEFAULT_BASE_PORT);
const runDir = defaultRunDir(base);
const flags = new Set(process.argv.slice(3));
const production = flags.has('--systemd') || Boolean(process.env.LINCHPIN_ROOT?.trim());
const productionRoot = process.env.LINCHPIN_ROOT?.trim() || '/opt/linchpin';

/** Where publish and rollback act: production's units, or the running reference stack. */
function rolloutTarget(): RolloutOptions {
  if (production)
    return {
      root: productionRoot,
      restarter: systemdRestarter({
        ports: productionPorts(),
        rejoinMs: productionRejoinMs(productionRoot),
      }),
    };
  const state = readState(runDir);
  if (state === null || !state.processes.every(isRunning))
    throw new Error('No running stack here: start it with `npm run deploy:start`.');
  if (state.releasesRoot === null)
    throw new Error(
      'This stack runs a checkout as it is (start --checkout): stop it and start it with ' +
        '`npm run deploy:start` to publish releases.',
    );
  return {
    root: state.releasesRoot,
    restarter: stackRestarter(state),
    clearCache: stackCacheClearer(state),
  };
}

async function start(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (flags.has('--checkout')) {
    await startStack({ base, runDir, databaseUrl, checkout: REPO_ROOT });
  } else {
    const root = defaultReleasesRoot(base);
    if (currentId(root) === null) {
      console.log(`No release yet in ${root}: making the first one from this checkout …`);
      switchTo(root, await makeRelease(root, { source: REPO_ROOT }));
    }
    console.log(`Starting release ${currentId(root)} (${root}).`);
    await startStack({ base, runDir, databaseUrl, releasesRoot: root });
  }
  console.log(`Run files and logs: ${runDir}. Stop it with \`npm run deploy:stop\`.`);
}

function status(): number {
  const state = readState(runDir);
  if (state === null) {
    console.log('No stack has been started here.');
    return 1;
  }
  for (const entry of state.processes) {
    const running = isRunning(entry) ? 'running' : 'stopped';
    console.log(
      `${entry.name.padEnd(9)} pid ${String(entry.pid).padEnd(8)} port ${entry.port}  ${running}`,
    );
  }
  console.log(`players' address: ${state.url}`);
  if (state.releasesRoot !== null) {
    const live = currentId(state.releasesRoot);
    const ids = releaseIds(state.releasesRoot).map((id) => (id === live ? `${id} (live)` : id));
    console.log(`releases in ${state.releasesRoot}: ${ids.join(', ')}`);
  } else {
    console.log(`runs the checkout ${state.checkout} as it is`);
  }
  console.log(`run files and logs: ${runDir}`);
  return state.processes.every(isRunning) ? 0 : 1;
}

async function main(command: string | undefined): Promise<number> {
  switch (command) {
    case 'start':
      await start();
      return 0;
    case 'stop':
      await stopStack(runDir);
      return 0;
    case 'publish':
      await publish({ ...rolloutTarget(), source: REPO_ROOT });
      return 0;
    case 'rollback':
      await rollback(rolloutTarget());
      return 0;
    case 'status':
      return status();
    default:
      console.error(
        'Usage: tsx deploy/cli.ts start [--checkout] | stop | status | publish [--systemd] | rollback [--systemd]',
      );
      return 2;
  }
}

try {
  process.exit(await main(process.argv[2]));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
