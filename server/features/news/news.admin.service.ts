import type { AdminListQuery, Page } from '#common/admin/paging.contract.ts';
import type { AdminNewsArticle, ArticleTextsByLanguage, NewsArticleInput } from '#common/news/news.contract.ts';
import { AppError } from '#server/platform/app-error.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import { deleteNews, insertNews, listAllNews, updateNews, type NewsWithTexts } from './news.repository.ts';
import { sanitizeMarkdown } from './sanitize-markdown.ts';
import type { NewsDeps } from './news.service.ts';
import { publicContentChanged } from '#server/features/pages/public-content.service.ts';

/*
 * Every change to the news (the Noticias tab's create, edit and delete, and the demo articles of
 * `npm run seed:demo`) goes through this file: the one place to hook anything derived from the
 * articles, such as cached pages. A scheduled article appears at its publication time with no
 * write at all; whatever keeps pages must let them expire by then.
 */

function toAdminArticle(row: NewsWithTexts): AdminNewsArticle {
  return { id: row.id, texts: row.texts, createdAt: row.createdAt.toISOString() };
}

function sanitized(texts: ArticleTextsByLanguage): ArticleTextsByLanguage {
  const clean = (version: ArticleTextsByLanguage['en']) => version && { title: version.title, content: sanitizeMarkdown(version.content) };
  return { es: { title: texts.es.title, content: sanitizeMarkdown(texts.es.content) }, en: clean(texts.en), fr: clean(texts.fr) };
}

function values(input: NewsArticleInput) {
  return { texts: sanitized(input.texts), createdAt: new Date(input.publishedAt) };
}

export async function newsPage({ db }: NewsDeps, query: AdminListQuery): Promise<Page<AdminNewsArticle>> {
  const { rows, total } = await listAllNews(db, query);
  return adminPage(query, rows.map(toAdminArticle), total);
}

export function createArticle({ db }: NewsDeps, admin: Actor, input: NewsArticleInput): Promise<AdminNewsArticle> {
  return db.transaction(async (tx) => {
    const row = await insertNews(tx, values(input));
    await publicContentChanged({ db: tx });
    await recordAudit({ db: tx }, { actor: admin, action: 'NEWS_CREATE', targetTable: 'news', targetId: row.id, details: { title: row.texts.es.title } });
    return toAdminArticle(row);
  });
}

export function editArticle({ db }: NewsDeps, admin: Actor, id: string, input: NewsArticleInput): Promise<AdminNewsArticle> {
  return db.transaction(async (tx) => {
    const row = await updateNews(tx, id, values(input));
    if (!row) throw new AppError('notFound');
    await publicContentChanged({ db: tx });
    await recordAudit({ db: tx }, { actor: admin, action: 'NEWS_UPDATE', targetTable: 'news', targetId: id, details: { title: row.texts.es.title } });
    return toAdminArticle(row);
  });
}

export async function removeArticle({ db }: NewsDeps, admin: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteNews(tx, id);
    if (!row) throw new AppError('notFound');
    await publicContentChanged({ db: tx });
    await recordAudit({ db: tx }, { actor: admin, action: 'NEWS_DELETE', targetTable: 'news', targetId: id, details: { title: row.texts.es.title } });
  });
}

/** Articles an operator adds (`npm run seed:demo`): no one in the back office wrote them, so no audit entry. */
export async function addOperatorArticles({ db }: NewsDeps, articles: Array<{ texts: ArticleTextsByLanguage; publishedAt: Date }>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const article of articles) await insertNews(tx, { texts: sanitized(article.texts), createdAt: article.publishedAt });
    await publicContentChanged({ db: tx });
  });
}
