import { sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { notify } from '#server/db/notify.ts';
import { publicContent } from '#server/db/schema/index.ts';

/** Every instance hears that the public pages changed and drops the pages it rendered before. */
export const publicContentChannel = 'public_content';

/**
 * The one call every write to what the public pages show makes, inside its transaction: the
 * version rises with the commit, so no instance serves a page rendered before it (they compare
 * versions on each request), and the notice lets each free its stale pages at once.
 */
export async function publicContentChanged(tx: Db | Tx): Promise<void> {
  const [row] = await tx
    .insert(publicContent)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: publicContent.id, set: { version: sql`${publicContent.version} + 1` } })
    .returning({ version: publicContent.version });
  await notify(tx, publicContentChannel, String(row?.version ?? 0));
}

/** The version the public pages are at now: 0 before any change. */
export async function publicContentVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: publicContent.version }).from(publicContent);
  return row?.version ?? 0;
}
