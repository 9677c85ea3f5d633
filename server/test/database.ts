import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client.ts';

export type TestDatabase = Database & { dispose: () => Promise<void> };

async function onServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new empty database on the PostgreSQL server of TEST_DATABASE_URL, for tests that open it
 * themselves (several app instances, pg_dump); `drop` removes it, closing what still uses it.
 */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: this test runs only in the api-postgres project');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
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
 * A clean, migrated database for one test file: embedded PGlite in memory, or a fresh database
 * on the PostgreSQL server of TEST_DATABASE_URL when the project runs against PostgreSQL.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL) {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await database.migrate();
    return closingOnce(database);
  }

  const empty = await emptyPostgresDatabase();
  const database = await openDatabase({ url: empty.url });
  await database.migrate();
  return closingOnce(database, empty.drop);
}
