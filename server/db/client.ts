import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { assertChannelName, createPgListener, type Listen } from './pg-listener.ts';
import * as schema from './schema/index.ts';
import { projectRoot } from '#server/project-root.ts';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  /** LISTEN/NOTIFY: in process on PGlite, on one dedicated connection per instance on PostgreSQL. */
  listen: Listen;
  /**
   * Writes a consistent copy of the whole database to `file` while it is in use: PGlite's data
   * directory as a tarball, or pg_dump's custom format (restored by restoreDatabase).
   */
  dump: (file: string) => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(projectRoot, 'server/db/migrations');

/** The extensions the migrations create: pg_trgm for the back office's search (trigram indexes). PostgreSQL ships it in contrib. */
export const pgliteExtensions = { pg_trgm };

/**
 * `memory://` keeps an embedded database in memory (tests), empty or, with `copyOf`, starting as a
 * copy of a `dump()` tarball; any other location is a folder on disk.
 */
export type DatabaseLocation = { url: string } | { pgliteDir: string } | { pgliteDir: 'memory://'; copyOf: Blob };

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
      dump: (file) => runPostgresTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${location.url}`]),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }

  const dir = location.pgliteDir;
  if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true });
  const client =
    dir !== 'memory://'
      ? new PGlite(dir, { extensions: pgliteExtensions })
      : new PGlite({ extensions: pgliteExtensions, loadDataDir: 'copyOf' in location ? location.copyOf : undefined });
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
    // Taken between two queries, the copy is what a crash at that moment would leave: PostgreSQL's
    // recovery makes it consistent when it is opened.
    dump: async (file) => {
      const tarball = await client.dumpDataDir('gzip');
      await fs.promises.writeFile(file, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    },
    close: () => client.close(),
  };
}

/** Fills an empty database from a `dump()` of the same kind; refuses one that holds anything. */
export async function restoreDatabase(location: DatabaseLocation, file: string): Promise<void> {
  if ('url' in location) {
    const client = new pg.Client({ connectionString: location.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        "select count(*)::int as count from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
      );
      if ((rows[0]?.count ?? 0) > 0) throw new DatabaseNotEmptyError('DATABASE_URL');
    } finally {
      await client.end();
    }
    await runPostgresTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${location.url}`, file]);
    return;
  }
  const dir = location.pgliteDir;
  if (dir === 'memory://') throw new Error('an in-memory database cannot be restored');
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new DatabaseNotEmptyError('DATA_DIR');
  fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: pgliteExtensions, loadDataDir: new Blob([await fs.promises.readFile(file)]) });
  await client.waitReady;
  await client.close();
}

export class DatabaseNotEmptyError extends Error {
  override name = 'DatabaseNotEmptyError';
  constructor(readonly setting: 'DATA_DIR' | 'DATABASE_URL') {
    super(`the database of ${setting} is not empty: a backup is restored only into an empty one`);
  }
}

/** pg_dump and pg_restore of the PostgreSQL client tools, which must be on PATH with DATABASE_URL. */
function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${tool} was not found: install the PostgreSQL client tools`) : error),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} failed: ${stderr.trim().split('\n')[0] ?? code}`))));
  });
}
