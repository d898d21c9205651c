import { appVapid, createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { type Database } from './db/database';
import { DataDirBusyError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { openEmbeddedDatabase } from './db/pglite-database';
import { openPostgresDatabase } from './db/postgres-database';
import { loopbackUrl, newOwnerToken, removeOwnerAccess, writeOwnerAccess } from './owner-access';
import { loadEnvFiles } from './env-files';
import { startRetentionSweep } from './retention';
import { createMetrics, serveMetrics } from './metrics';
import { startReminderSender } from './reminder-sender';

/**
 * Start-up: read the configuration, open and migrate the database, listen, and print the address.
 * SIGTERM: first the drain (DRAIN_PERIOD, 5 s by default): /api/health answers 503 so a load
 * balancer stops sending, while every request, new ones too, is still served. Then stop accepting,
 * finish the requests in flight (their queued writes committed), close the database, exit 0.
 * SIGINT (Ctrl-C), or a second signal during the drain, skips the rest of the drain.
 */
const SHUTDOWN_TIMEOUT_MS = 10_000;
// The owner's tool holds the data folder only for a moment; wait that long for it.
const DATA_DIR_WAIT_MS = 15_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function displayUrl(host: string, port: number): string {
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgresDatabase(config.databaseUrl).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`could not reach the PostgreSQL server of DATABASE_URL (${reason}).`);
    });
  }
  return openEmbeddedDatabase(config.dataDir, { role: 'server', waitMs: DATA_DIR_WAIT_MS });
}

function describeStartError(error: unknown, config: Config): string {
  if (error instanceof DataDirBusyError) return `Linchpin could not start: ${error.message}`;
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  const port = error instanceof Error && 'port' in error ? error.port : undefined;
  if (code === 'EADDRINUSE' && config.metrics && port === config.metrics.port) {
    return `Linchpin could not start: METRICS_PORT ${port} is already in use on ${config.metrics.host}. Set METRICS_PORT to another port.`;
  }
  if (code === 'EADDRINUSE') {
    return `Linchpin could not start: port ${config.port} is already in use on ${config.host}. Set PORT to another port.`;
  }
  if (code === 'EADDRNOTAVAIL')
    return `Linchpin could not start: HOST ${config.host} is not an address of this machine.`;
  return `Linchpin could not start: ${error instanceof Error ? error.message : String(error)}`;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    // Settings may come from a `.env` file beside the app, as they do for its build.
    loadEnvFiles();
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }

  let db: Database | undefined;
  try {
    db = await openDatabase(config);
    await migrate(db);
    const embedded = db.kind === 'embedded';
    const ownerToken = embedded ? newOwnerToken() : undefined;
    let draining = false;
    const metrics = config.metrics ? createMetrics() : undefined;
    const vapid = appVapid(db, config);
    const app = createApp({ db, config, ownerToken, isDraining: () => draining, metrics, vapid });
    await app.listen({ port: config.port, host: config.host });
    // Prometheus's own address, never the players' (docs/operations.md "Watching it").
    const metricsServer =
      metrics && config.metrics ? await serveMetrics(metrics, config.metrics) : null;
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    if (ownerToken) {
      await writeOwnerAccess(config.dataDir, {
        pid: process.pid,
        url: loopbackUrl(config.host, port),
        token: ownerToken,
      });
    }
    const database = db;
    const retention = startRetentionSweep(database, {
      days: config.keepHandledDays,
      log: app.log,
    });
    // Every minute, once across the processes on one database (server/reminder-sender.ts).
    const reminders = startReminderSender({
      db: database,
      vapid,
      log: app.log,
      ...(metrics ? { metrics } : {}),
    });
    // At start too: a server started within a reminder's hour sends it without waiting a minute.
    void reminders.round();
    let stopping = false;
    let endDrain = () => {};
    const shutdown = (signal: NodeJS.Signals) => {
      if (stopping) {
        endDrain();
        return;
      }
      stopping = true;
      draining = true;
      const drainMs = signal === 'SIGTERM' ? config.drainMs : 0;
      app.log.info(
        `${signal}: health answers 503 for ${drainMs / 1000} s while requests are still served, then stopping`,
      );
      void (async () => {
        await new Promise<void>((resolve) => {
          const drainTimer = setTimeout(resolve, drainMs);
          endDrain = () => {
            clearTimeout(drainTimer);
            resolve();
          };
        });
        app.log.info('finishing requests in flight, then stopping');
        const timer = setTimeout(() => {
          console.error(`Linchpin did not stop within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting.`);
          process.exit(1);
        }, SHUTDOWN_TIMEOUT_MS);
        timer.unref();
        retention.stop();
        reminders.stop();
        metricsServer?.close();
        await app.close();
        await retention.swept();
        await reminders.settled();
        if (embedded) await removeOwnerAccess(config.dataDir);
        await database.close();
        console.log('Linchpin stopped.');
        process.exit(0);
      })().catch((error: unknown) => {
        console.error('Linchpin could not stop cleanly:', error);
        process.exit(1);
      });
    };
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);
    // Only once the handlers are in place: whoever waits for this line may stop the server at once
    // (a SIGTERM before them would end the process without a clean stop).
    console.log(`Linchpin is running at ${displayUrl(config.host, port)}`);
  } catch (error) {
    await db?.close().catch(() => {});
    fail(describeStartError(error, config));
  }
}

await main();
