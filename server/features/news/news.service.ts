import { languages, type Language } from '#common/i18n/languages.ts';
import type { NewsArticle } from '#common/news/news.contract.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { findNextScheduledAt, findPublishedNews, listLatestNews, listPublishedNewsLanguages, type LocalizedNewsRow } from './news.repository.ts';

export type NewsDeps = { db: Db };

/** The article's languages in the site's order, Spanish first. */
const inSiteOrder = (written: Language[]): Language[] => languages.filter((language) => written.includes(language));

function toArticle(row: LocalizedNewsRow): NewsArticle {
  return {
    id: row.id,
    language: row.language,
    languages: inSiteOrder(row.languages),
    title: row.title,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function latestNews({ db }: NewsDeps, language: Language, limit: number): Promise<NewsArticle[]> {
  return (await listLatestNews(db, language, limit)).map(toArticle);
}

export async function newsArticle({ db }: NewsDeps, id: string, language: Language): Promise<NewsArticle> {
  const row = await findPublishedNews(db, id, language);
  if (!row) throw new AppError('notFound');
  return toArticle(row);
}

/** An article dated in the future appears then without any write: what shows the news changes at that moment. */
export function nextScheduledArticleAt({ db }: NewsDeps): Promise<Date | null> {
  return findNextScheduledAt(db);
}

/** A published article as the sitemap lists it: its languages, and the last time it changed for a reader. */
export type PublishedArticleEntry = { id: string; languages: Language[]; lastModified: Date };

export async function publishedArticleEntries({ db }: NewsDeps): Promise<PublishedArticleEntry[]> {
  return (await listPublishedNewsLanguages(db)).map((row) => ({
    id: row.id,
    languages: inSiteOrder(row.languages),
    // An article edited before its publication changed for readers when it appeared.
    lastModified: row.updatedAt > row.createdAt ? row.updatedAt : row.createdAt,
  }));
}
