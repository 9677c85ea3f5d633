import { and, count, desc, eq, exists, gt, inArray, lte, min, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { ArticleTextsByLanguage } from '#common/news/news.contract.ts';
import type { Db } from '#server/db/client.ts';
import { matchingAny, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { news, newsTranslations } from '#server/db/schema/news.ts';

type NewsRow = typeof news.$inferSelect;
type TranslationRow = typeof newsTranslations.$inferSelect;

/** An article in the language asked for, or in Spanish when it lacks that one. */
export type LocalizedNewsRow = { id: string; createdAt: Date; language: Language; languages: Language[]; title: string; content: string };

const isPublished = lte(news.createdAt, sql`now()`);

const spanish = alias(newsTranslations, 'spanish');
const chosen = alias(newsTranslations, 'chosen');

function selectLocalized(db: Db, language: Language) {
  return db
    .select({
      id: news.id,
      createdAt: news.createdAt,
      language: sql<Language>`coalesce(${chosen.language}, ${spanish.language})`,
      languages: sql<Language[]>`(select array_agg(${newsTranslations.language}) from ${newsTranslations} where ${newsTranslations.newsId} = ${news.id})`,
      title: sql<string>`coalesce(${chosen.title}, ${spanish.title})`,
      content: sql<string>`coalesce(${chosen.content}, ${spanish.content})`,
    })
    .from(news)
    .innerJoin(spanish, and(eq(spanish.newsId, news.id), eq(spanish.language, 'es')))
    .leftJoin(chosen, and(eq(chosen.newsId, news.id), eq(chosen.language, language)));
}

/** Published articles only: one dated in the future waits until then. */
export function listLatestNews(db: Db, language: Language, limit: number): Promise<LocalizedNewsRow[]> {
  return selectLocalized(db, language).where(isPublished).orderBy(desc(news.createdAt)).limit(limit);
}

/** When the next article dated in the future comes out, if one is. */
export async function findNextScheduledAt(db: Db): Promise<Date | null> {
  const [row] = await db.select({ at: min(news.createdAt) }).from(news).where(gt(news.createdAt, sql`now()`));
  return row?.at ?? null;
}

export async function findPublishedNews(db: Db, id: string, language: Language): Promise<LocalizedNewsRow | undefined> {
  const [row] = await selectLocalized(db, language)
    .where(and(eq(news.id, id), isPublished))
    .limit(1);
  return row;
}

/** Every published article's languages and times, for the sitemap. */
export function listPublishedNewsLanguages(db: Db) {
  return db
    .select({
      id: news.id,
      createdAt: news.createdAt,
      updatedAt: news.updatedAt,
      languages: sql<Language[]>`array_agg(${newsTranslations.language})`,
    })
    .from(news)
    .innerJoin(newsTranslations, eq(newsTranslations.newsId, news.id))
    .where(isPublished)
    .groupBy(news.id)
    .orderBy(desc(news.createdAt));
}

/** An article with every version it has. */
export type NewsWithTexts = NewsRow & { texts: ArticleTextsByLanguage };

function withTexts(rows: NewsRow[], translations: TranslationRow[]): NewsWithTexts[] {
  return rows.map((row) => {
    const texts: Partial<ArticleTextsByLanguage> = {};
    for (const translation of translations) {
      if (translation.newsId === row.id) texts[translation.language] = { title: translation.title, content: translation.content };
    }
    return { ...row, texts: texts as ArticleTextsByLanguage };
  });
}

async function translationsOf(db: Db, ids: string[]): Promise<TranslationRow[]> {
  return ids.length === 0 ? [] : db.select().from(newsTranslations).where(inArray(newsTranslations.newsId, ids));
}

/** Every article, scheduled ones included, for the admin; the search looks in every language. */
export async function listAllNews(db: Db, query: AdminListQuery) {
  const { limit, offset } = pageWindow(query);
  const matching = matchingAny(query.q, [newsTranslations.title, newsTranslations.content]);
  const where = matching
    ? exists(
        db
          .select({ found: sql`1` })
          .from(newsTranslations)
          .where(and(eq(newsTranslations.newsId, news.id), matching)),
      )
    : undefined;
  const rows = await db.select().from(news).where(where).orderBy(desc(news.createdAt)).limit(limit).offset(offset);
  const [total] = await db.select({ value: count() }).from(news).where(where);
  const translations = await translationsOf(
    db,
    rows.map((row) => row.id),
  );
  return { rows: withTexts(rows, translations), total: total?.value ?? 0 };
}

function translationRows(newsId: string, texts: ArticleTextsByLanguage) {
  return Object.entries(texts).flatMap(([language, version]) =>
    version ? [{ newsId, language: language as Language, title: version.title, content: version.content }] : [],
  );
}

type NewsValues = { createdAt: Date; texts: ArticleTextsByLanguage };

export async function insertNews(db: Db, values: NewsValues): Promise<NewsWithTexts> {
  const row = insertedRow(await db.insert(news).values({ createdAt: values.createdAt }).returning());
  await db.insert(newsTranslations).values(translationRows(row.id, values.texts));
  return { ...row, texts: values.texts };
}

/** Replaces an article's publication time and versions: a language left out is removed. */
export async function updateNews(db: Db, id: string, values: NewsValues): Promise<NewsWithTexts | undefined> {
  const [row] = await db.update(news).set({ createdAt: values.createdAt, updatedAt: sql`now()` }).where(eq(news.id, id)).returning();
  if (!row) return undefined;
  await db.delete(newsTranslations).where(eq(newsTranslations.newsId, id));
  await db.insert(newsTranslations).values(translationRows(id, values.texts));
  return { ...row, texts: values.texts };
}

export async function deleteNews(db: Db, id: string): Promise<NewsWithTexts | undefined> {
  const translations = await translationsOf(db, [id]);
  const [row] = await db.delete(news).where(eq(news.id, id)).returning();
  return row ? withTexts([row], translations)[0] : undefined;
}
