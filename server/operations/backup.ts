import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import type { AppConfig } from '#server/config/env.ts';
import { openDatabase, restoreDatabase, type Database } from '#server/db/client.ts';
import { databaseLocation } from '#server/db/location.ts';
import { recordBackupRestored } from '#server/features/invoices/event-log.service.ts';
import { isStorageKey, StorageNotFoundError, type Storage } from '#server/integrations/storage/storage.ts';
import { OperatorInputError } from './context.ts';

/*
 * One archive (tar.gz) holds everything a restore needs, in this order:
 *   manifest.json        what the archive holds
 *   database             the database's dump (PGlite's data directory, or pg_dump's custom format)
 *   auth-secret          the generated session secret, when AUTH_SECRET is not set
 *   vapid-keys.json      the generated Web Push key pair (ADR 059)
 *   uploads/<key>        every uploaded file (local storage), or
 *   uploads.keys.txt     the list of object keys (S3: the bucket is copied with the provider's tools)
 */

const manifestSchema = z.object({
  format: z.literal('asesoria-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']),
  files: z.number().int().nonnegative(),
});
type Manifest = z.infer<typeof manifestSchema>;

type BackupSource = { config: AppConfig; database: Database; storage: Storage };

/**
 * The secrets the server generated into DATA_DIR that a restore needs besides the database: the
 * session secret (unless AUTH_SECRET sets it), and the Web Push key pair the browsers subscribed with.
 */
function generatedSecrets(config: Pick<AppConfig, 'authSecret'>): string[] {
  return [...(config.authSecret ? [] : ['auth-secret']), 'vapid-keys.json'];
}

function addBuffer(pack: tar.Pack, name: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => pack.entry({ name, size: body.length, mode: 0o600 }, body, (error) => (error ? reject(error) : resolve())));
}

async function addStream(pack: tar.Pack, name: string, size: number, body: Readable): Promise<void> {
  const entry = pack.entry({ name, size, mode: 0o600 });
  await pipeline(body, entry);
}

/**
 * Streams a backup of the live site. The database is copied first and the files after it, so
 * every file a copied row names is in the archive (a file stored meanwhile is kept too, unnamed).
 */
export async function createBackup({ config, database, storage }: BackupSource): Promise<Readable> {
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'backup-'));
  const dumpFile = path.join(workDir, 'database');
  try {
    await database.dump(dumpFile);
  } catch (error) {
    await fs.promises.rm(workDir, { recursive: true, force: true });
    throw error;
  }

  const pack = tar.pack();
  const output = new PassThrough();
  const done = pipeline(pack, createGzip(), output).catch((error: unknown) => output.destroy(error as Error));

  const write = async () => {
    const files = [];
    for await (const file of storage.list()) files.push(file);
    const manifest: Manifest = {
      format: 'asesoria-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: database.kind,
      storage: storage.kind,
      files: files.length,
    };
    await addBuffer(pack, 'manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    const { size } = await fs.promises.stat(dumpFile);
    await addStream(pack, 'database', size, fs.createReadStream(dumpFile));
    for (const name of generatedSecrets(config)) {
      const file = path.join(config.dataDir, name);
      if (fs.existsSync(file)) await addBuffer(pack, name, await fs.promises.readFile(file));
    }
    if (storage.kind === 's3') {
      await addBuffer(pack, 'uploads.keys.txt', Buffer.from(files.map((file) => `${file.key}\n`).join('')));
    } else {
      for (const file of files) {
        // A file removed since it was listed belonged to a row deleted after the copy: nothing names it.
        const body = await storage.read(file.key).catch((error: unknown) => {
          if (error instanceof StorageNotFoundError) return undefined;
          throw error;
        });
        if (body) await addStream(pack, `uploads/${file.key}`, file.size, body);
      }
    }
    pack.finalize();
  };

  write()
    .catch((error: unknown) => pack.destroy(error as Error))
    .finally(() => void done.finally(() => fs.promises.rm(workDir, { recursive: true, force: true })));
  return output;
}

