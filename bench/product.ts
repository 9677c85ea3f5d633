import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot, startServer, type RunningServer } from './processes.ts';

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

/**
 * A baseline of bench/baselines/, compiled by esbuild into dist/bench as the product's server is
 * into dist/server (ADR 032), so that neither pays a loader the other does not.
 */
export async function startBaseline(file: string, env: Record<string, string | undefined>, logDir: string, healthPath = '/healthz'): Promise<RunningServer> {
  const name = path.basename(file, '.ts');
  const compiled = path.join(repoRoot, 'dist/bench', `${name}.mjs`);
  await build({
    absWorkingDir: repoRoot,
    entryPoints: [`bench/baselines/${file}`],
    outfile: compiled,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return startServer({
    name,
    command: process.execPath,
    args: [compiled],
    env: () => env,
    healthPath,
    logFile: path.join(logDir, `${name}.log`),
  });
}
