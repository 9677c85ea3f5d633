import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env.ts';
import { DatabaseNotEmptyError, openDatabase } from '#server/db/client.ts';
import { newsTranslations, verifactuEvents } from '#server/db/schema/index.ts';
import { createLocalStorage } from '#server/integrations/storage/local-storage.ts';
import { emptyPostgresDatabase } from '#server/test/database.ts';
import { createNews } from '#server/test/factories.ts';
import { createBackup, restoreBackup, saveBackup } from './backup.ts';

/** With DATABASE_URL the backup is pg_dump's, restored with pg_restore into an empty database. */
const databases: Array<{ drop: () => Promise<void> }> = [];
const folders: string[] = [];

async function emptyDatabase(): Promise<string> {
  const database = await emptyPostgresDatabase();
  databases.push(database);
  return database.url;
}

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-pg-'));
  folders.push(dir);
  return dir;
}

afterAll(async () => {
  for (const database of databases) await database.drop();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore on PostgreSQL', () => {
  it('restores every row and file into an empty database, and refuses one that is not empty', async () => {
    const sourceConfig = loadConfig({ NODE_ENV: 'test', DATABASE_URL: await emptyDatabase(), DATA_DIR: folder() });
    const source = await openDatabase({ url: sourceConfig.databaseUrl as string });
    await source.migrate();
    await createNews(source.db, { title: 'Primero', content: 'uno' });
    await createNews(source.db, { title: 'Segundo', content: 'dos' });
    const sourceStorage = createLocalStorage(sourceConfig.dataDir);
    await sourceStorage.put('case-documents/2026/11/pasaporte.pdf', Readable.from([Buffer.from('%PDF-1.7 pasaporte')]), 'application/pdf');

    const archive = path.join(folder(), 'copia.tar.gz');
    await saveBackup(await createBackup({ config: sourceConfig, database: source, storage: sourceStorage }), archive);
    await source.close();

    const targetConfig = loadConfig({ NODE_ENV: 'test', DATABASE_URL: await emptyDatabase(), DATA_DIR: folder() });
    const targetStorage = createLocalStorage(targetConfig.dataDir);
    const message = await restoreBackup(targetConfig, targetStorage, archive);
    expect(message).toMatch(/the database and 1 uploaded files\.$/);

    const target = await openDatabase({ url: targetConfig.databaseUrl as string });
    const titles = (await target.db.select({ title: newsTranslations.title }).from(newsTranslations)).map((row) => row.title).sort();
    // The firm keeps its billing records (no certificate): VeriFactu's event log holds the restore (07).
    const events = await target.db.select({ type: verifactuEvents.type, data: verifactuEvents.data }).from(verifactuEvents);
    await target.close();
    expect(titles).toEqual(['Primero', 'Segundo']);
    expect(events).toEqual([{ type: '07', data: { CopiaDeSeguridad: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) } }]);
    expect(fs.readFileSync(path.join(targetConfig.dataDir, 'uploads', 'case-documents', '2026', '11', 'pasaporte.pdf'), 'utf8')).toBe('%PDF-1.7 pasaporte');

    const intoFilled = loadConfig({ NODE_ENV: 'test', DATABASE_URL: targetConfig.databaseUrl, DATA_DIR: folder() });
    await expect(restoreBackup(intoFilled, createLocalStorage(intoFilled.dataDir), archive)).rejects.toBeInstanceOf(DatabaseNotEmptyError);
  });
});
