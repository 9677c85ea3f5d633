import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import type { WorkerOptions } from '#server/platform/worker/worker.plugin.ts';
import { migratedPostgresDatabase } from './database.ts';

export type Instance = { app: FastifyInstance; database: Database; dataDir: string };

type InstanceOptions = {
  env?: NodeJS.ProcessEnv;
  worker?: WorkerOptions;
  /** The built site each instance serves; none by default (API only). */
  webDir?: string;
  /** Runs on each instance before it is ready, e.g. to register a periodic task. */
  prepare?: (app: FastifyInstance) => void;
};

async function startInstance(url: string, options: InstanceOptions): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'instance-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    AUTH_SECRET: 'one-secret-shared-by-every-instance-0123456789',
    ...options.env,
  });
  const database = await openDatabase({ url });
  const app = await buildApp({ config, database, webDir: options.webDir ?? path.join(dataDir, 'no-web-build'), worker: options.worker });
  options.prepare?.(app);
  await app.ready();
  return { app, database, dataDir };
}

/**
 * Several app instances as production runs them on one fresh, migrated PostgreSQL database
 * (TEST_DATABASE_URL): each with its own pool, LISTEN connection and worker, one auth secret for all.
 * `close` ends them and drops the database.
 */
export async function startInstances(count: number, options: InstanceOptions = {}): Promise<{ instances: Instance[]; databaseUrl: string; close: () => Promise<void> }> {
  const shared = await migratedPostgresDatabase();
  const instances = await Promise.all(Array.from({ length: count }, () => startInstance(shared.url, options)));
  return {
    instances,
    databaseUrl: shared.url,
    close: async () => {
      for (const instance of instances) {
        await instance.app.close();
        await instance.database.close();
        fs.rmSync(instance.dataDir, { recursive: true, force: true });
      }
      await shared.drop();
    },
  };
}
