import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsArticle } from '#common/news/news.contract.ts';
import { api } from '#web/lib/api.ts';

const newsKeys = {
  all: ['news'] as const,
  latest: (limit: number | undefined) => [...newsKeys.all, 'latest', { limit }] as const,
  article: (id: string) => [...newsKeys.all, 'article', id] as const,
};

const latestNewsQuery = (limit: number | undefined) =>
  queryOptions({
    queryKey: newsKeys.latest(limit),
    queryFn: () => api<NewsArticle[]>(limit === undefined ? '/api/news' : `/api/news?limit=${limit}`),
  });

const newsArticleQuery = (id: string) =>
  queryOptions({
    queryKey: newsKeys.article(id),
    queryFn: () => api<NewsArticle>(`/api/news/${encodeURIComponent(id)}`),
  });

/** The newest articles first; without a limit, as many as the API gives by default. */
export function useLatestNews(limit?: number) {
  return useQuery(latestNewsQuery(limit));
}

/** One article; `isEnabled` false skips the call (for an id that cannot exist). */
export function useNewsArticle(id: string, isEnabled: boolean) {
  return useQuery({ ...newsArticleQuery(id), enabled: isEnabled });
}
