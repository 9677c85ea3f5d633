import type { NewsArticleInput } from '#common/news/news.contract.ts';
import { useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';

/** The back office's resource of articles. */
export const newsAdminResource = 'news';

/** Publishes a new article, or changes the one with `articleId`. */
export function useSaveNewsArticle(articleId: string | undefined, meta?: FeedbackMeta) {
  return useAdminMutation<NewsArticleInput>(newsAdminResource, (input) =>
    articleId ? { path: `/api/admin/news/${articleId}`, method: 'PUT', body: input } : { path: '/api/admin/news', method: 'POST', body: input },
    meta,
  );
}
