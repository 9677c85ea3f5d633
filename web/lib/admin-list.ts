import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#common/admin/paging.contract.ts';
import { api } from '#web/lib/api.ts';

/** One page of an admin table, kept on screen while the next one loads. */
export function useAdminPage<T>(resource: string, page: number, q: string) {
  const search = new URLSearchParams({ page: String(page), ...(q ? { q } : {}) });
  return useQuery({
    queryKey: ['admin', resource, page, q],
    queryFn: () => api<Page<T>>(`/api/admin/${resource}?${search}`),
    placeholderData: keepPreviousData,
  });
}

/** A write to an admin resource; every table of that resource reloads after it. */
export function useAdminMutation<TInput>(resource: string, request: (input: TInput) => { path: string; method: string; body?: unknown }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => {
      const { path, method, body } = request(input);
      return api(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', resource] }),
  });
}
