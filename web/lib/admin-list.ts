import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#common/admin/paging.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FailureMeta } from '#web/lib/failures.ts';

/** The back office's cache keys: a resource under /api/admin/, and one page of its table. */
export const adminKeys = {
  all: ['admin'] as const,
  resource: (resource: string) => [...adminKeys.all, resource] as const,
  page: (resource: string, page: number, q: string) => [...adminKeys.resource(resource), page, q] as const,
};

/** One page of an admin table, kept on screen while the next one loads; `meta` titles its load-error toast. */
export function useAdminPage<T>(resource: string, page: number, q: string, meta?: FailureMeta) {
  const search = new URLSearchParams({ page: String(page), ...(q ? { q } : {}) });
  return useQuery({
    queryKey: adminKeys.page(resource, page, q),
    meta,
    queryFn: () => api<Page<T>>(`/api/admin/${resource}?${search}`),
    placeholderData: keepPreviousData,
  });
}

/** A write to an admin resource (JSON, or a FormData upload); every table of that resource reloads after it. */
export function useAdminMutation<TInput, TResult = unknown>(
  resource: string,
  request: (input: TInput) => { path: string; method: string; body?: unknown },
  meta?: FailureMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: TInput) => {
      const { path, method, body } = request(input);
      return api<TResult>(path, { method, ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }) });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.resource(resource) }),
  });
}

/** Deletes one record of a resource by id. */
export function useAdminDelete(resource: string, meta?: FailureMeta) {
  return useAdminMutation<string>(resource, (id) => ({ path: `/api/admin/${resource}/${id}`, method: 'DELETE' }), meta);
}
