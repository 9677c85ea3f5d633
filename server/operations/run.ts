import pino from 'pino';
import { ConfigError, loadConfig, type AppConfig } from '#server/config/env.ts';
import { DatabaseNotEmptyError, openDatabase } from '#server/db/client.ts';
import { databaseLocation } from '#server/db/location.ts';
import { authModule } from '#server/features/auth/auth.module.ts';
import { createMailOutbox } from '#server/platform/mail/mail.service.ts';
import { noticePreferences } from '#server/features/notifications/notifications.service.ts';
import { resolveAuthSecret } from '#server/config/secret.ts';
import { createStorage } from '#server/integrations/storage/create-storage.ts';
import { createBackup, restoreBackup, saveBackup } from './backup.ts';
import { OperatorFailure, type OperatorContext } from './context.ts';
import { backupThroughHolder, ControlError, runThroughHolder } from './control.ts';
import { operations, type OperationName } from './operations.ts';
import { claimDataDir, DataDirHeldError, type Ownership } from './ownership.ts';

/*
 * Where an operator command runs. With DATABASE_URL it talks to PostgreSQL itself. On the embedded
 * database, only one process may open DATA_DIR/db: while a server holds it the command is run by
 * that server (through its control socket), otherwise the command holds DATA_DIR while it runs.
 */

const silentLog = pino({ level: 'silent' });

type Placement = { where: 'here'; ownership: Ownership | undefined } | { where: 'server' };

async function placement(config: AppConfig, command: string): Promise<Placement> {
  if (config.databaseUrl) return { where: 'here', ownership: undefined };
  try {
    return { where: 'here', ownership: await claimDataDir(config.dataDir, command) };
  } catch (error) {
    if (error instanceof DataDirHeldError && error.holder.role === 'server') return { where: 'server' };
    throw error;
  }
}

async function withLocalContext<T>(config: AppConfig, work: (context: OperatorContext) => Promise<T>): Promise<T> {
  const database = await openDatabase(databaseLocation(config));
  try {
    await database.migrate();
    // A mail written here waits in the outbox for a server's worker: its next poll, or its next start.
    const outbox = createMailOutbox({ worker: { now: () => new Date(), wake: async () => {} }, preferences: noticePreferences(config, resolveAuthSecret(config)) });
    // The same modules the server composes (app.ts), built from what a command has.
    const { auth } = authModule({ config, db: database.db, outbox });
    return await work({ config, database, auth, storage: await createStorage(config, silentLog) });
  } finally {
    await database.close();
  }
}

async function runHere<T>(config: AppConfig, command: string, work: (context: OperatorContext) => Promise<T>, remote: () => Promise<T>) {
  const place = await placement(config, command);
  if (place.where === 'server') return remote();
  try {
    return await withLocalContext(config, work);
  } finally {
    await place.ownership?.release();
  }
}

export function runOperation(config: AppConfig, name: OperationName, input: unknown): Promise<string> {
  return runHere(
    config,
    name,
    (context) => operations[name](context, input),
    () => runThroughHolder(config.dataDir, name, input),
  );
}

export async function runBackup(config: AppConfig, file: string): Promise<string> {
  await runHere(
    config,
    'db:backup',
    async (context) => saveBackup(await createBackup(context), file),
    () => backupThroughHolder(config.dataDir, file),
  );
  return `Backup written to ${file}.`;
}

/** Restoring needs an empty DATA_DIR (or database), so no server may be running on it. */
export async function runRestore(config: AppConfig, file: string): Promise<string> {
  const ownership = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, 'db:restore');
  try {
    return await restoreBackup(config, await createStorage(config, silentLog), file);
  } finally {
    await ownership?.release();
  }
}

/**
 * The body of every operator script: one line on success, one line naming the problem on failure
 * (exit 1), never a stack trace for something the operator can fix.
 */
export async function runCommand(work: (config: AppConfig) => Promise<string>): Promise<void> {
  try {
    process.stdout.write(`${await work(loadConfig())}\n`);
  } catch (error) {
    const isExpected = [ConfigError, OperatorFailure, DataDirHeldError, ControlError, DatabaseNotEmptyError].some((kind) => error instanceof kind);
    process.stderr.write(`${isExpected ? (error as Error).message : `The command failed: ${(error as Error).message}`}\n`);
    process.exitCode = 1;
  }
}