/** Writes a backup stream to FILE, leaving no half-written archive behind on failure. */
export async function saveBackup(archive: Readable, file: string): Promise<void> {
  const partial = `${file}.part`;
  try {
    await pipeline(archive, fs.createWriteStream(partial, { mode: 0o600 }));
    await fs.promises.rename(partial, file);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  const entries = await fs.promises.readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length === 0;
}

/**
 * Restores an archive of createBackup into an empty database (and, with local storage, an empty
 * uploads folder); the caller holds DATA_DIR so that no server opens it meanwhile.
 */
export async function restoreBackup(config: AppConfig, storage: Storage, archiveFile: string): Promise<string> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (storage.kind === 'local' && !(await isEmptyFolder(path.join(config.dataDir, 'uploads')))) {
    throw new OperatorInputError(`${path.join(config.dataDir, 'uploads')} is not empty: a backup is restored only into an empty DATA_DIR.`);
  }
  if (kind === 'pglite' && !(await isEmptyFolder(path.join(config.dataDir, 'db')))) {
    throw new OperatorInputError(`${path.join(config.dataDir, 'db')} is not empty: a backup is restored only into an empty DATA_DIR.`);
  }

  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'restore-'));
  const dumpFile = path.join(workDir, 'database');
  let manifest: Manifest | undefined;
  let restoredFiles = 0;
  try {
    const extract = tar.extract();
    const reading = pipeline(fs.createReadStream(archiveFile), createGunzip(), extract);
    // When the loop below stops early, its own error is the one to report, not the cut-off read.
    reading.catch(() => {});
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== 'manifest.json') throw new OperatorInputError(`${archiveFile} is not a backup of this site (it has no manifest).`);
        const parsed = manifestSchema.safeParse(JSON.parse((await streamToBuffer(entry)).toString('utf8')));
        if (!parsed.success) throw new OperatorInputError(`${archiveFile} is not a backup this version can restore.`);
        manifest = parsed.data;
        if (manifest.database !== kind) {
          throw new OperatorInputError(
            manifest.database === 'pglite'
              ? 'This backup is of an embedded database: restore it with DATABASE_URL unset.'
              : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
          );
        }
        continue;
      }
      if (name === 'database') {
        await pipeline(Readable.from(entry), fs.createWriteStream(dumpFile, { mode: 0o600 }));
        await restoreDatabase(databaseLocation(config), dumpFile);
      } else if (generatedSecrets(config).includes(name)) {
        const secret = await streamToBuffer(entry);
        const file = path.join(config.dataDir, name);
        if (!fs.existsSync(file)) await fs.promises.writeFile(file, secret, { mode: 0o600 });
      } else if (name.startsWith('uploads/') && isStorageKey(name.slice('uploads/'.length))) {
        await storage.put(name.slice('uploads/'.length), Readable.from(entry), 'application/octet-stream');
        restoredFiles += 1;
      } else {
        entry.resume();
      }
    }
    await reading;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR' || (error as Error).message.includes('Invalid tar header')) {
      throw new OperatorInputError(`${archiveFile} is not a backup of this site.`);
    }
    throw error;
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
  if (!manifest) throw new OperatorInputError(`${archiveFile} is empty.`);
  if (!config.verifactu) await recordRestoreInEventLog(config, manifest.createdAt);

  const bucketNote =
    manifest.storage === 's3' ? ` Its ${manifest.files} uploaded files are in the bucket: copy the bucket as the README says.` : '';
  return `Restored the backup of ${manifest.createdAt}: the database and ${restoredFiles} uploaded files.${bucketNote}`;
}

/**
 * A firm that keeps its billing records logs the restore of a backup (VeriFactu's event 07) in the
 * restored database, migrated first as a server's start would migrate it: the restore still holds
 * DATA_DIR, so no server has opened it yet.
 */
async function recordRestoreInEventLog(config: AppConfig, backupCreatedAt: string): Promise<void> {
  const database = await openDatabase(databaseLocation(config));
  try {
    await database.migrate();
    await recordBackupRestored({ db: database.db, firm: config.firm, now: () => new Date() }, { backupCreatedAt });
  } finally {
    await database.close();
  }
}

async function streamToBuffer(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
