import { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createApp } from '../app';
import { type AppConfig, type AppOptions } from '../app';
import { type Database } from '../db/database';
import { testConfig } from './fixture-site';
import { PREPARE_TIMEOUT_MS, type TestDatabases } from './test-databases';

/**
 * The app on a fresh database for every test of a block (server/*-api.test.ts): the engine
 * started once, a new database and app before each test, both closed after it. The clock is
 * `now`, which a test moves; `appWith` makes another app on the same database and clock with
 * other settings (closed after the test too).
 */
export interface TestApp {
  readonly db: Database;
  /** The test's app; a test may put another in its place (closed after the test all the same). */
  app: FastifyInstance;
  now: number;
  appWith(config: Partial<AppConfig>, options?: Pick<AppOptions, 'ownerToken'>): FastifyInstance;
}

export function appPerTest(
  databases: TestDatabases,
  options: { distDir?: string; start: number; config?: Partial<AppConfig> },
): TestApp {
  let db: Database | null = null;
  let app: FastifyInstance | null = null;
  let others: FastifyInstance[] = [];
  const make = (config: Partial<AppConfig>, extra: Pick<AppOptions, 'ownerToken'> = {}) => {
    if (!db) throw new Error('no database outside a test');
    return createApp({
      ...extra,
      db,
      config: testConfig({
        ...(options.distDir === undefined ? {} : { distDir: options.distDir }),
        ...config,
      }),
      logger: false,
      now: () => handle.now,
    });
  };
  const handle: TestApp = {
    get db() {
      if (!db) throw new Error('no database outside a test');
      return db;
    },
    get app() {
      if (!app) throw new Error('no app outside a test');
      return app;
    },
    set app(other) {
      others.push(other);
      app = other;
    },
    now: options.start,
    appWith(config, extra) {
      const other = make(config, extra);
      others.push(other);
      return other;
    },
  };
  beforeAll(() => databases.prepare(), PREPARE_TIMEOUT_MS);
  beforeEach(async () => {
    handle.now = options.start;
    db = await databases.fresh();
    app = make(options.config ?? {});
  });
  afterEach(async () => {
    for (const each of new Set([app, ...others])) await each?.close();
    others = [];
    await db?.close();
  });
  afterAll(() => databases.dispose());
  return handle;
}
