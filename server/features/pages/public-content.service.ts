import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '#server/db/client.ts';
import { notify } from '#server/db/notify.ts';
import { currentVersion, raiseVersion } from './public-content.repository.ts';

/** Every instance hears that the public pages changed and drops the pages it rendered before. */
const publicContentChannel = 'public_content';

/**
 * The one call every write to what the public pages show makes, inside its transaction: the
 * version rises with the commit, so no instance serves a page rendered before it, and the notice
 * (the new version) lets each free its stale pages at once.
 */
export async function publicContentChanged({ db }: { db: Db | Tx }): Promise<void> {
  await notify(db, publicContentChannel, String(await raiseVersion(db)));
}

/**
 * Calls `onChange` at every change and returns how to read the version the public pages are at now
 * (0 before any change), as cheaply as the database allows. PGlite belongs to this one process
 * and hands each notice to its listeners before the writing transaction resolves, so the last
 * version heard is the database's and a page needs no query. On PostgreSQL another instance may
 * have committed a moment ago with its notice still on the way: the database is asked.
 */
export async function followPublicContentVersion(app: Pick<FastifyInstance, 'database' | 'realtime'>, onChange: () => void): Promise<() => number | Promise<number>> {
  const readVersion = () => currentVersion(app.database.db);
  if (app.database.kind === 'postgres') {
    await app.realtime.subscribe(publicContentChannel, onChange);
    return readVersion;
  }
  let heard = 0;
  // Listening before reading: a change between the two is heard, not missed.
  await app.realtime.subscribe(publicContentChannel, (notice) => {
    if (notice.kind === 'payload') heard = Math.max(heard, Number(notice.payload));
    onChange();
  });
  heard = Math.max(heard, await readVersion());
  return () => heard;
}
