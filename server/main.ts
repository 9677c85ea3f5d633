import { buildApp } from '#server/app.ts';
import { ConfigError, loadConfig } from '#server/config/env.ts';
import { openDatabase } from '#server/db/client.ts';
import { databaseLocation } from '#server/db/location.ts';
import { logSetupIssues } from '#server/features/setup/setup.service.ts';
import { createControlHandler } from '#server/operations/control.ts';
import { claimDataDir, DataDirHeldError } from '#server/operations/ownership.ts';

/** Start-up failures an operator can fix get one line naming the cause, never a stack trace. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Drizzle wraps driver errors; the driver's own first line says what went wrong. */
function reason(error: Error): string {
  const root = error.cause instanceof Error ? error.cause : error;
  return (root.message.split('\n')[0] ?? '') || root.name;
}

const shutdownLimitMs = 9_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // Only one process opens the embedded database: a second server stops here, naming the first.
  const ownership = config.databaseUrl
    ? undefined
    : await claimDataDir(config.dataDir, 'server').catch((error: Error) =>
        fail(error instanceof DataDirHeldError ? error.message : `Cannot hold DATA_DIR: ${error.message}`),
      );

  const source = config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR';
  const database = await openDatabase(databaseLocation(config)).catch((error: Error) =>
    fail(`Cannot open the database (${source}): ${reason(error)}`),
  );
  await database.migrate().catch((error: Error) => fail(`Cannot prepare the database (${source}): ${reason(error)}`));

  const app = await buildApp({ config, database });
  ownership?.serve(createControlHandler({ config, database, auth: app.auth, storage: app.storage }, app.log));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Requests in flight finish and live streams end with their retry hint; past the limit the
    // process exits anyway, and the lock of a dead process never blocks the next start.
    setTimeout(() => {
      app.log.error('shutdown took longer than 10 seconds: exiting');
      process.exit(1);
    }, shutdownLimitMs).unref();
    await app.close();
    await ownership?.release();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    fail(`Cannot listen on ${config.host}:${config.port} (PORT, HOST): ${(error as Error).message}`);
  }
  logSetupIssues({ config, log: app.log });
}

await main();
