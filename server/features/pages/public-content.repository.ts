import { sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { publicContent } from '#server/db/schema/pages.ts';

/** Raises the public pages' content version (its one row made on the first change) and returns it. */
export async function raiseVersion(db: Db | Tx): Promise<number> {
  const [row] = await db
    .insert(publicContent)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: publicContent.id, set: { version: sql`${publicContent.version} + 1` } })
    .returning({ version: publicContent.version });
  return row?.version ?? 0;
}

export async function currentVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: publicContent.version }).from(publicContent);
  return row?.version ?? 0;
}
