import path from 'node:path';
import { startServer, type RunningServer } from './processes.ts';

export type ProductPlace = { dataDir: string; databaseUrl?: string };

/**
 * The product as `npm start` runs it (the script it runs, without npm's own launcher): the built
 * site, NODE_ENV=production, its default log level with one line per request, the log into a file.
 */
export function startProduct(place: ProductPlace, logDir: string, name = 'product'): Promise<RunningServer> {
  return startServer({
    name,
    command: process.execPath,
    args: ['scripts/start.mjs'],
    env: (url) => ({
      NODE_ENV: 'production',
      APP_URL: url,
      DATA_DIR: place.dataDir,
      DATABASE_URL: place.databaseUrl,
      LOG_LEVEL: undefined,
      TEST_DATABASE_URL: undefined,
    }),
    healthPath: '/healthz',
    logFile: path.join(logDir, `${name}.log`),
  });
}

/** A baseline of bench/baselines/, run through tsx like the product so that neither pays a loader the other does not. */
export function startBaseline(file: string, env: Record<string, string | undefined>, logDir: string, healthPath = '/healthz'): Promise<RunningServer> {
  return startServer({
    name: path.basename(file, '.ts'),
    command: process.execPath,
    args: ['--import', 'tsx', `bench/baselines/${file}`],
    env: () => env,
    healthPath,
    logFile: path.join(logDir, `${path.basename(file, '.ts')}.log`),
  });
}
