import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Db } from '#server/db/client.ts';
import { matchingAny, pageWindow } from '#server/db/paging.ts';
import { news } from '#server/db/schema/index.ts';

export type NewsRow = typeof news.$inferSelect;

const isPublished = lte(news.createdAt, sql`now()`);

/** Published articles only: one dated in the future waits until then. */
export function listLatestNews(db: Db, limit: number): Promise<NewsRow[]> {
  return db.select().from(news).where(isPublished).orderBy(desc(news.createdAt)).limit(limit);
}

export async function findPublishedNews(db: Db, id: string): Promise<NewsRow | undefined> {
  const [row] = await db.select().from(news).where(and(eq(news.id, id), isPublished)).limit(1);
  return row;
}

/** Every article, scheduled ones included, for the admin. */
export async function listAllNews(db: Db, query: AdminListQuery) {
  const { limit, offset } = pageWindow(query);
  const where = matchingAny(query.q, [news.title, news.content]);
  const rows = await db.select().from(news).where(where).orderBy(desc(news.createdAt)).limit(limit).offset(offset);
  const [total] = await db.select({ value: count() }).from(news).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function updateNews(db: Db, id: string, values: Pick<NewsRow, 'title' | 'content' | 'createdAt'>): Promise<NewsRow | undefined> {
  const [row] = await db.update(news).set(values).where(eq(news.id, id)).returning();
  return row;
}

export async function deleteNews(db: Db, id: string): Promise<NewsRow | undefined> {
  const [row] = await db.delete(news).where(eq(news.id, id)).returning();
  return row;
}

export async function insertNews(db: Db, values: typeof news.$inferInsert): Promise<NewsRow> {
  const [row] = await db.insert(news).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
