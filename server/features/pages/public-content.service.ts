import type { Db, Tx } from '#server/db/client.ts';
import { notify } from '#server/db/notify.ts';
import { currentVersion, raiseVersion } from './public-content.repository.ts';

/** Every instance hears that the public pages changed and drops the pages it rendered before. */
export const publicContentChannel = 'public_content';

/**
 * The one call every write to what the public pages show makes, inside its transaction: the
 * version rises with the commit, so no instance serves a page rendered before it (they compare
 * versions on each request), and the notice lets each free its stale pages at once.
 */
export async function publicContentChanged({ db }: { db: Db | Tx }): Promise<void> {
  await notify(db, publicContentChannel, String(await raiseVersion(db)));
}

/** The version the public pages are at now: 0 before any change. */
export function publicContentVersion({ db }: { db: Db }): Promise<number> {
  return currentVersion(db);
}
