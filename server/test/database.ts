import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';

export type TestDatabase = Database & { dispose: () => Promise<void> };

declare module 'vitest' {
  export interface ProvidedContext {
    /** What createTestDatabase copies: a PGlite tarball file, or a PostgreSQL database's name. */
    migratedTemplate: string;
  }
}

async function onServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function postgresServerUrl(): string {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: this test runs only in the api-postgres project');
  return serverUrl;
}

/** A new database on the PostgreSQL server of TEST_DATABASE_URL (a copy of `template`, or empty); `drop` removes it, closing what still uses it. */
async function newPostgresDatabase(template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const serverUrl = postgresServerUrl();
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * A new empty database on the PostgreSQL server of TEST_DATABASE_URL, for tests that open it
 * themselves (pg_dump, a restore); `drop` removes it, closing what still uses it.
 */
export function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return newPostgresDatabase();
}

/** A new migrated database on the PostgreSQL server of TEST_DATABASE_URL, for tests that open it themselves (several app instances). */
export function migratedPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return newPostgresDatabase(inject('migratedTemplate'));
}

/**
 * Migrates a database once per test run, for createTestDatabase to copy (Vitest's globalSetup of
 * the API projects): migrating takes seconds, copying a fraction of that. Every copy still runs
 * the migrator, which finds nothing left to apply. Answers what the copies are made from, and
 * how to remove it at the end of the run.
 */
export async function createMigratedTemplate(kind: 'pglite' | 'postgres'): Promise<{ template: string; remove: () => Promise<void> }> {
  if (kind === 'pglite') {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await database.migrate();
      await database.dump(path.join(folder, 'migrated.tgz'));
    } finally {
      await database.close();
    }
    // Unpacked once here rather than by every copy.
    const file = path.join(folder, 'migrated.tar');
    fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(path.join(folder, 'migrated.tgz'))));
    return { template: file, remove: async () => fs.rmSync(folder, { recursive: true, force: true }) };
  }

  const template = await newPostgresDatabase();
  const database = await openDatabase({ url: template.url });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return { template: template.name, remove: template.drop };
}

/** Closing twice is harmless, so a test may close the database itself and still dispose it. */
function closingOnce(database: Database, afterClose: () => Promise<void> = async () => {}): TestDatabase {
  let isClosed = false;
  const close = async () => {
    if (isClosed) return;
    isClosed = true;
    await database.close();
  };
  return {
    ...database,
    close,
    dispose: async () => {
      await close();
      await afterClose();
    },
  };
}

/**
 * A clean, migrated database for one test file, copied from the run's migrated template:
 * embedded PGlite in memory, or a fresh database on the PostgreSQL server of TEST_DATABASE_URL
 * when the project runs against PostgreSQL.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL) {
    const copyOf = new Blob([await fs.promises.readFile(inject('migratedTemplate'))]);
    const database = await openDatabase({ pgliteDir: 'memory://', copyOf });
    await database.migrate();
    return closingOnce(database);
  }

  const copy = await migratedPostgresDatabase();
  const database = await openDatabase({ url: copy.url });
  await database.migrate();
  return closingOnce(database, copy.drop);
}
