import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { assertChannelName, createPgListener, type Listen } from './pg-listener.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  /** LISTEN/NOTIFY: in process on PGlite, on one dedicated connection per instance on PostgreSQL. */
  listen: Listen;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** `memory://` keeps an embedded database in memory (tests); any other location is a folder on disk. */
export type DatabaseLocation = { url: string } | { pgliteDir: string | 'memory://' };

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if ('url' in location) {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // An idle connection the server drops (a restart, a failover) is discarded by the pool, and
    // the next query opens a fresh one; unheard, the pool's 'error' event would end the process.
    // A server that stays down shows on the next query, which is logged, and on /healthz.
    pool.on('error', () => {});
    const db = drizzlePostgres(pool, { schema });
    const listener = createPgListener(location.url);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      listen: listener.listen,
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }

  const dir = location.pgliteDir;
  if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true });
  const client = dir === 'memory://' ? new PGlite() : new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, { onNotify }) => {
      assertChannelName(channel);
      return client.listen(channel, onNotify);
    },
    close: () => client.close(),
  };
}
