import type { NewsArticle } from '#common/news/news.contract.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { findPublishedNews, listLatestNews, type NewsRow } from './news.repository.ts';

export type NewsDeps = { db: Db };

export function toArticle(row: NewsRow): NewsArticle {
  return { id: row.id, title: row.title, content: row.content, createdAt: row.createdAt.toISOString() };
}

export async function latestNews({ db }: NewsDeps, limit: number): Promise<NewsArticle[]> {
  return (await listLatestNews(db, limit)).map(toArticle);
}

export async function newsArticle({ db }: NewsDeps, id: string): Promise<NewsArticle> {
  const row = await findPublishedNews(db, id);
  if (!row) throw new AppError('notFound');
  return toArticle(row);
}
