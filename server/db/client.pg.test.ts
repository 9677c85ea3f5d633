import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#server/test/database.ts';

/** Runs only in the api-postgres project (vitest.config.ts): it needs a server that can drop connections. */
describe('the PostgreSQL pool', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('survives the server dropping its idle connections, and answers the next query on a fresh one', async () => {
    // On node-postgres, drizzle's execute answers the driver's result.
    const current = (await database.db.execute(sql`select current_database() as name`)) as unknown as pg.QueryResult<{ name: string }>;
    const name = current.rows[0]?.name;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ dropped: boolean }>(
        'select pg_terminate_backend(pid) as dropped from pg_stat_activity where datname = $1',
        [name],
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Give the pool time to hear that its idle connection is gone (an unheard 'error' would end this process).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
