import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '#server/app.ts';
import { loadConfig, type AppConfig } from '#server/config/env.ts';
import type { WorkerOptions } from '#server/platform/worker/worker.plugin.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export type TestApp = { app: FastifyInstance; database: TestDatabase; close: () => Promise<void> };

/** The real app on a clean database; `webDir` defaults to a folder with no build (API only). */
export async function createTestApp(
  options: {
    webDir?: string;
    env?: NodeJS.ProcessEnv;
    extend?: (app: FastifyInstance) => void;
    /** Adjusts what the environment cannot say, such as where the Stripe SDK sends its requests. */
    configure?: (config: AppConfig) => AppConfig;
    /** Receives the log lines (set LOG_LEVEL in `env` too: the tests log nothing by default). */
    logStream?: DestinationStream;
    /** The background worker's clock and polling (server/test/clock.ts). */
    worker?: WorkerOptions;
    /** Told of every route as it is registered (before `extend`, which comes too late for that). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-test-'));
  const loaded = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env });
  const config = options.configure ? options.configure(loaded) : loaded;
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, webDir: options.webDir ?? path.join(dataDir, 'no-web-build'), logStream: options.logStream, worker: options.worker, onRoute: options.onRoute });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
