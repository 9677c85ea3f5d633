import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchMinLength, type SearchResults } from '#common/search/search.contract.ts';
import { api } from '#web/lib/api.ts';

/** The back office's search for a term (two characters or more), the last answer kept on screen while the next one loads. */
export function useSearch(term: string) {
  return useQuery({
    queryKey: ['admin', 'search', term],
    queryFn: () => api<SearchResults>(`/api/admin/search?${new URLSearchParams({ q: term })}`),
    enabled: term.length >= searchMinLength,
    placeholderData: keepPreviousData,
  });
}
