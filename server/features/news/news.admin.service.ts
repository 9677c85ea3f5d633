import { adminPageSize, type AdminListQuery, type Page } from '#common/admin/paging.contract.ts';
import type { NewsArticle, NewsArticleInput } from '#common/news/news.contract.ts';
import { AppError } from '#server/errors.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import type { Actor } from '#server/plugins/actor.ts';
import { deleteNews, insertNews, listAllNews, updateNews } from './news.repository.ts';
import { sanitizeMarkdown } from './sanitize-markdown.ts';
import { toArticle, type NewsDeps } from './news.service.ts';

function values(input: NewsArticleInput) {
  return { title: input.title, content: sanitizeMarkdown(input.content), createdAt: new Date(input.publishedAt) };
}

export async function newsPage({ db }: NewsDeps, query: AdminListQuery): Promise<Page<NewsArticle>> {
  const { rows, total } = await listAllNews(db, query);
  return { items: rows.map(toArticle), total, page: query.page, pageSize: adminPageSize };
}

export function createArticle({ db }: NewsDeps, admin: Actor, input: NewsArticleInput): Promise<NewsArticle> {
  return db.transaction(async (tx) => {
    const row = await insertNews(tx, values(input));
    await recordAudit({ db: tx }, { actor: admin, action: 'NEWS_CREATE', targetTable: 'news', targetId: row.id, details: { title: row.title } });
    return toArticle(row);
  });
}

export function editArticle({ db }: NewsDeps, admin: Actor, id: string, input: NewsArticleInput): Promise<NewsArticle> {
  return db.transaction(async (tx) => {
    const row = await updateNews(tx, id, values(input));
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'NEWS_UPDATE', targetTable: 'news', targetId: id, details: { title: row.title } });
    return toArticle(row);
  });
}

export async function removeArticle({ db }: NewsDeps, admin: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteNews(tx, id);
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'NEWS_DELETE', targetTable: 'news', targetId: id, details: { title: row.title } });
  });
}
