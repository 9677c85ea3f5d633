import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '#common/i18n/languages.ts';
import type { NewsArticle } from '#common/news/news.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { useLanguage } from '#web/lib/use-language.ts';

/**
 * The public news' cache keys, per site language: a page rendered on the server fills the same
 * keys (`latestNewsQuery`, `newsArticleQuery`) so the browser starts with its answers.
 */
const newsKeys = {
  all: ['news'] as const,
  inLanguage: (language: Language) => [...newsKeys.all, language] as const,
  latest: (language: Language, limit: number | undefined) => [...newsKeys.inLanguage(language), 'latest', { limit }] as const,
  article: (language: Language, id: string) => [...newsKeys.inLanguage(language), 'article', id] as const,
};

/** The newest articles in a site's language; without a limit, as many as the API gives by default. */
export const latestNewsQuery = (language: Language, limit: number | undefined) =>
  queryOptions({
    queryKey: newsKeys.latest(language, limit),
    queryFn: () => api<NewsArticle[]>(`/api/news?${new URLSearchParams({ lang: language, ...(limit === undefined ? {} : { limit: String(limit) }) })}`),
  });

/** One article in a site's language, or in Spanish when the firm did not write it in that one. */
export const newsArticleQuery = (language: Language, id: string) =>
  queryOptions({
    queryKey: newsKeys.article(language, id),
    queryFn: () => api<NewsArticle>(`/api/news/${encodeURIComponent(id)}?lang=${language}`),
  });

/** The newest articles first, in the site's language. */
export function useLatestNews(limit?: number, meta?: FeedbackMeta) {
  return useQuery({ ...latestNewsQuery(useLanguage(), limit), meta });
}

/** One article in the site's language; `isEnabled` false skips the call (for an id that cannot exist). */
export function useNewsArticle(id: string) {
  return useQuery(newsArticleQuery(useLanguage(), id));
}
